import UnicodeText

extension AttributedText {
    /// The pieces of `range` with their attributes, for building new text from parts of this one.
    func pieces(_ range: Range<Int>) -> [(String, TextAttributes)] {
        runs.compactMap { run in
            let r = run.range.clamped(to: range)
            guard !r.isEmpty else { return nil }
            return (String(utf16Units: utf16[r]), run.attributes)
        }
    }
}

extension TextLayout {
    static let ellipsis = "\u{2026}"

    /// A truncated last line: the source range it stands for, the line as its own paragraph,
    /// and how many paragraphs were built to find it.
    struct TruncatedLine {
        let range: Range<Int>
        let paragraph: Paragraph
        let paragraphBuilds: Int
    }

    /// The last visible line, cut with an ellipsis to fit `width` (nominal sizes).
    ///
    /// Tail keeps the start of the line; head keeps the end of the text; middle keeps both.
    /// Cuts fall on grapheme boundaries, and spaces next to the ellipsis are dropped.
    ///
    /// The candidates form a chain, each keeping at least what the previous one keeps. The
    /// paragraph's own widths (ellipsis and tracking included) pick the largest candidate
    /// that should fit; it is built as a line of its own (the ellipsis may come from another
    /// face, kerning changes at the cut) and measured. If it overflows, the largest candidate
    /// that fits is found by bisection, so a cut costs at most 2 + ⌈log₂ n⌉ paragraph builds
    /// for n candidates whatever the text. The shortest candidate, the ellipsis alone, is
    /// used even when it does not fit: the size never goes below its floor to make room.
    static func truncate(_ paragraph: Paragraph, from start: Int, width: Double,
                         mode: TextLayoutOptions.Truncation) -> TruncatedLine {
        let text = paragraph.text
        let end = text.utf16.count
        // The tail only reaches to the next hard break: later lines are hidden anyway.
        var tailEnd = end
        for b in paragraph.breaks where b.isMandatory && b.offset > start && b.offset < end {
            tailEnd = b.offset
            break
        }
        let available = max(0, width - paragraph.ellipsisWidth(at: max(start, min(tailEnd, end) - 1)))
        let boundaries = paragraph.graphemes.boundaries
        func fits(_ w: Double, _ limit: Double) -> Bool { w <= limit * (1 + LineBreaker.epsilon) }
        func trimmedStart(_ i: Int) -> Int {
            var i = i
            while i < end, Paragraph.isTrailingSpace(text.utf16[i]) { i += 1 }
            return i
        }
        /// The last index of `ends` (ascending) whose prefix from `start` fits `limit`, at least 0.
        func longestPrefix(_ ends: [Int], limit: Double) -> Int {
            var best = 0
            for (i, b) in ends.enumerated().dropFirst() {
                if fits(paragraph.width(start..<b), limit) { best = i } else { break }
            }
            return best
        }

        // Cut points in the order that keeps more and more text.
        let prefixEnds = [start] + boundaries.filter { $0 > start && $0 <= tailEnd }
        let suffixStarts = [end] + boundaries.reversed().filter { $0 < end && $0 >= start }
        func tail(_ i: Int) -> (pieces: [(String, TextAttributes)], covered: Range<Int>) {
            let cut = paragraph.trimmed(start..<prefixEnds[i]).upperBound
            return (text.pieces(start..<cut) + [(ellipsis, text.attributes(at: max(start, cut - 1)))], start..<cut)
        }
        func head(_ i: Int) -> (pieces: [(String, TextAttributes)], covered: Range<Int>) {
            let cut = trimmedStart(suffixStarts[i])
            return ([(ellipsis, text.attributes(at: min(cut, end - 1)))] + text.pieces(cut..<end), cut..<end)
        }
        func middle(headIndex: Int, tailIndex: Int) -> (pieces: [(String, TextAttributes)], covered: Range<Int>) {
            let h = paragraph.trimmed(start..<prefixEnds[headIndex]).upperBound
            let t = max(trimmedStart(suffixStarts[tailIndex]), h)
            return (text.pieces(start..<h) + [(ellipsis, text.attributes(at: max(start, h - 1)))] + text.pieces(t..<end), start..<end)
        }

        // The estimate, and the chain of candidates below it (index 0 is the ellipsis alone).
        let estimate: Int
        let candidate: (Int) -> (pieces: [(String, TextAttributes)], covered: Range<Int>)
        switch mode {
        case .tail:
            estimate = longestPrefix(prefixEnds, limit: available)
            candidate = tail
        case .head:
            var best = 0
            for (i, b) in suffixStarts.enumerated().dropFirst() {
                if fits(paragraph.width(b..<end), available) { best = i } else { break }
            }
            estimate = best
            candidate = head
        case .middle:
            let headCount = longestPrefix(prefixEnds, limit: available / 2)
            let headEnd = paragraph.trimmed(start..<prefixEnds[headCount]).upperBound
            let used = paragraph.width(start..<headEnd)
            var tailCount = 0
            for (i, b) in suffixStarts.enumerated().dropFirst() where b >= headEnd {
                if fits(paragraph.width(b..<end), available - used) { tailCount = i } else { break }
            }
            // Candidate k keeps k of the estimate's clusters, shared in the estimate's proportion.
            let total = headCount + tailCount
            estimate = total
            candidate = { k in
                let h = total == 0 ? 0 : Int((Double(k * headCount) / Double(total)).rounded())
                return middle(headIndex: h, tailIndex: k - h)
            }
        }

        var builds = 0
        // The kept text is set in the direction of the paragraph it starts in (UAX #9 P2–P3 per
        // paragraph), not the first one's.
        let direction: BidiParagraph.BaseDirection = paragraph.direction(at: start) == .rightToLeft ? .rightToLeft : .leftToRight
        func build(_ index: Int) -> (line: Paragraph, covered: Range<Int>, fits: Bool) {
            let (pieces, covered) = candidate(index)
            // Hard breaks inside the kept text become spaces: it is one line now.
            let flattened = pieces.map { piece -> (String, TextAttributes) in
                (String(piece.0.unicodeScalars.map { Paragraph.isHardBreak($0) ? " " : Character($0) }), piece.1)
            }
            let attributed = (try? AttributedText(flattened)) ?? AttributedText(ellipsis, attributes: text.attributes(at: 0))
            builds += 1
            let line = (try? Paragraph(attributed, library: paragraph.library, language: paragraph.language,
                                       baseDirection: direction)) ?? paragraph
            return (line, covered, fits(line.width(0..<line.text.utf16.count), width))
        }

        var best = build(estimate)
        if !best.fits && estimate > 0 {
            // Bisection: `low` is known to fit (index 0 is taken as fitting), `high` is not.
            var low = 0, high = estimate
            var lowBuilt: (line: Paragraph, covered: Range<Int>, fits: Bool)?
            while high - low > 1 {
                let mid = low + (high - low) / 2
                let attempt = build(mid)
                if attempt.fits { low = mid; lowBuilt = attempt } else { high = mid }
            }
            best = lowBuilt ?? build(0)
        }
        return TruncatedLine(range: best.covered, paragraph: best.line, paragraphBuilds: builds)
    }
}

extension Paragraph {
    /// The advance of "…" in the face and size used at `offset`, tracking included, in
    /// points (nominal).
    func ellipsisWidth(at offset: Int) -> Double {
        let attributes = text.attributes(at: offset)
        let face = items.first { $0.range.contains(offset) }?.face
            ?? library.face(family: attributes.family, weight: attributes.weight, style: attributes.style)
        guard let face else { return 0 }
        let k = attributes.sizeInPoints / Double(face.unitsPerEm)
        let tracking = attributes.trackingInThousandthsOfEm / 1000 * attributes.sizeInPoints
        if let glyph = face.glyphID(for: "\u{2026}") { return Double(face.advance(of: glyph)) * k + tracking }
        guard let dot = face.glyphID(for: ".") else { return tracking }
        return (Double(face.advance(of: dot)) * k + tracking) * 3
    }
}
