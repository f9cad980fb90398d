import Geometry

/// A face found in an image: its box in the image's pixels (origin top-left), as the cascade
/// reports it — roughly brow to chin and cheek to cheek, square.
public struct Face: Hashable, Sendable {
    public let bounds: Rect

    public init(bounds: Rect) {
        self.bounds = bounds
    }
}
