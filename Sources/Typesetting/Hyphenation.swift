import UnicodeText

extension Paragraph {
    /// The hyphen a line ending at `offset` gets: U+2010 HYPHEN when the face drawing the
    /// character before it has that glyph, else U+002D; and its advance at the nominal size,
    /// tracking included, in points. Nil when no face is found.
    func hyphen(at offset: Int) -> (character: String, widthInPoints: Double)? {
        let before = max(0, offset - 1)
        let attributes = text.attributes(at: before)
        let face = items.first { $0.range.contains(before) }?.face
            ?? library.face(family: attributes.family, weight: attributes.weight, style: attributes.style)
        guard let face else { return nil }
        let k = attributes.sizeInPoints / Double(face.unitsPerEm)
        let tracking = attributes.trackingInThousandthsOfEm / 1000 * attributes.sizeInPoints
        for (character, scalar) in [("\u{2010}", Unicode.Scalar(0x2010)!), ("-", Unicode.Scalar(0x2D)!)] {
            if let glyph = face.glyphID(for: scalar) {
                return (character, Double(face.advance(of: glyph)) * k + tracking)
            }
        }
        return nil
    }

    /// Hyphenation points of the dictionary for the paragraph's language that `HyphenationRule`
    /// allows, are grapheme boundaries and are not already break opportunities, each with the
    /// width of the hyphen a line ending there adds (nominal points). Empty without
    /// `hyphenates` or a dictionary.
    func hyphenationWidths() -> [Int: Double] {
        guard hyphenates, let dictionary = HyphenationDictionary.forLanguage(language) else { return [:] }
        let boundaries = Set(graphemes.boundaries)
        let opportunities = Set(breaks.map(\.offset))
        var widths: [Int: Double] = [:]
        let units = Array(text.utf16)
        for point in HyphenationRule.allowed(dictionary.points(in: units), in: units) where boundaries.contains(point) && !opportunities.contains(point) {
            if let hyphen = hyphen(at: point) { widths[point] = hyphen.widthInPoints }
        }
        return widths
    }

    /// The line `range` (ending inside a word) with a hyphen appended, as a paragraph of its own.
    func hyphenatedLine(_ range: Range<Int>) -> Paragraph? {
        guard !range.isEmpty, let hyphen = hyphen(at: range.upperBound),
              let attributed = try? AttributedText(text.pieces(range) + [(hyphen.character, text.attributes(at: range.upperBound - 1))])
        else { return nil }
        let direction: BidiParagraph.BaseDirection = baseDirection == .rightToLeft ? .rightToLeft : .leftToRight
        return try? Paragraph(attributed, library: library, language: language, baseDirection: direction)
    }
}

extension TextLayout {
    /// Fitted with the dictionary's hyphenation points inside words as further (flawed)
    /// breaks; nil unless that layout fits, ends a line at a hyphenation point, and `plain`
    /// keeps less than `goodBreakScaleRatio` of its size (or does not fit): a hyphen is a
    /// flawed break like the others, worth taking for a long compound that would shrink the
    /// title, not for a few per cent ("lit-tle" for 3 % on a story card).
    init?(hyphenating paragraph: Paragraph, options: TextLayoutOptions, comparedWith plain: TextLayout) {
        guard options.adjustsFontSize, !plain.fitted || plain.scale < 1 else { return nil }
        let widths = paragraph.hyphenationWidths()
        guard !widths.isEmpty else { return nil }
        var layout = TextLayout(fitting: paragraph, options: options, avoidingFlawedBreaks: false, hyphenation: widths)
        guard layout.fitted, !layout.hyphenatedLineEnds.isEmpty,
              !plain.fitted || plain.scale < layout.scale * TextLayout.goodBreakScaleRatio else { return nil }
        layout.breakFlaws = layout.usedBreakFlaws(paragraph)
        layout.flawedBreaksAvoided = plain.flawedBreaksAvoided
        self = layout
    }
}
