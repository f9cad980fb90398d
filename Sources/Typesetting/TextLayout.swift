import Geometry
import Raster

/// Text measured and placed: the result of `TextLayout.init(_:options:)`, and what both
/// measuring and drawing use, so the size a caller is told is the size that is drawn.
/// Coordinates are points relative to the box's top-left corner; y grows downwards.
public struct TextLayout: Sendable {
    public struct Line: Sendable {
        /// What the line shows, in logical order (with "…" where it was truncated).
        public let text: String
        /// The UTF-16 range of the source text the line stands for.
        public let range: Range<Int>
        /// Advance width of the line's content (trailing spaces excluded), in points.
        public let width: Double
        /// The line's left edge (after alignment) and its baseline.
        public let origin: Point
        /// The line box: from `origin.y − ascent` to `origin.y + descent`, plus leading.
        public let ascent: Double
        public let descent: Double
        public let height: Double
        public let runs: [GlyphRun]
    }

    /// The common factor applied to every nominal size (1 = not shrunk).
    public let scale: Double
    /// The first run's nominal size × `scale`: the title's font size.
    public let fontSizeInPoints: Double
    public let lines: [Line]
    /// Widest line × total line height, in points.
    public let size: Size
    /// Text was cut short with an ellipsis.
    public let truncated: Bool
    /// Grapheme clusters no font can draw (they would show as `.notdef` boxes).
    public let missingGlyphs: [String]
    public let options: TextLayoutOptions
    /// The text had more hard line breaks than lines allowed, and was set larger with them
    /// treated as spaces.
    public internal(set) var hardBreaksSoftened = false
    /// Flaws of the breaks between this layout's lines (`BreakFlaw`), in line order.
    public internal(set) var breakFlaws: [BreakFlaw] = []
    /// Flaws the text's best-fitting breaks had, avoided by setting it slightly smaller.
    public internal(set) var flawedBreaksAvoided: [BreakFlaw] = []
    /// UTF-16 offsets inside words where a line ends with an added hyphen, in line order.
    public internal(set) var hyphenatedLineEnds: [Int] = []
    /// The text fitted at an allowed size with break opportunities alone: not truncated and
    /// no word cut at grapheme boundaries.
    var fitted = true
    /// Paragraphs built to cut the last line (0 when nothing was truncated): the cost that
    /// must stay small whatever the text.
    var truncationParagraphBuilds = 0
    /// Line pieces shaped again because a line's edge fell where HarfBuzz marks breaking
    /// unsafe (every piece when `Paragraph.reshapesEveryLine` is set).
    var reshapedPieces = 0
}
