import Geometry

/// Where an element goes. Placed when the scene is resolved, against the canvas it is
/// resolved for.
public enum Frame: Hashable, Sendable {
    /// Fixed coordinates in points.
    case absolute(Rect)

    /// The rectangle in a canvas of `size` points.
    public func place(in size: Size) -> Rect {
        switch self {
        case .absolute(let r): return r
        }
    }
}
