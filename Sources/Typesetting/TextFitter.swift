import Geometry
import UnicodeText

extension TextLayout {
    /// Fits `paragraph` into the box `options` describe and places every glyph.
    ///
    /// With `adjustsFontSize` the result is the exact largest common scale (≤ 1, ≥ the
    /// minimum scale factor) at which the text fits: for each line count k the narrowest
    /// possible longest line m_k is found (`LineBreaker.minimalWidth`), the size it allows is
    /// min(boxWidth / m_k, boxHeight / height of those k lines), and the best k wins. No size
    /// steps are tried. When even the minimum scale does not fit, lines wrap at that scale
    /// (breaking inside words only if a word alone is too wide) and the last visible line is
    /// truncated with an ellipsis.
    ///
    /// Hard line breaks are the author's, and kept — unless the text has more of them than
    /// the line limit allows; then the breaks are also tried as spaces, and that layout wins
    /// when it is not truncated while the other is, or is set larger.
    public init(_ paragraph: Paragraph, options: TextLayoutOptions) {
        let asWritten = TextLayout(splittingWordsIfMuchLarger: paragraph, options: options)
        guard options.maxLines > 0, paragraph.hardLineCount > options.maxLines,
              let softened = try? paragraph.softeningHardBreaks() else {
            self = asWritten
            return
        }
        let alternative = TextLayout(splittingWordsIfMuchLarger: softened, options: options)
        let better = (asWritten.truncated && !alternative.truncated)
            || (asWritten.truncated == alternative.truncated && alternative.scale > asWritten.scale * (1 + 1e-9))
        self = better ? alternative : asWritten
        hardBreaksSoftened = better
    }

    /// Fitted with every break, and, when that uses a flawed one (`BreakFlaw`), also without
    /// flawed breaks: the second wins when it is not truncated and its size is at least
    /// `goodBreakScaleRatio` of the first's (or the first is truncated).
    init(preferringGoodBreaks paragraph: Paragraph, options: TextLayoutOptions) {
        var any = TextLayout(fitting: paragraph, options: options, avoidingFlawedBreaks: false)
        any.breakFlaws = any.usedBreakFlaws(paragraph)
        guard !any.breakFlaws.isEmpty else { self = any; return }
        var good = TextLayout(fitting: paragraph, options: options, avoidingFlawedBreaks: true)
        good.breakFlaws = good.usedBreakFlaws(paragraph)
        good.flawedBreaksAvoided = Array(Set(any.breakFlaws).subtracting(good.breakFlaws)).sorted { $0.rawValue < $1.rawValue }
        // Without flawed breaks a word may become wider than the box; cutting it at grapheme
        // boundaries (which ignore every break rule) is no improvement.
        let better = good.fitted && (!any.fitted || good.scale >= any.scale * TextLayout.goodBreakScaleRatio)
        self = better ? good : any
    }

    /// The smallest fraction of the size that avoiding flawed breaks may cost: a Japanese
    /// title of 20 characters in two lines keeps a word whole by moving one character.
    public static let goodBreakScaleRatio = 0.85

    /// The flaws of the breaks that end this layout's lines (the last line excepted).
    func usedBreakFlaws(_ paragraph: Paragraph) -> [BreakFlaw] {
        lines.dropLast().compactMap { line in
            if hyphenatedLineEnds.contains(line.range.upperBound) { return .hyphenated }
            guard let b = paragraph.breaks.break(at: line.range.upperBound) else { return .splitsWord }
            return paragraph.breakFlaws[paragraph.breaks.firstIndex(notBefore: b.offset)]
        }
    }

    init(fitting paragraph: Paragraph, options: TextLayoutOptions, avoidingFlawedBreaks: Bool, splittingWords: Bool = false,
         hyphenation: [Int: Double] = [:]) {
        // Only a word wider than the box at the nominal size is ever cut between graphemes.
        let breaker = LineBreaker(paragraph, avoidingFlawedBreaks: avoidingFlawedBreaks,
                                  splittingWordsWiderThan: splittingWords ? options.width : nil, hyphenation: hyphenation)
        let boxWidth = options.width, boxHeight = options.height
        let lineLimit = options.maxLines == 0 ? Int.max : options.maxLines
        func height(_ lines: [Range<Int>]) -> Double {
            lines.reduce(0) { $0 + paragraph.lineHeight($1, multiple: options.lineHeightMultiple) }
        }

        var scale = 1.0
        var lines: [Range<Int>] = []
        var fitted = false
        if options.adjustsFontSize {
            var best: (scale: Double, width: Double, lines: [Range<Int>])?
            var k = 1
            while k <= lineLimit {
                guard let candidate = breaker.minimalWidth(maxLines: k) else { k += 1; continue }
                let byHeight = boxHeight / height(candidate.lines)
                let byWidth = candidate.width > 0 ? boxWidth / candidate.width : .infinity
                let s = min(byWidth, byHeight)
                if best == nil || s > best!.scale * (1 + 1e-12) { best = (s, candidate.width, candidate.lines) }
                // Stop once the text fits at full size, once more lines cannot be narrower,
                // or once height alone rules out anything better.
                if s >= 1 || candidate.lines.count < k || byHeight <= best!.scale { break }
                k += 1
            }
            if let best, best.scale >= options.minimumScaleFactor {
                scale = min(best.scale, 1)
                fitted = true
                let rewrapped: [Range<Int>]?
                if scale == 1 {
                    rewrapped = TextLayout.wrap(breaker, width: boxWidth, options: options)
                } else if options.wrap == .balanced {
                    rewrapped = breaker.balanced(maxWidth: best.width, lineCount: best.lines.count)
                } else {
                    rewrapped = breaker.greedy(maxWidth: boxWidth / scale)
                }
                // First-fit at a wider measure needs no more lines only while a longer stretch
                // is never narrower than a shorter one; negative tracking breaks that, so lines
                // that would exceed the count the size was chosen for are not taken.
                if let rewrapped, rewrapped.count <= best.lines.count {
                    lines = rewrapped
                } else {
                    lines = best.lines
                }
            } else {
                scale = options.minimumScaleFactor
            }
        } else if let wrapped = TextLayout.wrap(breaker, width: boxWidth, options: options),
                  wrapped.count <= lineLimit, height(wrapped) <= boxHeight * (1 + 1e-9) {
            lines = wrapped
            fitted = true
        }

        var truncated = false
        var truncation: TruncatedLine?
        if !fitted {
            let all = breaker.greedy(maxWidth: boxWidth / scale, emergencyBreaks: true) ?? [0..<breaker.textLength]
            // As many lines as the limit and the box height allow (always at least one).
            var visible = 0, used = 0.0
            while visible < min(all.count, lineLimit) {
                let h = paragraph.lineHeight(all[visible], multiple: options.lineHeightMultiple) * scale
                if visible > 0 && used + h > boxHeight * (1 + 1e-9) { break }
                used += h
                visible += 1
            }
            lines = Array(all.prefix(visible))
            // The last line is also cut when it is one grapheme wider than the box (an emergency
            // break cannot split it), as UIKit truncates a label's last line: for a one-line title
            // of such a cluster, an ellipsis alone. One on an earlier line overflows the box.
            let lastOverflows = breaker.width(lines[visible - 1]) > boxWidth / scale * (1 + LineBreaker.epsilon)
            if visible < all.count || lastOverflows {
                truncated = true
                truncation = TextLayout.truncate(paragraph, from: lines[visible - 1].lowerBound,
                                                 width: boxWidth / scale, mode: options.truncation)
                lines.removeLast()
            }
        }

        let hyphenated = lines.dropLast(truncation == nil ? 1 : 0).map(\.upperBound).filter { breaker.hyphenWidths[$0] != nil }
        self = TextLayout.place(paragraph, lines: lines, lastLine: truncation.map { ($0.range, $0.paragraph) },
                                scale: scale, options: options, truncated: truncated, hyphenatedEnds: Set(hyphenated))
        hyphenatedLineEnds = hyphenated
        self.fitted = fitted
        truncationParagraphBuilds = truncation?.paragraphBuilds ?? 0
    }

    /// Lines at full size in the wrap mode asked for; nil when a word is wider than the box.
    static func wrap(_ breaker: LineBreaker, width: Double, options: TextLayoutOptions) -> [Range<Int>]? {
        guard let greedy = breaker.greedy(maxWidth: width) else { return nil }
        guard options.wrap == .balanced, greedy.count > 1,
              let tightest = breaker.minimalWidth(maxLines: greedy.count) else { return greedy }
        return breaker.balanced(maxWidth: tightest.width, lineCount: tightest.lines.count) ?? greedy
    }
}
