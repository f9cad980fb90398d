import Raster

/// A stroke drawn just inside a view's edge, following its corner radius.
public struct Border: Hashable, Sendable {
    public let color: Color
    public let widthInPoints: Double

    public init(color: Color, widthInPoints: Double) throws {
        guard widthInPoints.isFinite, widthInPoints > 0 else {
            throw LayoutError.invalidArgument("border width must be a positive number of points, got \(widthInPoints)")
        }
        self.color = color
        self.widthInPoints = widthInPoints
    }
}
