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

extension Paint {
    /// The colour this paint lays at `point` (in the paint's own point space): a gradient's
    /// position projected on its line, or its distance from the centre over the radius, clamped
    /// to 0…1 as the ends extend, and the two stops around it mixed component by component in
    /// sRGB, unpremultiplied, as pixman mixes them. Where stops share an offset the later one
    /// holds from there on. A gradient without length or stops gives its last or only colour.
    public func color(at point: Point) -> Color {
        let t: Double
        switch self {
        case .solid(let color): return color
        case .linearGradient(let start, let end, _):
            let dx = end.x - start.x, dy = end.y - start.y, lengthSquared = dx * dx + dy * dy
            guard lengthSquared > 0 else { return sortedStops.last?.color ?? .clear }
            t = ((point.x - start.x) * dx + (point.y - start.y) * dy) / lengthSquared
        case .radialGradient(let center, let radius, _):
            guard radius > 0 else { return sortedStops.last?.color ?? .clear }
            t = ((point.x - center.x) * (point.x - center.x) + (point.y - center.y) * (point.y - center.y)).squareRoot() / radius
        }
        let stops = sortedStops
        guard let first = stops.first, let last = stops.last else { return .clear }
        let position = t.isNaN ? 0 : min(max(t, 0), 1)
        guard position >= first.offset else { return first.color }
        guard let after = stops.firstIndex(where: { $0.offset > position }) else { return last.color }
        let low = stops[after - 1], high = stops[after]
        let k = (position - low.offset) / (high.offset - low.offset)
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * k }
        return Color(red: mix(low.color.red, high.color.red), green: mix(low.color.green, high.color.green),
                     blue: mix(low.color.blue, high.color.blue), alpha: mix(low.color.alpha, high.color.alpha))
    }
}
