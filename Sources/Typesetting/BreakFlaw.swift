import UnicodeText

/// Why a break opportunity is a poor place to end a line, though the rules allow it. Fitting
/// avoids such breaks when the text can be set nearly as large without them, and balancing
/// charges them a penalty otherwise.
public enum BreakFlaw: String, Sendable, CaseIterable {
    /// Between two characters of one Chinese or Japanese word (ICU's dictionary), like
    /// CSS `word-break: auto-phrase`: 出|発.
    case insideWord
    /// Between two emoji with nothing between them: 🎉|🥳.
    case splitsEmojiSequence
    /// The next line would start with a dash set between spaces: "Lisbon | – Porto".
    case dashStartsLine
    /// The next line would start with closing punctuation or a closing quotation mark.
    case closingPunctuationStartsLine
    /// Inside a word, at a grapheme boundary that is no break opportunity: taken only when
    /// keeping words whole would more than halve the size (`wordSplitScaleRatio`).
    case splitsWord
    /// Inside a word at a hyphenation point of the language's dictionary or at a soft hyphen
    /// (U+00AD), the line ending in a hyphen: taken only when whole words would keep less than
    /// `goodBreakScaleRatio` of the size.
    case hyphenated

    /// The flaw of the break at `offset` (0 < offset < text length) in `units`, if any.
    static func of(breakAt offset: Int, in units: [UInt16], words: WordBoundaries?) -> BreakFlaw? {
        guard offset > 0, offset < units.count, let after = UTF16Text.scalar(startingAt: offset, in: units),
              let before = UTF16Text.scalar(endingAt: offset, in: units) else { return nil }
        if before.value == 0xAD { return .hyphenated }
        if let words, isIdeographic(before), isIdeographic(after), !words.contains(offset) { return .insideWord }
        if isEmoji(before) || before.value == 0xFE0F || before.value == 0x20E3 || before.value == 0xE007F || (0x1F3FB...0x1F3FF).contains(before.value),
           isEmoji(after) { return .splitsEmojiSequence }
        if isDash(after), before.properties.isWhitespace,
           offset + 1 == units.count || Unicode.Scalar(units[offset + 1]).map(\.properties.isWhitespace) == true { return .dashStartsLine }
        switch after.properties.generalCategory {
        case .closePunctuation, .finalPunctuation: return .closingPunctuationStartsLine
        default: return nil
        }
    }

    /// True when `units` holds a character whose breaks may be flawed inside words.
    static func hasIdeographs(_ units: [UInt16]) -> Bool {
        units.contains { (0x3040...0x30FF).contains($0) || (0x3400...0x9FFF).contains($0) || (0xF900...0xFAFF).contains($0) }
    }

    private static func isIdeographic(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x3041...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: return true
        default: return false
        }
    }

    private static func isEmoji(_ s: Unicode.Scalar) -> Bool {
        s.properties.isEmojiPresentation || s.isRegionalIndicator
            || (s.properties.isEmoji && s.value > 0xFF && !(0x2000...0x206F).contains(s.value))
    }

    private static func isDash(_ s: Unicode.Scalar) -> Bool {
        [0x2D, 0x2012, 0x2013, 0x2014, 0x2015, 0x2E3A, 0x2E3B].contains(s.value)
    }
}
