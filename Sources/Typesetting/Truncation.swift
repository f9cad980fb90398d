import UnicodeText

extension AttributedText {
    /// The pieces of `range` with their attributes, for building new text from parts of this one.
    func pieces(_ range: Range<Int>) -> [(String, TextAttributes)] {
        runs.compactMap { run in
            let r = run.range.clamped(to: range)
            guard !r.isEmpty else { return nil }
            return (String(decoding: utf16[r], as: UTF16.self), run.attributes)
        }
    }
}

extension TextLayout {
    static let ellipsis = "\u{2026}"

    /// The last visible line, cut with an ellipsis to fit `width` (nominal sizes), as its own
    /// paragraph, and the source range it stands for.
    ///
    /// Tail keeps the start of the line; head keeps the end of the text; middle keeps both.
    /// Cuts fall on grapheme boundaries, and spaces next to the ellipsis are dropped.
    static func truncate(_ paragraph: Paragraph, from start: Int, width: Double,
                         mode: TextLayoutOptions.Truncation) -> (range: Range<Int>, paragraph: Paragraph) {
        let text = paragraph.text
        let end = text.utf16.count
        // The tail only reaches to the next hard break: later lines are hidden anyway.
        var tailEnd = end
        for b in paragraph.breaks where b.isMandatory && b.offset > start && b.offset < end {
            tailEnd = b.offset
            break
        }
        let ellipsisWidth = paragraph.ellipsisWidth(at: max(start, min(tailEnd, end) - 1))
        var available = max(0, width - ellipsisWidth)
        let boundaries = paragraph.graphemes.boundaries

        func longestPrefix(limit: Double) -> Int {
            var cut = start
            for b in boundaries where b > start && b <= tailEnd {
                if paragraph.width(start..<b) <= limit * (1 + LineBreaker.epsilon) { cut = b } else { break }
            }
            return cut
        }
        func longestSuffix(limit: Double, notBefore floor: Int) -> Int {
            var cut = end
            for b in boundaries.reversed() where b < end && b >= floor {
                if paragraph.width(b..<end) <= limit * (1 + LineBreaker.epsilon) { cut = b } else { break }
            }
            return cut
        }
        func trimmedStart(_ i: Int) -> Int {
            var i = i
            while i < end, Paragraph.isTrailingSpace(text.utf16[i]) { i += 1 }
            return i
        }

        // The estimate uses the paragraph's widths; the cut line is then shaped on its own
        // (the ellipsis may come from another face), and cut further until it really fits.
        while true {
            var pieces: [(String, TextAttributes)] = []
            let covered: Range<Int>
            switch mode {
            case .tail:
                let cut = paragraph.trimmed(start..<longestPrefix(limit: available)).upperBound
                pieces = text.pieces(start..<cut) + [(ellipsis, text.attributes(at: max(start, cut - 1)))]
                covered = start..<cut
            case .head:
                let cut = trimmedStart(longestSuffix(limit: available, notBefore: start))
                pieces = [(ellipsis, text.attributes(at: min(cut, end - 1)))] + text.pieces(cut..<end)
                covered = cut..<end
            case .middle:
                let head = paragraph.trimmed(start..<longestPrefix(limit: available / 2)).upperBound
                let used = paragraph.width(start..<head)
                let tail = trimmedStart(longestSuffix(limit: available - used, notBefore: max(head, start)))
                pieces = text.pieces(start..<head) + [(ellipsis, text.attributes(at: max(start, head - 1)))] + text.pieces(tail..<end)
                covered = start..<end
            }
            // Hard breaks inside the kept text become spaces: it is one line now.
            let flattened = pieces.map { piece -> (String, TextAttributes) in
                (String(piece.0.unicodeScalars.map { Paragraph.isHardBreak($0) ? " " : Character($0) }), piece.1)
            }
            let attributed = (try? AttributedText(flattened)) ?? AttributedText(ellipsis, attributes: text.attributes(at: 0))
            let direction: BidiParagraph.BaseDirection = paragraph.baseDirection == .rightToLeft ? .rightToLeft : .leftToRight
            let line = (try? Paragraph(attributed, library: paragraph.library, language: paragraph.language, baseDirection: direction))
                ?? paragraph
            let measured = line.width(0..<line.text.utf16.count)
            if measured <= width * (1 + LineBreaker.epsilon) || available <= 0 { return (covered, line) }
            available = max(0, available - max(measured - width, width * 1e-6))
        }
    }
}

extension Paragraph {
    /// The advance of "…" in the face and size used at `offset`, in points (nominal).
    func ellipsisWidth(at offset: Int) -> Double {
        let attributes = text.attributes(at: offset)
        let face = items.first { $0.range.contains(offset) }?.face
            ?? library.face(family: attributes.family, weight: attributes.weight, style: attributes.style)
        guard let face else { return 0 }
        let k = attributes.sizeInPoints / Double(face.unitsPerEm)
        if let glyph = face.glyphID(for: "\u{2026}") { return Double(face.advance(of: glyph)) * k }
        guard let dot = face.glyphID(for: ".") else { return 0 }
        return Double(face.advance(of: dot)) * 3 * k
    }
}
