import Geometry

/// One colour stop of a gradient: `offset` in 0…1 along the gradient.
public struct GradientStop: Hashable, Sendable {
    public let offset: Double
    public let color: Color

    public init(offset: Double, color: Color) {
        self.offset = min(max(offset.isNaN ? 0 : offset, 0), 1)
        self.color = color
    }
}

/// What fills a shape. Gradient geometry is in the same point space as the shapes; beyond
/// their ends gradients extend their end colours.
public enum Paint: Hashable, Sendable {
    case solid(Color)
    /// Colours vary along the line from `start` to `end`.
    case linearGradient(start: Point, end: Point, stops: [GradientStop])
    /// Colours vary with distance from `center`, from the first stop at the centre to the
    /// last at `radius`.
    case radialGradient(center: Point, radius: Double, stops: [GradientStop])

    /// The stops in the order they apply (a stable sort by offset, so equal offsets keep
    /// their given order and make a hard edge).
    var sortedStops: [GradientStop] {
        switch self {
        case .solid: return []
        case .linearGradient(_, _, let stops), .radialGradient(_, _, let stops):
            return stops.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
        }
    }

    /// True when every pixel painted is opaque.
    public var isOpaque: Bool {
        switch self {
        case .solid(let c): return c.alpha >= 1
        case .linearGradient(_, _, let stops), .radialGradient(_, _, let stops):
            return !stops.isEmpty && stops.allSatisfy { $0.color.alpha >= 1 }
        }
    }
}
