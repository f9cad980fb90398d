import Geometry
import UnicodeText

extension TextLayout {
    /// Turns chosen logical lines into visual lines: each line's bidi runs in display order
    /// (FriBiDi), each run reshaped on its own so that joining and kerning at the line's
    /// edges are right, glyphs scaled to the final size, lines aligned and stacked.
    static func place(_ paragraph: Paragraph, lines ranges: [Range<Int>],
                      lastLine: (range: Range<Int>, paragraph: Paragraph)?, scale: Double,
                      options: TextLayoutOptions, truncated: Bool) -> TextLayout {
        var sources: [(paragraph: Paragraph, range: Range<Int>, covers: Range<Int>)] = ranges.map { (paragraph, $0, $0) }
        if let last = lastLine {
            sources.append((last.paragraph, 0..<last.paragraph.text.utf16.count, last.range))
        }
        var scale = scale
        var shaped = sources.map { shape($0.paragraph, $0.range, scale: scale) }
        // Reshaping a line can change its width slightly from the estimate (kerning across a
        // break); if that makes a line overflow, shrink everything to fit exactly — but never
        // below the smallest size the options allow. A box narrower than the ellipsis alone
        // is the one case where a line stays wider than its box.
        let floor = min(scale, options.adjustsFontSize ? options.minimumScaleFactor : 1)
        if options.width.isFinite, let widest = shaped.map(\.width).max(), widest > options.width * (1 + 1e-9) {
            let shrunk = max(scale * options.width / widest, floor)
            if shrunk < scale {
                scale = shrunk
                shaped = sources.map { shape($0.paragraph, $0.range, scale: scale) }
            }
        }

        let boxWidth = options.width.isFinite ? options.width : (shaped.map(\.width).max() ?? 0)
        var placedLines: [Line] = []
        var y = 0.0
        for (index, source) in sources.enumerated() {
            let p = source.paragraph
            let content = p.trimmed(source.range)
            let metrics = p.lineMetrics(content.isEmpty ? source.range : content)
            let ascent = metrics.ascent * scale, descent = metrics.descent * scale
            let lineHeight = (metrics.ascent + metrics.descent + metrics.gap) * scale * options.lineHeightMultiple
            let baseline = y + (lineHeight - ascent - descent) / 2 + ascent
            var line = shaped[index]
            let isLast = index == sources.count - 1
            let rightToLeft = p.baseDirection == .rightToLeft
            var x: Double
            switch options.alignment {
            case .left: x = 0
            case .right: x = boxWidth - line.width
            case .center: x = (boxWidth - line.width) / 2
            case .natural: x = rightToLeft ? boxWidth - line.width : 0
            case .justified:
                let spaces = (content.lowerBound..<content.upperBound).filter { p.text.utf16[$0] == 0x20 }.count
                if !isLast, spaces > 0, !p.breaks.contains(where: { $0.offset == source.range.upperBound && $0.isMandatory && $0.offset < p.text.utf16.count }) {
                    line = shape(p, source.range, scale: scale, extraPerSpace: (boxWidth - line.width) / Double(spaces))
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
        for cluster in paragraph.missingClusters {
            let s = paragraph.string(cluster)
            if !missing.contains(s) { missing.append(s) }
        }
        return TextLayout(scale: scale, fontSizeInPoints: paragraph.text.primarySizeInPoints * scale, lines: lines,
                          size: Size(width: lines.map(\.width).max() ?? 0, height: y), truncated: truncated,
                          missingGlyphs: missing, options: options)
    }

    /// One line shaped in visual order with its glyphs relative to (0, baseline).
    private static func shape(_ p: Paragraph, _ range: Range<Int>, scale: Double,
                              extraPerSpace: Double = 0) -> (width: Double, runs: [GlyphRun]) {
        let content = p.trimmed(range)
        guard !content.isEmpty,
              let block = p.blocks.first(where: { $0.range.contains(content.lowerBound) }),
              let bidiLine = try? block.bidi.line((content.lowerBound - block.range.lowerBound)..<(content.upperBound - block.range.lowerBound))
        else { return (0, []) }
        var x = 0.0
        var runs: [GlyphRun] = []
        for bidiRun in bidiLine.runs {
            let absolute = (bidiRun.range.lowerBound + block.range.lowerBound)..<(bidiRun.range.upperBound + block.range.lowerBound)
            var items = p.items.filter { $0.range.overlaps(absolute) }
            if bidiRun.direction == .rightToLeft { items.reverse() }
            for item in items {
                let sub = item.range.clamped(to: absolute)
                let attributes = p.text.runs[item.runIndex].attributes
                let shaped = Shaper.shape(utf16: p.text.utf16, range: sub, face: item.face, direction: bidiRun.direction,
                                          script: item.script, language: item.language, features: attributes.features)
                let size = attributes.sizeInPoints * scale
                let k = size / Double(item.face.unitsPerEm)
                let tracking = attributes.trackingInThousandthsOfEm / 1000 * size
                var glyphs: [GlyphRun.Glyph] = []
                glyphs.reserveCapacity(shaped.glyphs.count)
                for (i, g) in shaped.glyphs.enumerated() {
                    glyphs.append(GlyphRun.Glyph(id: g.glyphID, position: Point(x: x + Double(g.xOffset) * k, y: -Double(g.yOffset) * k)))
                    x += Double(g.xAdvance) * k
                    let endsCluster = i + 1 == shaped.glyphs.count || shaped.glyphs[i + 1].cluster != g.cluster
                    if endsCluster {
                        x += tracking
                        if extraPerSpace != 0, p.text.utf16[g.cluster] == 0x20 { x += extraPerSpace }
                    }
                }
                if let run = GlyphRun(face: item.face, fontSizeInPoints: size, paint: .solid(attributes.color), glyphs: glyphs) {
                    runs.append(run)
                }
            }
        }
        return (x, runs)
    }
}
