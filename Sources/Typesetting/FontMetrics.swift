/// Vertical metrics of a face in font units (y up, baseline at 0).
///
/// Taken from the OS/2 typographic values when the face sets `USE_TYPO_METRICS`
/// (`fsSelection` bit 7), otherwise from `hhea` — the rule HarfBuzz and browsers follow.
public struct FontMetrics: Hashable, Sendable {
    /// Distance from the baseline to the top of the line box, usually positive.
    public let ascender: Int
    /// Distance from the baseline to the bottom of the line box, usually negative.
    public let descender: Int
    /// Extra space the font asks for between lines.
    public let lineGap: Int
    /// True when the values come from OS/2 typo metrics rather than `hhea`.
    public let usesTypoMetrics: Bool

    public init(ascender: Int, descender: Int, lineGap: Int, usesTypoMetrics: Bool) {
        self.ascender = ascender
        self.descender = descender
        self.lineGap = max(0, lineGap)
        self.usesTypoMetrics = usesTypoMetrics
    }

    /// `ascender − descender + lineGap`: the default baseline-to-baseline distance.
    public var lineHeight: Int { ascender - descender + lineGap }
}
