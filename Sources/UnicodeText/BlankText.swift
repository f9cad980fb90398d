/// Whether a text has nothing a reader would see: a title made only of such characters
/// draws an empty card.
///
/// A code point draws nothing when Unicode says so by one of its properties: White_Space
/// (spaces, line breaks), Default_Ignorable_Code_Point (zero-width characters, word joiner,
/// variation selectors, the combining grapheme joiner U+034F, Hangul fillers), or
/// General_Category Cc, Cf, Zs, Zl or Zp (controls, format characters such as the byte-order
/// mark U+FEFF and the bidi marks U+200E/U+200F). The Braille block adds one more: its
/// code points encode their raised dots as the bits of their offset from U+2800, so U+2800
/// (no dots) is a blank cell. A character (grapheme cluster) that is white space as a whole,
/// such as a space carrying a combining mark, counts as blank too, as `TextCleaning` trims it.
public enum BlankText {
    /// True when every character of `text` is blank by the rule above (and for empty text).
    public static func isBlank(_ text: some StringProtocol) -> Bool {
        text.allSatisfy { $0.isWhitespace || $0.unicodeScalars.allSatisfy(drawsNothing) }
    }

    /// One code point that draws nothing, by the properties above.
    public static func drawsNothing(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isWhitespace || properties.isDefaultIgnorableCodePoint { return true }
        switch properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
        default: return scalar.value == brailleBlankCell
        }
    }

    /// BRAILLE PATTERN BLANK: the Braille Patterns block (U+2800…U+28FF) with no dot bit set.
    static let brailleBlankCell: UInt32 = 0x2800
}
