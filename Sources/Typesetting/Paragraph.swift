import UnicodeText

/// Text analysed and shaped once, so that it can be broken into lines at any width and any
/// scale without shaping again.
///
/// Analysis runs in the order DESIGN §4 gives: bidi levels per paragraph (FriBiDi), script
/// runs (UAX #24), a font per grapheme cluster (the fallback chain), then one HarfBuzz
/// shaping per item — a maximal stretch with one attribute run, level, script and face —
/// at the font's units per em. Advances are then kept per UTF-16 offset in points at the
/// nominal sizes, so the width of any logical range is a difference of prefix sums and
/// scales linearly with the fitting factor (unhinted advances are linear in size).
public struct Paragraph: Sendable {
    /// A stretch shaped with one face and one set of properties.
    struct Item: Sendable {
        let range: Range<Int>
        let runIndex: Int
        let face: FontFace
        let level: BidiLevel
        let script: ScriptTag
        /// The language to shape with: the paragraph's, or the Han variant's for CJK scripts.
        let language: LanguageTag
        /// Whether the face's line box is capped (`fallbackLineBoxInEms`): it was found down the
        /// fallback chain rather than named by the run, and is not an ideographic face.
        let capsLineBox: Bool
        /// Line box parts at the run's nominal size, in points: the face's own metrics, or
        /// where `capsLineBox`, as much of them as `fallbackLineBox` lets it ask for.
        var ascentInPoints: Double
        var descentInPoints: Double
        let lineGapInPoints: Double
    }

    /// One bidi paragraph (text between hard breaks, separator included).
    struct BidiBlock: Sendable {
        let range: Range<Int>
        let bidi: BidiParagraph
    }

    public let text: AttributedText
    public let language: LanguageTag
    /// Long words may break at hyphenation points of `language`'s dictionary.
    public let hyphenates: Bool
    let items: [Item]
    /// Each item's glyphs as HarfBuzz shaped it in the whole paragraph's context (parallel
    /// to `items`): lines are cut from these and reshaped only where a cut is unsafe.
    let shapedItems: [ShapedRun]
    let blocks: [BidiBlock]
    let graphemes: GraphemeClusters
    let breaks: LineBreaks
    /// The flaw of each soft break in `breaks` (nil for a good or a mandatory break).
    let breakFlaws: [BreakFlaw?]
    /// `prefixWidth[i]`: the advance of `utf16[0..<i]` in points at nominal sizes.
    let prefixWidth: [Double]
    let library: FontLibrary
    /// The smallest line box any line of the paragraph gets, at nominal sizes, in points.
    let uniformLineMetrics: (ascent: Double, descent: Double, gap: Double)
    /// Grapheme clusters that no face in the fallback chain can draw.
    public let missingClusters: [Range<Int>]
    /// For each of `missingClusters`, the scalars of it that no face can draw on their own (an
    /// unknown combining mark after a Latin letter names the mark, not the letter), or the
    /// whole cluster when each of its scalars alone can be drawn.
    public let missingText: [String]
    /// Clusters whose ink reaches past their face's ascent or descent (Vietnamese capitals with
    /// stacked marks, letters under many marks), by offset, ascending: how far above and below
    /// the baseline a line holding one must reach, in nominal points, a clearance included.
    /// Usually empty.
    private(set) var inkOverhangs: [(offset: Int, above: Double, below: Double)] = []
    /// The clearance kept between such ink and the next line's box, in ems of the cluster's
    /// size: TeX's `\lineskip` (1 pt at 10 pt), which it puts between lines whose boxes would
    /// otherwise come closer.
    static let inkClearanceInEms = 0.1

    /// The tallest line box a face found down the fallback chain may ask for, in ems of its
    /// size: the ascent and descent most Noto faces declare (1,069 and 293 units of 1,000), which
    /// the UI variants of the taller ones share. Faces drawn for stacked marks declare far more
    /// (Noto Sans Arabic 2.11 em a line, Symbols 2.05, Myanmar 2.18, Tibetan 2.82), so one
    /// borrowed letter used to space every line of a title for marks it did not hold. Such a
    /// face's glyphs in the paragraph still get room: its line box reaches to their ink plus
    /// `inkClearanceInEms`, never past what the face declares. A face the text names counts
    /// with its own metrics, whatever they are: choosing it chose them. So does a CJK face
    /// (one that draws 永): its taller box (Noto Sans CJK 1.16 + 0.29 em) is the leading
    /// ideographs set on a full em body want, not room for marks.
    static let fallbackLineBoxInEms = (ascent: 1.069, descent: 0.293)

    /// The fullwidth punctuation set half width beside its neighbours (`PunctuationSpacing`).
    private(set) var punctuationSpacing = PunctuationSpacing.none
    /// What a line starting at each offset is wider by, in nominal points: the blank half an
    /// opening mark there gave back to the character before it, which a line start does not
    /// take (`PunctuationSpacing`). Empty when no line start takes any (most texts).
    private(set) var lineStartWidths: [Double] = []
    /// What a line ending at each offset may be narrower by, in nominal points: half its closing
    /// mark, which it halves only when it would not fit otherwise (`PunctuationSpacing`). Empty
    /// when no line end may (most texts).
    private(set) var lineEndHalving: [Double] = []

    /// The width (nominal points) of the hyphen a line ending at each break after a soft
    /// hyphen (U+00AD) shows: the author's hyphenation point, drawn as a dictionary's is.
    private(set) var softHyphenWidths: [Int: Double] = [:]

    /// The direction of the first paragraph: what "natural" alignment follows.
    public var baseDirection: TextDirection { blocks.first?.bidi.direction ?? .leftToRight }

    /// The direction of the paragraph (between hard breaks) that holds UTF-16 offset `offset`.
    func direction(at offset: Int) -> TextDirection {
        blocks.first { $0.range.contains(offset) }?.bidi.direction ?? baseDirection
    }

    /// `hyphenates`: long words may be hyphenated with the dictionary of `language` — for
    /// a language the text was given, not the default one.
    public init(_ text: AttributedText, library: FontLibrary, language: LanguageTag = LanguageTag("en")!,
                baseDirection: BidiParagraph.BaseDirection = .auto, hyphenates: Bool = false) throws {
        self.text = text
        self.language = language
        self.hyphenates = hyphenates
        self.library = library
        let units = text.utf16
        let locale = try LocaleIdentifier(language.tag)
        graphemes = try GraphemeClusters(utf16: units, locale: locale)
        // Line breaking's locale differs only in its line-break keyword (strict for kana), which
        // grapheme clusters do not read: the clusters found above serve it.
        breaks = try LineBreaks(utf16: units, locale: locale.forLineBreaking(units), keeping: graphemes).keepingKoreanWordsWhole(in: units)
            .breakingBeforeBracketsAfterQuotes(in: units)
        let words = BreakFlaw.hasIdeographs(units) ? try WordBoundaries(utf16: units, locale: locale) : nil
        breakFlaws = breaks.map { $0.isMandatory ? nil : BreakFlaw.of(breakAt: $0.offset, in: units, words: words) }
        blocks = try BidiParagraph.paragraphRanges(in: text.string).map {
            BidiBlock(range: $0, bidi: try Paragraph.bidi(Array(units[$0]), baseDirection: baseDirection, language: language))
        }

        // Resolve each run's own face once; clusters it cannot draw go down the fallback chain.
        let runFaces = try text.runs.map { run -> FontFace in
            let a = run.attributes
            guard let face = library.face(family: a.family, weight: a.weight, style: a.style) else {
                let failures = library.facesThatFailedToOpen(family: a.family)
                throw failures.isEmpty ? TypesettingError.unknownFamily(a.family)
                                       : TypesettingError.familyCannotBeOpened(a.family, failures.joined(separator: "; "))
            }
            return face
        }
        let scriptRuns = ScriptRuns.runs(utf16: units)
        let hanLanguage = HanVariant.language(of: units, locale: language)
        var items: [Item] = []
        var missing: [Range<Int>] = []
        var missingText: [String] = []
        var scriptIndex = 0, blockIndex = 0
        var pending: (start: Int, end: Int, run: Int, face: FontFace, level: BidiLevel, script: ScriptTag)?

        func flush() {
            guard let p = pending else { return }
            let a = text.runs[p.run].attributes
            let k = a.sizeInPoints / Double(p.face.unitsPerEm)
            items.append(Item(range: p.start..<p.end, runIndex: p.run, face: p.face, level: p.level, script: p.script,
                              language: HanVariant.scripts.contains(p.script) ? hanLanguage : language,
                              capsLineBox: p.face !== runFaces[p.run] && !p.face.hasGlyph("\u{6C38}"),
                              ascentInPoints: Double(p.face.metrics.ascender) * k,
                              descentInPoints: Double(-p.face.metrics.descender) * k,
                              lineGapInPoints: Double(p.face.metrics.lineGap) * k))
            pending = nil
        }

        // One tag per script run, not one per cluster (ICU's name for the script was asked for
        // and parsed again for every character of the title).
        let runScripts = scriptRuns.map { ScriptTag($0.script.tag ?? "Zyyy") ?? .common }
        for cluster in graphemes {
            while blockIndex < blocks.count - 1, blocks[blockIndex].range.upperBound <= cluster.lowerBound { blockIndex += 1 }
            let scalars = Paragraph.scalars(units[cluster])
            if scalars.allSatisfy({ Paragraph.isHardBreak($0) }) {
                flush()  // separators are not drawn and end an item
                continue
            }
            while scriptIndex < scriptRuns.count - 1, scriptRuns[scriptIndex].range.upperBound <= cluster.lowerBound { scriptIndex += 1 }
            let runIndex = text.runIndex(at: cluster.lowerBound)
            let attributes = text.runs[runIndex].attributes
            let preferred = runFaces[runIndex]
            var face = preferred
            let script = runScripts.isEmpty ? ScriptTag.common : runScripts[scriptIndex]
            if FontLibrary.wantsEmojiPresentation(scalars) || !preferred.covers(scalars) {
                if let found = library.face(for: scalars, preferred: preferred, weight: attributes.weight,
                                            style: attributes.style, language: hanLanguage, script: script) {
                    face = found
                } else {
                    missing.append(cluster)
                    let uncovered = scalars.filter { scalar in
                        !scalar.isHiddenWhenShaped && !preferred.hasGlyph(scalar)
                            && library.face(for: [scalar], preferred: preferred, weight: attributes.weight, style: attributes.style,
                                            language: hanLanguage, script: script) == nil
                    }
                    var text = ""
                    text.unicodeScalars.append(contentsOf: uncovered.isEmpty ? scalars : uncovered)
                    missingText.append(text)
                }
            }
            let block = blocks[blockIndex]
            let level = block.bidi.level(at: cluster.lowerBound - block.range.lowerBound)
            if let p = pending, p.end == cluster.lowerBound, p.run == runIndex, p.face === face, p.level == level, p.script == script {
                pending?.end = cluster.upperBound
            } else {
                flush()
                pending = (cluster.lowerBound, cluster.upperBound, runIndex, face, level, script)
            }
        }
        flush()
        missingClusters = missing
        self.missingText = missingText

        var shapedItems = items.map { item in
            Shaper.shape(utf16: units, range: item.range, face: item.face, direction: item.level.direction,
                         script: item.script, language: item.language, features: text.runs[item.runIndex].attributes.features)
        }
        if PunctuationSpacing.mayApply(units) {
            let spaced = Paragraph.spacePunctuation(units: units, blocks: blocks.map(\.range), items: items,
                                                    shapedItems: shapedItems, text: text)
            shapedItems = spaced.shapedItems
            punctuationSpacing = spaced.spacing
            lineStartWidths = spaced.lineStartWidths
            lineEndHalving = spaced.lineEndHalving
        }

        var advance = [Double](repeating: 0, count: units.count + 1)
        var overhangs: [Int: (above: Double, below: Double)] = [:]
        for (index, item) in items.enumerated() {
            let a = text.runs[item.runIndex].attributes
            let shaped = shapedItems[index]
            let k = a.sizeInPoints / Double(item.face.unitsPerEm)
            for glyph in shaped.glyphs { advance[glyph.cluster] += Double(glyph.xAdvance) * k }
            // Letters and marks only: a colour emoji is a picture set in its face's own generous
            // box (1900 and 500 of 2048 units), which its bitmap's edges reach a little past.
            let (ascender, descender) = (item.face.metrics.ascender, -item.face.metrics.descender)
            var inkTop = Int.min, inkBottom = Int.min
            for glyph in shaped.glyphs where !item.face.isColorBitmap {
                guard let reach = item.face.inkReach(of: glyph.glyphID) else { continue }
                let top = reach.top + Int(glyph.yOffset), bottom = reach.bottom - Int(glyph.yOffset)
                inkTop = max(inkTop, top)
                inkBottom = max(inkBottom, bottom)
                guard top > ascender || bottom > descender else { continue }
                let clearance = Paragraph.inkClearanceInEms * a.sizeInPoints
                var overhang = overhangs[glyph.cluster] ?? (above: 0, below: 0)
                if top > ascender { overhang.above = max(overhang.above, Double(top) * k + clearance) }
                if bottom > descender { overhang.below = max(overhang.below, Double(bottom) * k + clearance) }
                overhangs[glyph.cluster] = overhang
            }
            if item.capsLineBox {
                let box = Paragraph.fallbackLineBox(declared: (item.ascentInPoints, item.descentInPoints),
                                                    inkInPoints: inkTop == Int.min ? nil : (Double(inkTop) * k, Double(inkBottom) * k),
                                                    sizeInPoints: a.sizeInPoints)
                items[index].ascentInPoints = box.ascent
                items[index].descentInPoints = box.descent
            }
            let trackingEms = Paragraph.trackingInEms(a, script: item.script)
            if trackingEms != 0 {
                let tracking = trackingEms * a.sizeInPoints
                var i = graphemes.boundaries.firstIndex { $0 >= item.range.lowerBound } ?? graphemes.boundaries.count
                while i < graphemes.boundaries.count - 1, graphemes.boundaries[i] < item.range.upperBound {
                    advance[graphemes.boundaries[i]] += tracking
                    i += 1
                }
            }
        }
        self.shapedItems = shapedItems
        self.items = items
        uniformLineMetrics = Paragraph.uniformLineMetrics(items: items, text: text, library: library)
        var prefix = [Double](repeating: 0, count: units.count + 1)
        for i in 0..<units.count { prefix[i + 1] = prefix[i] + advance[i] }
        prefixWidth = prefix
        inkOverhangs = overhangs.sorted { $0.key < $1.key }.map { (offset: $0.key, above: $0.value.above, below: $0.value.below) }
        if units.contains(0xAD) {
            for b in breaks where !b.isMandatory && units[b.offset - 1] == 0xAD {
                softHyphenWidths[b.offset] = hyphen(at: b.offset)?.widthInPoints
            }
        }
    }

    /// One bidi paragraph of `units`. Automatic direction is UAX #9's first strong character
    /// (rule P2), but in a language written right to left (`LanguageDirection`) a paragraph
    /// reads right to left when it has no strong letter outside isolates (a date range's two
    /// isolated dates), or when at least as many of its words run right to left as left to
    /// right, whatever it starts with: "iPhone 16 وصل إلى متجرنا" (one word against three)
    /// opens with the name on the right, where first-strong set its Arabic words left of the
    /// name they follow; "Meeting with محمد at 5pm" (four against one) stays left to right. An
    /// author's own direction marks, embeddings or isolates leave rule P2 alone.
    static func bidi(_ units: [UInt16], baseDirection: BidiParagraph.BaseDirection,
                     language: LanguageTag) throws -> BidiParagraph {
        let bidi = try BidiParagraph(utf16: units, baseDirection: baseDirection)
        let evidence = bidi.evidence
        guard baseDirection == .auto, evidence.firstStrong != .rightToLeft,
              evidence.firstStrong == nil || evidence.rightToLeftWords > 0,
              LanguageDirection.isRightToLeft(tag: language.tag) else { return bidi }
        let readsRightToLeft = evidence.firstStrong == nil
            || (!evidence.hasExplicitFormatting && evidence.rightToLeftWords >= evidence.leftToRightWords)
        return readsRightToLeft ? try BidiParagraph(utf16: units, baseDirection: .rightToLeft) : bidi
    }

    /// The direction `text` is read in (its first paragraph's, by `bidi`) in `language`: what a
    /// template mirrors by.
    public static func readingDirection(of text: String, language: LanguageTag) -> TextDirection {
        let units = Array(text.utf16)
        let first = BidiParagraph.paragraphRanges(in: text).first ?? 0..<units.count
        return (try? bidi(Array(units[first]), baseDirection: .auto, language: language).direction) ?? .leftToRight
    }

    /// The scalars of UTF-16 code units, an unpaired surrogate read as U+FFFD (as
    /// `String(decoding:as:)` reads it, without building a string: that took the generic
    /// slow path and cost a short title's first layout some 0.8 million instructions).
    static func scalars(_ units: ArraySlice<UInt16>) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        var iterator = units.makeIterator()
        var decoder = UTF16()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): result.append(scalar)
            case .error: result.append("\u{FFFD}")
            case .emptyInput: return result
            }
        }
    }

    static func isHardBreak(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x1C...0x1E, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    static func isTrailingSpace(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x09, 0x20, 0x3000, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F: return true
        default: return unit < 0xD800 && isHardBreak(Unicode.Scalar(unit)!)
        }
    }

    /// The space after each cluster set in `attributes` in `script`, in ems: the attributes'
    /// tracking, but none in a script whose letters join (`ScriptTag.cursive`), where it would
    /// pull them apart. One rule for measuring a line and for drawing it.
    static func trackingInEms(_ attributes: TextAttributes, script: ScriptTag) -> Double {
        ScriptTag.cursive.contains(script) ? 0 : attributes.trackingInThousandthsOfEm / 1000
    }

    /// A space no line may break at (U+00A0, U+202F narrow, U+2007 figure): when a word joined
    /// by one must be cut, the cut falls after it, never before, so no line starts with it.
    static func isNoBreakSpace(_ unit: UInt16) -> Bool { unit == 0xA0 || unit == 0x202F || unit == 0x2007 }

    /// `range` without the whitespace and hard breaks at its end (they hang past the edge), a
    /// no-break space where a cut left one there included.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound, Paragraph.isTrailingSpace(text.utf16[end - 1]) || Paragraph.isNoBreakSpace(text.utf16[end - 1]) {
            end -= 1
        }
        return range.lowerBound..<end
    }

    /// The advance of a logical range set as a line at nominal sizes, trailing whitespace
    /// excluded.
    func width(_ range: Range<Int>) -> Double {
        let r = trimmed(range)
        let width = prefixWidth[r.upperBound] - prefixWidth[r.lowerBound]
        return lineStartWidths.isEmpty || r.isEmpty ? width : width + lineStartWidths[r.lowerBound]
    }

    /// The line box height of a logical range at nominal sizes (see `lineMetrics`).
    func lineHeight(_ range: Range<Int>, multiple: Double) -> Double {
        let m = lineMetrics(range)
        return (m.ascent + m.descent + m.gap) * multiple
    }

    /// The line box of a logical range at nominal sizes. Every line gets at least
    /// `uniformLineMetrics` — the largest ascent, descent and gap of all the faces the
    /// paragraph actually uses — so that baselines are evenly spaced when one line falls back
    /// to a taller face (CJK, emoji) and another does not; only a run set larger than the
    /// paragraph's size raises its own line further.
    /// A line holding ink that reaches past its face's ascent or descent (`inkOverhangs`) is
    /// that much taller, so its marks clear the next line's box instead of touching its letters.
    func lineMetrics(_ range: Range<Int>) -> (ascent: Double, descent: Double, gap: Double) {
        var (ascent, descent, gap) = uniformLineMetrics
        for item in items where item.range.overlaps(range) {
            ascent = max(ascent, item.ascentInPoints)
            descent = max(descent, item.descentInPoints)
            gap = max(gap, item.lineGapInPoints)
        }
        if !inkOverhangs.isEmpty {
            var low = 0, high = inkOverhangs.count
            while low < high {
                let mid = (low + high) / 2
                if inkOverhangs[mid].offset < range.lowerBound { low = mid + 1 } else { high = mid }
            }
            for overhang in inkOverhangs[low...] {
                guard overhang.offset < range.upperBound else { break }
                ascent = max(ascent, overhang.above)
                descent = max(descent, overhang.below)
            }
        }
        return (ascent, descent, gap)
    }

    /// A fallback face's line box at its run's size, in points: the face's `declared` ascent and
    /// descent capped at `fallbackLineBoxInEms`, raised again to reach its glyphs' ink (`top`
    /// above the baseline, `bottom` below, nil when none has ink) with the clearance kept
    /// around ink, but never past what the face declares (ink beyond that is a line's own
    /// overhang, as for any face).
    static func fallbackLineBox(declared: (ascent: Double, descent: Double), inkInPoints: (top: Double, bottom: Double)?,
                                sizeInPoints: Double) -> (ascent: Double, descent: Double) {
        let clearance = inkClearanceInEms * sizeInPoints
        var ascent = min(declared.ascent, fallbackLineBoxInEms.ascent * sizeInPoints)
        var descent = min(declared.descent, fallbackLineBoxInEms.descent * sizeInPoints)
        if let ink = inkInPoints {
            ascent = max(ascent, min(declared.ascent, ink.top + clearance))
            descent = max(descent, min(declared.descent, ink.bottom + clearance))
        }
        return (ascent, descent)
    }

    /// Each face the items use (a fallback face with its capped box), at the item's size but no
    /// larger than the paragraph's own (the first run's); the style's face when nothing is drawable.
    static func uniformLineMetrics(items: [Item], text: AttributedText,
                                   library: FontLibrary) -> (ascent: Double, descent: Double, gap: Double) {
        guard !items.isEmpty else {
            let a = text.attributes(at: 0)
            guard let face = library.face(family: a.family, weight: a.weight, style: a.style) else { return (0, 0, 0) }
            let k = a.sizeInPoints / Double(face.unitsPerEm)
            return (Double(face.metrics.ascender) * k, Double(-face.metrics.descender) * k, Double(face.metrics.lineGap) * k)
        }
        var ascent = 0.0, descent = 0.0, gap = 0.0
        for item in items {
            let size = text.runs[item.runIndex].attributes.sizeInPoints
            let k = min(size, text.primarySizeInPoints) / size
            ascent = max(ascent, item.ascentInPoints * k)
            descent = max(descent, item.descentInPoints * k)
            gap = max(gap, item.lineGapInPoints * k)
        }
        return (ascent, descent, gap)
    }

    /// The text of a logical range.
    public func string(_ range: Range<Int>) -> String {
        String(utf16Units: text.utf16[range])
    }
}
