import Geometry
import Raster

extension TextLayout {
    /// Every glyph run of every line, moved so the layout box's top-left corner is `origin`.
    public func glyphRuns(at origin: Point) -> [GlyphRun] {
        lines.flatMap { $0.runs.map { $0.offsetBy(dx: origin.x, dy: origin.y) } }
    }
}

extension Canvas {
    /// Draws a layout with its box's top-left corner at `origin` (points): the same
    /// positions the layout reported when it was measured.
    public func draw(_ layout: TextLayout, at origin: Point, cache: GlyphCache, shadow: TextShadow? = nil,
                     clip: CoverageMask? = nil) {
        draw(layout.glyphRuns(at: origin), cache: cache, shadow: shadow, clip: clip)
    }
}
