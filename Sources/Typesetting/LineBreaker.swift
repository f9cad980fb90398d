import UnicodeText

/// Chooses where lines end, on the logical text, using a paragraph's prefix-sum widths.
///
/// All widths here are at nominal sizes; a layout at scale s fits a box of width W when the
/// lines fit W / s. Break opportunities come from ICU (never inside a grapheme cluster);
/// "emergency" breaks at grapheme boundaries are used only when a single word is wider than
/// the line, as a last resort.
struct LineBreaker {
    let paragraph: Paragraph
    /// Break offsets in increasing order, ending with the text length.
    private let offsets: [Int]
    private let mandatory: [Bool]
    /// Breaks with a `BreakFlaw`, which balancing charges `flawPenalty` for.
    private let flawed: [Bool]
    /// The hyphen's width (nominal points) added to a line ending at each hyphenation point:
    /// the dictionary's and the paragraph's soft hyphens.
    let hyphenWidths: [Int: Double]
    /// Relative slack for comparing floating-point widths.
    static let epsilon = 1e-9

    /// With `avoidingFlawedBreaks`, breaks that have a `BreakFlaw` are not opportunities;
    /// with `splittingWordsWiderThan` a width in points at nominal sizes, every grapheme
    /// boundary between two non-space characters of a word wider than that also is one (a
    /// flawed one; words narrower than the line are never cut, however long the text); each
    /// key of `hyphenation` is one too (flawed), a line ending there being wider by its
    /// value, the hyphen's width.
    init(_ paragraph: Paragraph, avoidingFlawedBreaks: Bool = false, splittingWordsWiderThan wordWidthLimit: Double? = nil,
         hyphenation: [Int: Double] = [:]) {
        self.paragraph = paragraph
        hyphenWidths = hyphenation.merging(paragraph.softHyphenWidths) { dictionary, _ in dictionary }
        var points = hyphenation.keys.sorted()[...]
        var offsets: [Int] = [], mandatory: [Bool] = [], flawed: [Bool] = []
        let units = paragraph.text.utf16
        var boundaries = wordWidthLimit != nil ? paragraph.graphemes.boundaries[...] : []
        var wordStart = 0
        for (b, flaw) in zip(paragraph.breaks, paragraph.breakFlaws) where b.offset > 0 {
            let isLongWord = wordWidthLimit.map { paragraph.width(wordStart..<b.offset) > $0 } ?? false
            wordStart = b.offset
            while let h = points.first, h < b.offset {
                points.removeFirst()
                offsets.append(h)
                mandatory.append(false)
                flawed.append(true)
            }
            while let g = boundaries.first, g <= b.offset {
                boundaries.removeFirst()
                if isLongWord, g > 0, g < b.offset, !Paragraph.isTrailingSpace(units[g - 1]), !Paragraph.isTrailingSpace(units[g]),
                   !Paragraph.isNoBreakSpace(units[g]), !LineBreaker.cutStrandsPunctuation(at: g, in: units) {
                    offsets.append(g)
                    mandatory.append(false)
                    flawed.append(true)
                }
            }
            if avoidingFlawedBreaks && flaw != nil { continue }
            offsets.append(b.offset)
            mandatory.append(b.isMandatory)
            flawed.append(flaw != nil)
        }
        let count = paragraph.text.utf16.count
        if offsets.last != count {
            offsets.append(count)
            mandatory.append(true)
            flawed.append(false)
        }
        self.offsets = offsets
        self.mandatory = mandatory
        self.flawed = flawed
    }

    /// Whether cutting a word at grapheme boundary `offset` would end a line with an opening
    /// bracket or quotation mark (or `¿`, `¡`), or start one with closing punctuation, a
    /// quotation mark that closes, or a mark such as `,` `.` `!` `?`: "at «" / "hom", ") at".
    /// UAX #14 forbids those breaks (LB13, LB14) and a cut has no reason to make them; it falls
    /// a grapheme away, unless no other cut fits.
    static func cutStrandsPunctuation(at offset: Int, in units: [UInt16]) -> Bool {
        func isInverted(_ scalar: Unicode.Scalar) -> Bool { scalar == "¿" || scalar == "¡" }  // Po, but opening (Line_Break OP)
        if let before = UTF16Text.scalar(endingAt: offset, in: units) {
            switch before.properties.generalCategory {
            case .openPunctuation, .initialPunctuation: return true
            default: if isInverted(before) { return true }
            }
        }
        if let after = UTF16Text.scalar(startingAt: offset, in: units) {
            switch after.properties.generalCategory {
            case .closePunctuation, .finalPunctuation: return true
            case .otherPunctuation: return !isInverted(after)
            default: break
            }
        }
        return false
    }

    /// What balancing adds to a line's squared slack for ending at a flawed break: the cost
    /// of a line left a third empty, so a little unevenness is preferred to the flaw.
    private static func flawPenalty(measure: Double) -> Double { (measure / 3) * (measure / 3) }

    var textLength: Int { paragraph.text.utf16.count }

    /// The width of a line over `range` at nominal sizes: its content (set as narrow as it may
    /// be: a closing mark at its end halved, `Paragraph.narrowestWidth`), plus a hyphen when it
    /// ends at a hyphenation point.
    func width(_ range: Range<Int>) -> Double {
        let w = paragraph.narrowestWidth(range)
        return hyphenWidths.isEmpty ? w : w + (hyphenWidths[range.upperBound] ?? 0)
    }

    /// The widest stretch between two break opportunities: no line can be narrower without
    /// emergency breaks.
    var widestUnbreakable: Double {
        var start = 0, widest = 0.0
        for end in offsets {
            widest = max(widest, width(start..<end))
            start = end
        }
        return widest
    }

    /// First-fit lines no wider than `maxWidth`. Without `emergencyBreaks` a word wider than
    /// `maxWidth` makes the result nil. Stops early (returning nil) past `limit` lines.
    func greedy(maxWidth: Double, emergencyBreaks: Bool = false, limit: Int = .max) -> [Range<Int>]? {
        guard textLength > 0 else { return [0..<0] }
        let allowed = maxWidth * (1 + LineBreaker.epsilon)
        var lines: [Range<Int>] = []
        var start = 0
        var lastFit: Int?
        var j = 0
        while j < offsets.count {
            let end = offsets[j]
            if width(start..<end) <= allowed {
                lastFit = end
                if mandatory[j] {
                    lines.append(start..<end)
                    if lines.count > limit { return nil }
                    start = end
                    lastFit = nil
                }
                j += 1
                continue
            }
            if let fit = lastFit {
                lines.append(start..<fit)
                start = fit
                lastFit = nil
            } else if emergencyBreaks {
                // The word alone is too wide: take as many whole graphemes as fit (at least one),
                // and the spaces after them, which take no width at a line's end (so the next
                // line does not start with one).
                var cut = start
                for boundary in paragraph.graphemes.boundaries where boundary > start && boundary < end {
                    if paragraph.width(start..<boundary) <= allowed || cut == start { cut = boundary } else { break }
                }
                if cut == start || paragraph.width(start..<end) <= paragraph.width(start..<cut) { cut = end }
                lines.append(start..<cut)
                start = cut
                // A grapheme as wide as the whole word took the break after it: without this
                // step a mandatory break there (the text's end) added an empty line.
                if cut == end { j += 1 }
            } else {
                return nil
            }
            if lines.count > limit { return nil }
        }
        if start < textLength { lines.append(start..<textLength) }
        return lines.count > limit ? nil : lines
    }

    /// The smallest possible width of the longest line when the text is set in at most
    /// `maxLines` lines (no emergency breaks), with first-fit lines achieving it; nil when
    /// hard breaks alone need more lines.
    ///
    /// The greedy line count never increases as the width grows, so the optimum is found by
    /// bisecting the width between the widest word and the widest hard-broken line; the
    /// result is then snapped to the widest line actually produced, which is exact.
    func minimalWidth(maxLines: Int) -> (width: Double, lines: [Range<Int>])? {
        guard let unlimited = greedy(maxWidth: .infinity) else { return nil }
        guard unlimited.count <= maxLines else { return nil }
        var hi = unlimited.map(width).max() ?? 0
        var lo = widestUnbreakable
        var best = unlimited
        if let atLower = greedy(maxWidth: lo, limit: maxLines) {
            return (atLower.map(width).max() ?? 0, atLower)
        }
        for _ in 0..<64 where hi - lo > hi * LineBreaker.epsilon {
            let mid = (lo + hi) / 2
            if let lines = greedy(maxWidth: mid, limit: maxLines) {
                hi = mid
                best = lines
            } else {
                lo = mid
            }
        }
        return (best.map(width).max() ?? 0, best)
    }

    /// Lines no wider than `maxWidth`, as many as first-fit needs, chosen to be as even as
    /// possible: the sum of squared slack (last line included) is minimal, so no line is left
    /// with a lonely word while others are full — the goal of CSS `text-wrap: balance`.
    /// Dynamic programming over break opportunities; texts with many of them keep first-fit.
    func balanced(maxWidth: Double, lineCount: Int) -> [Range<Int>]? {
        guard let greedyLines = greedy(maxWidth: maxWidth) else { return nil }
        let n = offsets.count
        guard lineCount > 1, greedyLines.count == lineCount, n <= 400 else { return greedyLines }
        let allowed = maxWidth * (1 + LineBreaker.epsilon)
        let positions = [0] + offsets
        // cost[l][j]: least total squared slack of l lines covering positions[0]..<positions[j].
        var cost = [[Double]](repeating: [Double](repeating: .infinity, count: n + 1), count: lineCount + 1)
        var from = [[Int]](repeating: [Int](repeating: -1, count: n + 1), count: lineCount + 1)
        cost[0][0] = 0
        for l in 1...lineCount {
            for j in 1...n {
                var i = j - 1
                while i >= 0 {
                    if i < j - 1, mandatory[i] { break }  // a line cannot span a hard break
                    let w = width(positions[i]..<positions[j])
                    if w > allowed { break }
                    if cost[l - 1][i] < .infinity {
                        let slack = maxWidth - w
                        var c = cost[l - 1][i] + slack * slack
                        if j < n, flawed[j - 1] { c += LineBreaker.flawPenalty(measure: maxWidth) }
                        if c < cost[l][j] {
                            cost[l][j] = c
                            from[l][j] = i
                        }
                    }
                    i -= 1
                }
            }
        }
        guard cost[lineCount][n] < .infinity else { return greedyLines }
        var lines: [Range<Int>] = []
        var j = n
        for l in stride(from: lineCount, to: 0, by: -1) {
            let i = from[l][j]
            lines.append(positions[i]..<positions[j])
            j = i
        }
        return lines.reversed()
    }
}
