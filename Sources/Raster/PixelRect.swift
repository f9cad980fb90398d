import Geometry

/// A rectangle of whole device pixels.
public struct PixelRect: Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    public func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        let x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// The whole pixels touched by `rect` (a rectangle in pixel units), clamped to a range
    /// that pixman's 32-bit coordinates can hold.
    public init(enclosing rect: Rect) {
        let limit = 1_000_000.0
        func clamp(_ v: Double) -> Int { Int(min(max(v.isNaN ? 0 : v, -limit), limit)) }
        let x0 = clamp(rect.minX.rounded(.down)), y0 = clamp(rect.minY.rounded(.down))
        let x1 = clamp(rect.maxX.rounded(.up)), y1 = clamp(rect.maxY.rounded(.up))
        self.init(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}
