/// Which language's glyph forms Han characters take, decided from the text before the locale.
///
/// Han ideographs are shared by Chinese, Japanese and Korean, but their preferred forms differ
/// (Noto Sans CJK has a face per region). Kana occur only in Japanese and hangul only in
/// Korean, so a title with either is unambiguous whatever the locale says; without them the
/// locale decides (and with neither, Simplified Chinese forms are the default). The katakana
/// middle dot (U+30FB) is no evidence: Chinese text separates names with it too.
enum HanVariant {
    /// The scripts whose items are shaped in the Han language rather than the locale's.
    /// (An array: five tags are found by a scan, and a `Set` of a new element type costs a
    /// process's first paragraph a run-time conformance lookup.)
    static let scripts: [ScriptTag] = [.han, .hiragana, .katakana, .hangul, ScriptTag("Bopo")!]

    /// `ja` when `utf16` has kana, `ko` when it has hangul (whichever comes first), else `locale`.
    static func language(of utf16: [UInt16], locale: LanguageTag) -> LanguageTag {
        for unit in utf16 {
            switch unit {
            case 0x30FB:
                continue
            case 0x3041...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F:
                return locale.primaryLanguage == "ja" ? locale : LanguageTag("ja")!
            case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF, 0xFFA0...0xFFDC:
                return locale.primaryLanguage == "ko" ? locale : LanguageTag("ko")!
            default:
                continue
            }
        }
        return locale
    }
}
