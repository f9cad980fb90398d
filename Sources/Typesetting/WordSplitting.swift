extension TextLayout {
    /// The largest fraction of the size that splitting words may gain and still not be taken:
    /// a word is cut between graphemes only when keeping words whole would set the text at
    /// less than half the size (44 W's on one line at 23 pt instead of three lines at 60 pt),
    /// or would not fit at all.
    public static let wordSplitScaleRatio = 0.5

    /// Fitted with words kept whole (`init(preferringGoodBreaks:options:)`); when that comes
    /// out below half the nominal size or does not fit, also fitted with every grapheme
    /// boundary inside a word wider than the box (at the nominal size) as a break, which wins when it fits and at least doubles the
    /// size — or when the whole words do not fit at all: then at the largest size that fits,
    /// not at the minimum.
    ///
    /// Hyphenation comes first: when the dictionary's points set the text larger than whole
    /// words (`init(hyphenating:options:comparedWith:)`), that layout is the one grapheme cuts
    /// must then beat, so a hyphen is preferred to a cut wherever both fit.
    init(splittingWordsIfMuchLarger paragraph: Paragraph, options: TextLayoutOptions) {
        let plain = TextLayout(preferringGoodBreaks: paragraph, options: options)
        let whole = TextLayout(hyphenating: paragraph, options: options, comparedWith: plain) ?? plain
        guard options.adjustsFontSize, !whole.fitted || whole.scale < TextLayout.wordSplitScaleRatio else {
            self = whole
            return
        }
        var split = TextLayout(fitting: paragraph, options: options, avoidingFlawedBreaks: false, splittingWords: true)
        guard split.fitted, !whole.fitted || whole.scale < split.scale * TextLayout.wordSplitScaleRatio else {
            self = whole
            return
        }
        split.breakFlaws = split.usedBreakFlaws(paragraph)
        split.flawedBreaksAvoided = whole.flawedBreaksAvoided
        self = split
    }
}
