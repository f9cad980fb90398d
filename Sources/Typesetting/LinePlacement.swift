import Geometry
import UnicodeText

extension TextLayout {
    /// Turns chosen logical lines into visual lines: each line's bidi runs in display order
    /// (FriBiDi), each run cut from the paragraph's shaping (reshaped only where HarfBuzz says
    /// a cut is unsafe, so joining and kerning at the line's edges are right), glyphs scaled
    /// to the final size, lines aligned and stacked. A line ending in `hyphenatedEnds` is set
    /// with a hyphen, as a paragraph of its own.
    static func place(_ paragraph: Paragraph, lines ranges: [Range<Int>],
                      lastLine: (range: Range<Int>, paragraph: Paragraph)?, scale: Double,
                      options: TextLayoutOptions, truncated: Bool, hyphenatedEnds: Set<Int> = []) -> TextLayout {
        var sources: [(paragraph: Paragraph, range: Range<Int>, covers: Range<Int>)] = ranges.map { range in
            guard hyphenatedEnds.contains(range.upperBound), let line = paragraph.hyphenatedLine(range) else {
                return (paragraph, range, range)
            }
            return (line, 0..<line.text.utf16.count, range)
        }
        if let last = lastLine {
            sources.append((last.paragraph, 0..<last.paragraph.text.utf16.count, last.range))
        }
        var scale = scale
        // Glyphs in font units, cut once; a change of scale below only rescales them.
        var shapedLines = sources.map { $0.paragraph.shapedLine($0.paragraph.trimmed($0.range)) }
        var shaped = zip(sources, shapedLines).map { $0.paragraph.place($1, scale: scale) }
        // A line that fits only with the closing mark at its end halved halves it (`PunctuationSpacing`).
        for (index, source) in sources.enumerated() where options.width.isFinite && shaped[index].width > options.width * (1 + 1e-9) {
            let content = source.paragraph.trimmed(source.range)
            guard source.paragraph.canHalveEnd(of: content) else { continue }
            shapedLines[index] = source.paragraph.shapedLine(content, halvingEnd: true)
            shaped[index] = source.paragraph.place(shapedLines[index], scale: scale)
        }
        // Cutting a line from the paragraph's shaping can change its width slightly from the
        // estimate (kerning across a break, reshaped where unsafe); if that makes a line
        // overflow, shrink everything to fit exactly — but never below the smallest size the
        // options allow. A box narrower than the ellipsis alone is the one case where a line
        // stays wider than its box.
        let floor = min(scale, options.adjustsFontSize ? options.minimumScaleFactor : 1)
        if options.width.isFinite, let widest = shaped.map(\.width).max(), widest > options.width * (1 + 1e-9) {
            let shrunk = max(scale * options.width / widest, floor)
            if shrunk < scale {
                scale = shrunk
                shaped = zip(sources, shapedLines).map { $0.paragraph.place($1, scale: scale) }
            }
        }

        let boxWidth = options.width.isFinite ? options.width : (shaped.map(\.width).max() ?? 0)
        var placedLines: [Line] = []
        var y = 0.0
        for (index, source) in sources.enumerated() {
            let p = source.paragraph
            let content = p.trimmed(source.range)
            // A truncated last line is its own paragraph: it keeps at least the main
            // paragraph's line box.
            let own = p.lineMetrics(content.isEmpty ? source.range : content), main = paragraph.uniformLineMetrics
            let metrics = (ascent: max(own.ascent, main.ascent), descent: max(own.descent, main.descent), gap: max(own.gap, main.gap))
            let ascent = metrics.ascent * scale, descent = metrics.descent * scale
            let lineHeight = (metrics.ascent + metrics.descent + metrics.gap) * scale * options.lineHeightMultiple
            let baseline = y + (lineHeight - ascent - descent) / 2 + ascent
            var line = shaped[index]
            let isLast = index == sources.count - 1
            // Each paragraph of a title aligns by its own direction (natural, and the last line of justified text).
            let rightToLeft = p.direction(at: content.isEmpty ? source.range.lowerBound : content.lowerBound) == .rightToLeft
            var x: Double
            switch options.alignment {
            case .left: x = 0
            case .right: x = boxWidth - line.width
            case .center: x = (boxWidth - line.width) / 2
            case .natural: x = rightToLeft ? boxWidth - line.width : 0
            case .justified:
                let points = p.justificationPoints(in: shapedLines[index], lineEnd: content.upperBound)
                if !isLast, points > 0, !p.breaks.contains(where: { $0.offset == source.range.upperBound && $0.isMandatory && $0.offset < p.text.utf16.count }) {
                    line = p.place(shapedLines[index], scale: scale, extraPerPoint: (boxWidth - line.width) / Double(points),
                                   lineEnd: content.upperBound)
                    x = 0
                } else {
                    x = rightToLeft ? boxWidth - line.width : 0
                }
            }
            let runs = line.runs.map { $0.offsetBy(dx: x, dy: baseline) }
            placedLines.append(Line(text: p.string(content), range: source.covers, width: line.width,
                                    origin: Point(x: x, y: baseline), ascent: ascent, descent: descent,
                                    height: lineHeight, runs: runs))
            y += lineHeight
        }

        // UILabel centres the text block vertically in its bounds.
        let offset = options.height.isFinite ? (options.height - y) / 2 : 0
        let lines = placedLines.map { line in
            Line(text: line.text, range: line.range, width: line.width,
                 origin: Point(x: line.origin.x, y: line.origin.y + offset), ascent: line.ascent, descent: line.descent,
                 height: line.height, runs: line.runs.map { $0.offsetBy(dx: 0, dy: offset) })
        }
        var missing: [String] = []
        for s in paragraph.missingText where !missing.contains(s) { missing.append(s) }
        var layout = TextLayout(scale: scale, fontSizeInPoints: paragraph.text.primarySizeInPoints * scale, lines: lines,
                                size: Size(width: lines.map(\.width).max() ?? 0, height: y), truncated: truncated,
                                missingGlyphs: missing, options: options)
        layout.reshapedPieces = shapedLines.reduce(0) { $0 + $1.reshapedPieces }
        return layout
    }
}
