import Geometry
import Raster

/// Glyphs of one face at one size, each placed at its baseline origin in points (y down):
/// what layout hands to drawing. Positions are final; drawing only snaps them to the pixel
/// grid (x to ¼ device pixel, y to whole device pixels).
public struct GlyphRun: Sendable {
    /// One glyph and where its origin (on the baseline) sits, in points.
    public struct Glyph: Hashable, Sendable {
        public var id: UInt32
        public var position: Point

        public init(id: UInt32, position: Point) {
            self.id = id
            self.position = position
        }
    }

    /// The largest em size accepted (a bound on the work one run can ask for).
    public static let maximumFontSizeInPoints = 4096.0

    public let face: FontFace
    /// The em size.
    public let fontSizeInPoints: Double
    /// Fills outline glyphs (gradient geometry in canvas points). Colour glyphs (emoji)
    /// keep their own colours.
    public var paint: Paint
    public let glyphs: [Glyph]

    /// Nil when the size is not in (0, `maximumFontSizeInPoints`] or a position is not finite.
    public init?(face: FontFace, fontSizeInPoints: Double, paint: Paint = .solid(.black), glyphs: [Glyph]) {
        guard fontSizeInPoints.isFinite, fontSizeInPoints > 0, fontSizeInPoints <= Self.maximumFontSizeInPoints,
              glyphs.allSatisfy({ $0.position.x.isFinite && $0.position.y.isFinite }) else { return nil }
        self.face = face
        self.fontSizeInPoints = fontSizeInPoints
        self.paint = paint
        self.glyphs = glyphs
    }

    /// Places `shaped.glyphs[range]` (all when nil) from `origin` (the pen position on the
    /// baseline, points), converting HarfBuzz's font-unit advances and offsets (y up) by
    /// size / unitsPerEm. Nil under the same conditions as the memberwise initialiser.
    public init?(_ shaped: ShapedRun, range: Range<Int>? = nil, fontSizeInPoints: Double,
                 origin: Point, paint: Paint = .solid(.black)) {
        let range = range ?? shaped.glyphs.indices
        precondition(range.lowerBound >= 0 && range.upperBound <= shaped.glyphs.count,
                     "glyph range \(range) is outside the run (0..<\(shaped.glyphs.count))")
        let k = fontSizeInPoints / Double(shaped.unitsPerEm)
        var penX = 0, penY = 0  // font units; summing integers keeps long runs exact
        var placed: [Glyph] = []
        placed.reserveCapacity(range.count)
        for g in shaped.glyphs[range] {
            placed.append(Glyph(id: g.glyphID, position: Point(
                x: origin.x + Double(penX + Int(g.xOffset)) * k,
                y: origin.y - Double(penY + Int(g.yOffset)) * k)))
            penX += Int(g.xAdvance)
            penY += Int(g.yAdvance)
        }
        self.init(face: shaped.face, fontSizeInPoints: fontSizeInPoints, paint: paint, glyphs: placed)
    }

    /// The run moved by (dx, dy) points, which must be finite.
    public func offsetBy(dx: Double, dy: Double) -> GlyphRun {
        precondition(dx.isFinite && dy.isFinite, "offset must be finite, got (\(dx), \(dy))")
        let moved = glyphs.map { Glyph(id: $0.id, position: Point(x: $0.position.x + dx, y: $0.position.y + dy)) }
        return GlyphRun(validated: face, fontSizeInPoints, paint, moved)
    }

    private init(validated face: FontFace, _ size: Double, _ paint: Paint, _ glyphs: [Glyph]) {
        self.face = face
        self.fontSizeInPoints = size
        self.paint = paint
        self.glyphs = glyphs
    }
}
