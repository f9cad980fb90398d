import Geometry

/// What one path may hold to be drawn. FreeType 2.12 counts an outline's points and
/// contours in C `short`s, so a filled path holds at most 32,767 points, and so does the
/// outline FreeType's stroker builds for a stroked one: both sides, plus the arcs of round
/// joins and caps and the pieces curves are cut into — up to about 36 points per point of a
/// sharply curved path, 9 per point of a round-joined zigzag. Scene and template parsers
/// refuse larger paths with an error naming the element, so nothing reaches the canvas
/// that it would silently leave out.
public enum OutlineLimits {
    /// Points of one FreeType outline: a filled path, or the outline of a stroke.
    public static let maximumPoints = 32_767

    /// Nil when `path` stroked with `style` at `scale` fits one outline, else what is too
    /// large. A stroke's outline grows slightly with the scale (fewer tiny segments are
    /// dropped), so parsers check at the largest scale they draw at.
    public static func strokeProblem(_ path: Path, style: StrokeStyle, scale: Double) -> String? {
        StrokeOutlineMeter().problem(path, style: style, scale: scale)
    }
}

/// Measures the outlines FreeType's stroker builds, with one FreeType library for as many
/// strokes as a parser checks (starting a library costs more than measuring a small
/// stroke). Use from one thread at a time.
public final class StrokeOutlineMeter {
    private let rasterizer = OutlineRasterizer()

    public init() {}

    /// As `OutlineLimits.strokeProblem`.
    public func problem(_ path: Path, style: StrokeStyle, scale: Double) -> String? {
        guard let device = try? StrokeStyle(width: style.width * scale, join: style.join, cap: style.cap, miterLimit: style.miterLimit) else {
            return nil
        }
        let limit = OutlineLimits.maximumPoints
        let size = rasterizer.strokeOutlineSize(path.applying(.scale(x: scale, y: scale)), style: device)
        if size.points > limit || size.contours > limit {
            return "the outline of this stroke would hold \(size.points == Int.max ? "too many" : String(size.points)) points at scale \(scale), over FreeType's limit of \(limit): use fewer points or curves"
        }
        if size.dotPoints > limit {
            return "this stroke has too many zero-length subpaths (their caps take \(size.dotPoints) points, over the limit of \(limit))"
        }
        return nil
    }
}

extension Path {
    /// The points a FreeType outline of this path holds: one per move or line, two per
    /// quadratic and three per cubic segment.
    public var outlinePointCount: Int {
        elements.reduce(0) { count, element in
            switch element {
            case .move, .line: return count + 1
            case .quad: return count + 2
            case .cubic: return count + 3
            case .close: return count
            }
        }
    }
}
