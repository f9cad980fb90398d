/// Japanese line-breaking rules (kinsoku) chosen by the text, not only by the locale.
///
/// ICU tailors `ja` to its *normal* rules, which let a line start with small kana (ッ, ょ),
/// the prolonged sound mark ー and similar characters; the root rules forbid that. Japanese
/// typesetting expects the strict set (CSS `line-break: strict`), so when a text contains kana
/// — which only Japanese uses — breaks come from `@lb=strict` whatever the locale says.
extension LocaleIdentifier {
    /// This locale with ICU's strict line-breaking keyword.
    public var withStrictLineBreaking: LocaleIdentifier {
        // At most 156 bytes stay valid: the keyword is only added when it fits.
        let keyword = rawValue.utf8.contains(UInt8(ascii: "@")) ? ";lb=strict" : "@lb=strict"
        return (try? LocaleIdentifier(rawValue + keyword)) ?? self
    }

    /// The locale to break `units` with: strict when the text contains kana.
    public func forLineBreaking(_ units: [UInt16]) -> LocaleIdentifier {
        units.contains(where: StrictLineBreaking.isKana) ? withStrictLineBreaking : self
    }
}

enum StrictLineBreaking {
    /// Hiragana, Katakana, Katakana Phonetic Extensions and halfwidth Katakana (all in the BMP).
    static func isKana(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x3041...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return true
        default: return false
        }
    }
}
