import UnicodeText

/// What an event's `emoji` field accepts: exactly one emoji as a user sees it (one grapheme
/// cluster), in any of Unicode's emoji forms, and at most `Event.emojiScalarLimit` code points.
///
/// The forms (UTS #51): a keycap (`1️⃣`: a digit, `#` or `*`, optionally U+FE0F, then U+20E3);
/// a flag (two regional indicators); a tag sequence (🏴 followed by tag characters and
/// CANCEL TAG, the flags of England, Scotland and Wales); an emoji with emoji presentation by
/// default, or any emoji character followed by U+FE0F, a skin-tone modifier or a ZWJ
/// sequence; and an emoji above U+00FF with text presentation by default (☺, ✈), which draws
/// as the font chooses. A bare digit, `#`, `©` or `®` is text, not an emoji, and is refused;
/// so are a skin-tone modifier alone (a colour swatch) and one regional indicator (a letter
/// in a box, half a flag).
enum EmojiField {
    /// Nil when `value` is one emoji; otherwise the reason it is not.
    static func problem(_ value: String) -> String? {
        let scalars = Array(value.unicodeScalars)
        guard scalars.count <= Event.emojiScalarLimit else {
            return "is \(scalars.count) code points long, over the limit of \(Event.emojiScalarLimit) for one emoji"
        }
        guard value.count == 1, let first = scalars.first, scalars.allSatisfy(isEmojiPart), isEmoji(scalars, first: first) else {
            return "must be one emoji, got \(QuotedValue.quoted(value))"
        }
        return nil
    }

    private static func isEmoji(_ scalars: [Unicode.Scalar], first: Unicode.Scalar) -> Bool {
        if isKeycapBase(first) {
            return scalars.last == "\u{20E3}" && (scalars.count == 2 || (scalars.count == 3 && scalars[1] == "\u{FE0F}"))
        }
        guard first.properties.isEmoji, !first.properties.isEmojiModifier else { return false }
        if first.isRegionalIndicator { return scalars.count == 2 && scalars[1].isRegionalIndicator }
        if first.properties.isEmojiPresentation || first.value > 0xFF { return true }
        return scalars.dropFirst().contains { $0 == "\u{FE0F}" || $0 == "\u{200D}" || $0.properties.isEmojiModifier }
    }

    private static func isKeycapBase(_ s: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(s) || s == "#" || s == "*"
    }

    /// A code point that may appear inside an emoji sequence.
    private static func isEmojiPart(_ s: Unicode.Scalar) -> Bool {
        s.properties.isEmoji || s.properties.isEmojiModifier || s == "\u{200D}" || s == "\u{FE0F}" || s == "\u{FE0E}"
            || s == "\u{20E3}" || (0xE0020...0xE007F).contains(s.value)
    }
}
