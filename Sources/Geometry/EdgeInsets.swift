/// Distances in points from each edge of a rectangle inwards, in UIKit's order
/// (top, left, bottom, right). Negative values grow the rectangle.
public struct EdgeInsets: Hashable, Sendable, Codable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets()

    public var horizontal: Double { left + right }
    public var vertical: Double { top + bottom }
}

extension Rect {
    /// UIKit's `UIEdgeInsetsInsetRect`: the rectangle with each edge moved inwards by its inset.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: minX + insets.left, y: minY + insets.top,
             width: width - insets.horizontal, height: height - insets.vertical)
    }
}
