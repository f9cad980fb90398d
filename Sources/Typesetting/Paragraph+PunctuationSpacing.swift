/// A paragraph's fullwidth punctuation set side by side (`PunctuationSpacing`): the items shaped
/// again with `halt` where marks meet, and what a line's edges give back or may take.
extension Paragraph {
    struct SpacedPunctuation {
        var shapedItems: [ShapedRun]
        var spacing: PunctuationSpacing
        var lineStartWidths: [Double] = []
        var lineEndHalving: [Double] = []
    }

    /// `shapedItems` (the paragraph's first shaping) with the marks `PunctuationSpacing` finds
    /// halved. An item with a pair or a closing bracket is shaped once more, with `halt` on both
    /// kinds: the pairs' glyphs are taken from it, and what halving a closing bracket at a line
    /// end gives back is read from it, the bracket's glyph staying the first shaping's. (`halt`
    /// moves single glyphs, never adds or joins them; were the glyphs to differ, the pairs are
    /// shaped on their own.)
    static func spacePunctuation(units: [UInt16], blocks: [Range<Int>], items: [Item], shapedItems: [ShapedRun],
                                 text: AttributedText) -> SpacedPunctuation {
        let spacing = punctuationSpacing(units: units, blocks: blocks, items: items, shapedItems: shapedItems, text: text)
        var result = SpacedPunctuation(shapedItems: shapedItems, spacing: spacing)
        for (index, item) in items.enumerated() {
            let pairs = offsets(spacing.halved, in: item.range), endings = offsets(spacing.halvableAtLineEnd, in: item.range)
            guard !pairs.isEmpty || !endings.isEmpty else { continue }
            let a = text.runs[item.runIndex].attributes
            let k = a.sizeInPoints / Double(item.face.unitsPerEm)
            func shape(halving offsets: [Int]) -> ShapedRun {
                Shaper.shape(utf16: units, range: item.range, face: item.face, direction: item.level.direction, script: item.script,
                             language: item.language, features: a.features + halts(offsets, in: item.range))
            }
            // Each character's advance in a shaping of the item, by offset from its start.
            func advances(_ run: ShapedRun) -> [Int] {
                var sums = [Int](repeating: 0, count: item.range.count)
                for glyph in run.glyphs { sums[glyph.cluster - item.range.lowerBound] += Int(glyph.xAdvance) }
                return sums
            }
            let full = shapedItems[index], fullAdvances = advances(full)
            let both = shape(halving: (pairs + endings).sorted())
            // What a line ending with a closing mark gives up by halving it.
            if !endings.isEmpty {
                let bothAdvances = advances(both)
                if result.lineEndHalving.isEmpty { result.lineEndHalving = [Double](repeating: 0, count: units.count + 1) }
                for offset in endings {
                    let i = offset - item.range.lowerBound
                    result.lineEndHalving[offset + 1] = Double(fullAdvances[i] - bothAdvances[i]) * k
                }
            }
            guard !pairs.isEmpty else { continue }
            let halved: ShapedRun
            if endings.isEmpty {
                halved = both
            } else if both.glyphs.count == full.glyphs.count, zip(both.glyphs, full.glyphs).allSatisfy({ $0.cluster == $1.cluster }) {
                let kept = Set(endings)
                halved = ShapedRun(face: both.face, glyphs: zip(both.glyphs, full.glyphs).map { kept.contains($1.cluster) ? $1 : $0 },
                                   range: both.range, direction: both.direction, script: both.script, language: both.language,
                                   features: a.features + halts(Array(pairs), in: item.range))
            } else {
                halved = shape(halving: Array(pairs))
            }
            result.shapedItems[index] = halved
            // What a line starting with an opening mark halved for the character before it gets back.
            let starts = offsets(spacing.halvedForPrevious, in: item.range)
            if !starts.isEmpty {
                let halvedAdvances = advances(halved)
                if result.lineStartWidths.isEmpty { result.lineStartWidths = [Double](repeating: 0, count: units.count + 1) }
                for offset in starts {
                    let i = offset - item.range.lowerBound
                    result.lineStartWidths[offset] = Double(fullAdvances[i] - halvedAdvances[i]) * k
                }
            }
        }
        return result
    }

    /// The fullwidth punctuation of the paragraph to halve, from its first shaping.
    private static func punctuationSpacing(units: [UInt16], blocks: [Range<Int>], items: [Item], shapedItems: [ShapedRun],
                                           text: AttributedText) -> PunctuationSpacing {
        var drawn: [Int: (face: FontFace, glyphID: UInt32, advance: Int32)?] = [:]
        for (item, shaped) in zip(items, shapedItems) {
            for glyph in shaped.glyphs where PunctuationSpacing.dependsOnGlyph(units[glyph.cluster]) {
                // A variation selector the face has no variant for is an empty glyph beside the
                // mark; a character otherwise drawn by several glyphs is not one the rules know
                // how to halve.
                if glyph.xAdvance == 0, item.face.inkSpan(of: glyph.glyphID) == nil { continue }
                if drawn[glyph.cluster] == nil {
                    drawn[glyph.cluster] = .some((item.face, glyph.glyphID, glyph.xAdvance))
                } else {
                    drawn[glyph.cluster] = .some(nil)
                }
            }
        }
        return PunctuationSpacing(units: units, blocks: blocks, glyph: { drawn[$0] ?? nil }, optsOut: { offset in
            text.attributes(at: offset).features.contains { PunctuationSpacing.exclusiveFeatures.contains($0.tag) }
        })
    }

    /// `halt` features for the offsets of `halved` (ascending) inside `range`.
    static func halts(_ halved: [Int], in range: Range<Int>, except lineStart: Int? = nil) -> [FontFeature] {
        offsets(halved, in: range).compactMap { $0 != lineStart ? FontFeature(tag: "halt", clusters: $0..<($0 + 1)) : nil }
    }

    /// The elements of `sorted` (ascending) inside `range`, found by bisection: a long text's
    /// items each look up their own few.
    static func offsets(_ sorted: [Int], in range: Range<Int>) -> ArraySlice<Int> {
        func firstIndex(notBefore bound: Int) -> Int {
            var low = 0, high = sorted.count
            while low < high {
                let mid = (low + high) / 2
                if sorted[mid] < bound { low = mid + 1 } else { high = mid }
            }
            return low
        }
        return sorted[firstIndex(notBefore: range.lowerBound)..<firstIndex(notBefore: range.upperBound)]
    }

    /// The narrowest a line over `range` can be set, at nominal sizes: `width`, less the half of
    /// a closing mark at its end that it may halve to fit.
    func narrowestWidth(_ range: Range<Int>) -> Double {
        let width = width(range)
        return lineEndHalving.isEmpty ? width : width - lineEndHalving[trimmed(range).upperBound]
    }

    /// Whether a line over `content` (trimmed) ending with a closing mark can be set narrower
    /// by halving it.
    func canHalveEnd(of content: Range<Int>) -> Bool {
        !content.isEmpty && !lineEndHalving.isEmpty && lineEndHalving[content.upperBound] > 0
    }
}
