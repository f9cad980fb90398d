import Geometry
import UnicodeText

/// One line's glyphs in visual order and in font units, before any scale is applied: the
/// part of layout that does not depend on the fitted size, so a size change only rescales.
struct ShapedLine: Sendable {
    /// A stretch of one paragraph item in one bidi run.
    struct Piece: Sendable {
        let itemIndex: Int
        let glyphs: [ShapedGlyph]
    }

    let pieces: [Piece]
    /// Pieces HarfBuzz had to shape again because a cut fell where breaking is unsafe.
    let reshapedPieces: Int

    static let empty = ShapedLine(pieces: [], reshapedPieces: 0)
}

extension Paragraph {
    /// When true, every piece of every line is shaped again on its own instead of being cut
    /// from the paragraph's shaping: the reference the cutting is checked and measured against.
    @TaskLocal public static var reshapesEveryLine = false

    /// The glyphs of `content` (a line with its trailing whitespace already trimmed), in
    /// display order: FriBiDi reorders the line into runs, and each run takes the glyphs of
    /// the items it covers.
    ///
    /// A piece is cut from its item's shaping, as browsers do after line breaking, unless a
    /// cut falls inside the item where HarfBuzz flagged `UNSAFE_TO_BREAK` (kerning, a
    /// ligature or joining across the cut) or the line's bidi run has another direction than
    /// the item (rule L1 at a line's edge); only such pieces are shaped again, still with the
    /// whole paragraph as context, and so is a piece starting the line with an opening mark
    /// halved for the character before it.
    ///
    /// With `halvingEnd`, a closing mark ending the line is halved (`canHalveEnd`).
    func shapedLine(_ content: Range<Int>, halvingEnd: Bool = false) -> ShapedLine {
        guard !content.isEmpty,
              let block = blocks.first(where: { $0.range.contains(content.lowerBound) }),
              let bidiLine = try? block.bidi.line((content.lowerBound - block.range.lowerBound)..<(content.upperBound - block.range.lowerBound))
        else { return .empty }
        let reshapeAll = Paragraph.reshapesEveryLine
        // A line start takes back the blank half an opening mark there gave the character before
        // it, and the line's end may halve its closing mark (`PunctuationSpacing`).
        let fullAtStart = !lineStartWidths.isEmpty && lineStartWidths[content.lowerBound] > 0 ? content.lowerBound : nil
        let halvedEnd = halvingEnd && canHalveEnd(of: content) ? content.upperBound - 1 : nil
        var pieces: [ShapedLine.Piece] = []
        var reshaped = 0
        for bidiRun in bidiLine.runs {
            let absolute = (bidiRun.range.lowerBound + block.range.lowerBound)..<(bidiRun.range.upperBound + block.range.lowerBound)
            var indices = items.indices.filter { items[$0].range.overlaps(absolute) }
            if bidiRun.direction == .rightToLeft { indices.reverse() }
            for index in indices {
                let sub = items[index].range.clamped(to: absolute)
                let setsFull = sub.lowerBound == fullAtStart
                let halvesEnd = halvedEnd.map(sub.contains) ?? false
                if !reshapeAll, !setsFull, !halvesEnd, let glyphs = cut(item: index, to: sub, direction: bidiRun.direction) {
                    pieces.append(.init(itemIndex: index, glyphs: glyphs))
                    continue
                }
                let item = items[index]
                let features = text.runs[item.runIndex].attributes.features
                    + Paragraph.halts(punctuationSpacing.halved, in: sub, except: fullAtStart)
                    + (halvedEnd.map { Paragraph.halts([$0], in: sub) } ?? [])
                let shaped = Shaper.shape(utf16: text.utf16, range: sub, face: item.face, direction: bidiRun.direction,
                                          script: item.script, language: item.language, features: features)
                pieces.append(.init(itemIndex: index, glyphs: shaped.glyphs))
                reshaped += 1
            }
        }
        return ShapedLine(pieces: pieces, reshapedPieces: reshaped)
    }

    /// The glyphs of `sub` taken from item `index`'s shaping, or nil when they must be shaped
    /// again: the direction differs, or a cut inside the item is not at a cluster start
    /// HarfBuzz marked safe to break.
    private func cut(item index: Int, to sub: Range<Int>, direction: TextDirection) -> [ShapedGlyph]? {
        let item = items[index], glyphs = shapedItems[index].glyphs
        guard direction == item.level.direction else { return nil }
        if sub == item.range { return glyphs }
        for offset in [sub.lowerBound, sub.upperBound] where offset != item.range.lowerBound && offset != item.range.upperBound {
            var starts = false
            for g in glyphs where g.cluster == offset {
                if g.isUnsafeToBreak { return nil }
                starts = true
            }
            if !starts { return nil }  // the cut falls inside a cluster HarfBuzz merged
        }
        return glyphs.filter { sub.contains($0.cluster) }
    }

    /// Whether justification may widen a line after the cluster starting at `offset`, in a line
    /// ending at `lineEnd`: after a word separator (U+0020, U+00A0, U+3000), and, as CSS's
    /// `text-justify: auto` does for Chinese and Japanese, between two characters of those
    /// scripts (after a Han, kana or full-width cluster that is not the line's last).
    func isJustificationPoint(afterClusterAt offset: Int, lineEnd: Int) -> Bool {
        guard offset < lineEnd else { return false }
        let unit = text.utf16[offset]
        if unit == 0x20 || unit == 0xA0 || unit == 0x3000 { return true }
        guard Paragraph.isInterCharacterJustified(unit), let cluster = graphemes.cluster(containing: offset) else { return false }
        return cluster.upperBound < lineEnd
    }

    /// Han (the BMP blocks, and planes 2 and 3 by their lead surrogates), kana, CJK symbols and
    /// punctuation, and the full-width forms.
    static func isInterCharacterJustified(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x3001...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF01...0xFF60,
             0xD840...0xD8BF: return true
        default: return false
        }
    }

    /// The places `isJustificationPoint` finds in `line` (ending at `lineEnd`).
    func justificationPoints(in line: ShapedLine, lineEnd: Int) -> Int {
        var count = 0
        for piece in line.pieces {
            for (i, g) in piece.glyphs.enumerated() where i + 1 == piece.glyphs.count || piece.glyphs[i + 1].cluster != g.cluster {
                if isJustificationPoint(afterClusterAt: g.cluster, lineEnd: lineEnd) { count += 1 }
            }
        }
        return count
    }

    /// A shaped line at `scale` with its glyphs relative to (0, baseline), and its advance
    /// width in points. Tracking (`trackingInEms`) follows every cluster;
    /// `extraPerPoint` widens the line at each of its `justificationPoints` (a line ending at `lineEnd`).
    func place(_ line: ShapedLine, scale: Double, extraPerPoint: Double = 0, lineEnd: Int = 0) -> (width: Double, runs: [GlyphRun]) {
        var x = 0.0
        var runs: [GlyphRun] = []
        for piece in line.pieces {
            let item = items[piece.itemIndex]
            let attributes = text.runs[item.runIndex].attributes
            let size = attributes.sizeInPoints * scale
            let k = size / Double(item.face.unitsPerEm)
            let tracking = Paragraph.trackingInEms(attributes, script: item.script) * size
            let shaped = piece.glyphs
            var glyphs: [GlyphRun.Glyph] = []
            glyphs.reserveCapacity(shaped.count)
            for (i, g) in shaped.enumerated() {
                glyphs.append(GlyphRun.Glyph(id: g.glyphID, position: Point(x: x + Double(g.xOffset) * k, y: -Double(g.yOffset) * k)))
                x += Double(g.xAdvance) * k
                let endsCluster = i + 1 == shaped.count || shaped[i + 1].cluster != g.cluster
                if endsCluster {
                    x += tracking
                    if extraPerPoint != 0, isJustificationPoint(afterClusterAt: g.cluster, lineEnd: lineEnd) { x += extraPerPoint }
                }
            }
            if let run = GlyphRun(face: item.face, fontSizeInPoints: size, paint: .solid(attributes.color), glyphs: glyphs) {
                runs.append(run)
            }
        }
        return (x, runs)
    }
}
