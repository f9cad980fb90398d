import UnicodeText

extension Paragraph {
    /// The same text with every hard line break (newline, paragraph separator, …) replaced by
    /// a space, so that lines may break anywhere a space allows; nil when the text has no
    /// hard break before its end. Offsets stay the same: each separator is one UTF-16 unit
    /// and becomes one space, except one followed by another (the CR of a CR LF, the first
    /// newline of a blank line), which becomes a word joiner (drawn as nothing, no break
    /// beside it), so that a run of them is one space as one newline is.
    ///
    /// Used when a title has more hard breaks than its box has lines: the author's breaks
    /// are kept when they fit, and given up only when that lets the text be set larger.
    func softeningHardBreaks() throws -> Paragraph? {
        let units = text.utf16
        func isHardBreak(_ unit: UInt16) -> Bool { unit < 0xD800 && Paragraph.isHardBreak(Unicode.Scalar(unit)!) }
        guard units.dropLast().contains(where: isHardBreak) else { return nil }
        let wordJoiner: UInt16 = 0x2060
        let spaced = units.indices.map { i -> UInt16 in
            let unit = units[i]
            guard isHardBreak(unit) else { return unit }
            return i + 1 < units.count && isHardBreak(units[i + 1]) ? wordJoiner : 0x20
        }
        let pieces = text.runs.map { run in (String(utf16Units: spaced[run.range]), run.attributes) }
        let direction: BidiParagraph.BaseDirection = baseDirection == .rightToLeft ? .rightToLeft : .leftToRight
        return try Paragraph(AttributedText(pieces), library: library, language: language, baseDirection: direction, hyphenates: hyphenates)
    }

    /// Hard-broken stretches: the fewest lines the text can be set in as written.
    var hardLineCount: Int {
        breaks.filter(\.isMandatory).count
    }
}
