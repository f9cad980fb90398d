import Geometry

/// The one pixel-snapping rule of the layout system, applied here and nowhere else.
///
/// A final frame's origin is floored to the device-pixel grid (multiples of 1 / `scale`
/// points) and its size is rounded up to it, so content is never narrower than measured
/// and edges land on whole device pixels. Values within 1e-6 pixel of a grid line count as
/// on it, so arithmetic noise (0.1 + 0.2) does not push a value a whole pixel away.
///
/// Layout arithmetic (`ButtonGeometry`, stack distribution) stays unsnapped; views snap
/// only the sizes and frames they hand out, once. The one mirror image of the rule: a label
/// floors the box it is offered to the grid before typesetting, since it can only ever be
/// drawn in a frame on the grid. At scale 2 UIKit's half-point figures (124.5) are on the
/// grid and survive snapping unchanged; at scale 1 they floor to the pixel before.
public struct PixelGrid: Hashable, Sendable {
    /// Device pixels per point.
    public let scale: Double

    /// `scale` must be finite and positive.
    public init(scale: Double) throws {
        guard scale.isFinite, scale > 0 else { throw LayoutError.invalidArgument("pixel grid scale must be positive, got \(scale)") }
        self.scale = scale
    }

    static let tolerance = 1e-6

    /// The grid line at or before `value` (points). Infinite values pass through.
    public func floor(_ value: Double) -> Double {
        guard value.isFinite else { return value }
        return (value * scale + Self.tolerance).rounded(.down) / scale
    }

    /// The grid line at or after `value` (points). Infinite values pass through.
    public func ceil(_ value: Double) -> Double {
        guard value.isFinite else { return value }
        return (value * scale - Self.tolerance).rounded(.up) / scale
    }

    /// A size rounded up on both axes (never below zero).
    public func snap(_ size: Size) -> Size {
        Size(width: max(0, ceil(size.width)), height: max(0, ceil(size.height)))
    }

    /// The frame with its origin floored and its size rounded up.
    public func snap(_ rect: Rect) -> Rect {
        Rect(origin: Point(x: floor(rect.minX), y: floor(rect.minY)), size: snap(rect.size))
    }
}
