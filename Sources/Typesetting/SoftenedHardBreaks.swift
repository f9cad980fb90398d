import UnicodeText

extension Paragraph {
    /// The same text with every hard line break (newline, paragraph separator, …) replaced by
    /// a space, so that lines may break anywhere a space allows; nil when the text has no
    /// hard break before its end. Offsets stay the same: each separator is one UTF-16 unit
    /// and becomes one space (CR LF becomes two, which the line edges trim).
    ///
    /// Used when a title has more hard breaks than its box has lines: the author's breaks
    /// are kept when they fit, and given up only when that lets the text be set larger.
    func softeningHardBreaks() throws -> Paragraph? {
        let units = text.utf16
        guard units.dropLast().contains(where: { $0 < 0xD800 && Paragraph.isHardBreak(Unicode.Scalar($0)!) }) else { return nil }
        let spaced = units.map { $0 < 0xD800 && Paragraph.isHardBreak(Unicode.Scalar($0)!) ? 0x20 : $0 }
        let pieces = text.runs.map { run in (String(utf16Units: spaced[run.range]), run.attributes) }
        let direction: BidiParagraph.BaseDirection = baseDirection == .rightToLeft ? .rightToLeft : .leftToRight
        return try Paragraph(AttributedText(pieces), library: library, language: language, baseDirection: direction, hyphenates: hyphenates)
    }

    /// Hard-broken stretches: the fewest lines the text can be set in as written.
    var hardLineCount: Int {
        breaks.filter(\.isMandatory).count
    }
}
