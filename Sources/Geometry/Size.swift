/// A width and height in points. `.infinity` is allowed and means "unbounded" where an API says so.
public struct Size: Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// True when either side is zero or negative (nothing to draw).
    public var isEmpty: Bool { !(width > 0 && height > 0) }
}
