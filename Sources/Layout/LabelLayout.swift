import Geometry
import Typesetting

/// A label's text laid out in one box: what `Label.sizeThatFits` reports and what
/// `Label.draw` paints. Positions are relative to the box's top-left corner.
public struct LabelLayout: Sendable {
    /// The box the text was laid out in (either side may be `.infinity`).
    public let box: Size
    /// The lines drawn, top to bottom, relative to `linesOffsetY`.
    public let lines: [TextLayout.Line]
    /// Added to every line's y to place it in the box: together they centre the text
    /// block vertically in a finite box.
    public let linesOffsetY: Double
    /// Widest visible line × the visible lines' total height, in points (not snapped).
    public let size: Size
    /// Text was cut: an ellipsis was drawn or lines were dropped.
    public let truncated: Bool
    /// The common factor applied to every font size (1 = not shrunk).
    public let fontScale: Double
    /// Grapheme clusters no font can draw.
    public let missingGlyphs: [String]

    static func empty(box: Size) -> LabelLayout {
        LabelLayout(box: box, lines: [], linesOffsetY: 0, size: .zero, truncated: false, fontScale: 1, missingGlyphs: [])
    }

    /// The top of the text block in the box.
    public var textMinY: Double {
        guard let first = lines.first else { return linesOffsetY }
        // A line's box puts half its leading above the ascent (see `TextLayout.Line`).
        return first.origin.y - first.ascent - (first.height - first.ascent - first.descent) / 2 + linesOffsetY
    }

    /// The source ranges of the visible lines: what decides whether two layouts break alike.
    var lineRanges: [Range<Int>] { lines.map(\.range) }

    /// The glyph runs of every visible line, with the box's top-left corner at `origin`.
    func glyphRuns(at origin: Point) -> [GlyphRun] {
        lines.flatMap { $0.runs.map { $0.offsetBy(dx: origin.x, dy: origin.y + linesOffsetY) } }
    }
}
