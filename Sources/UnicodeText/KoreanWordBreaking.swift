/// Korean words kept whole on a line.
///
/// UAX #14 gives Hangul syllables the ideographic classes (H2, H3, like ID), so ICU lets a line
/// end between any two of them: 캠|핑, 2026|년, BTS|콘서트. Korean separates words with spaces, and
/// a word cut across two lines reads as a mistake; UIKit's labels do not break between Hangul
/// (`NSParagraphStyle.LineBreakStrategy.standard` includes `.hangulWordPriority`), and the web
/// asks for the same with CSS `word-break: keep-all`. So in a text with Hangul, a break with a
/// letter or a digit on each side, one of them Hangul or both Han (Hanja: 韓國|語), is dropped;
/// one after a space or punctuation stays. A Korean word wider than the line is then cut like
/// any other word too wide for it (between graphemes).
extension LineBreaks {
    /// These breaks without those inside Korean words of `units` (the text they were found in).
    public func keepingKoreanWordsWhole(in units: [UInt16]) -> LineBreaks {
        precondition(units.count == utf16Count, "the breaks of another text")
        guard units.contains(where: KoreanWordBreaking.isHangul) else { return self }
        let kept = breaks.filter { $0.isMandatory || !KoreanWordBreaking.isInsideWord(offset: $0.offset, in: units) }
        return LineBreaks(utf16Count: utf16Count, breaks: kept)
    }
}

enum KoreanWordBreaking {
    /// Hangul letters: jamo (and their extensions A and B), compatibility and halfwidth jamo,
    /// the syllables, and the tone marks (all in the BMP).
    static func isHangul(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x1100...0x11FF, 0x302E...0x302F, 0x3131...0x318E, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xD7B0...0xD7FF,
             0xFFA0...0xFFDC: return true
        default: return false
        }
    }

    /// Han ideographs (the unified blocks, extension A, the compatibility block, and the
    /// supplementary planes' extensions).
    static func isHan(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: return true
        default: return false
        }
    }

    /// True when the characters on both sides of `offset` are letters or digits, one of them
    /// Hangul or both Han.
    static func isInsideWord(offset: Int, in units: [UInt16]) -> Bool {
        guard offset > 0, offset < units.count, let before = UTF16Text.scalar(endingAt: offset, in: units),
              let after = UTF16Text.scalar(startingAt: offset, in: units) else { return false }
        guard isHangul(units[offset - 1]) || isHangul(units[offset]) || (isHan(before) && isHan(after)) else { return false }
        return isLetterOrDigit(before) && isLetterOrDigit(after)
    }

    private static func isLetterOrDigit(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark:
            return true
        default:
            return false
        }
    }
}
