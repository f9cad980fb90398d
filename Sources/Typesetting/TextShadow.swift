import Geometry
import Raster

/// A shadow cast by text: the glyphs' coverage moved by an offset, blurred and filled with
/// a colour, drawn beneath the text. Colour glyphs (emoji) cast a shadow from their alpha.
public struct TextShadow: Hashable, Sendable {
    /// How far the shadow is moved from the text (x right, y down).
    public let offsetInPoints: Point
    /// The blur as CSS `text-shadow` and UIKit's `NSShadow` give it: a Gaussian of standard
    /// deviation radius / 2. Zero gives a hard-edged copy of the glyphs.
    public let blurRadiusInPoints: Double
    public let color: Color

    /// The largest blur radius accepted.
    public static let maximumBlurRadiusInPoints = 1000.0

    /// Nil when the offset is not finite or the radius is outside 0…`maximumBlurRadiusInPoints`.
    public init?(offsetInPoints: Point, blurRadiusInPoints: Double = 0, color: Color = Color.black.withAlpha(1.0 / 3)) {
        guard offsetInPoints.x.isFinite, offsetInPoints.y.isFinite, blurRadiusInPoints.isFinite,
              blurRadiusInPoints >= 0, blurRadiusInPoints <= Self.maximumBlurRadiusInPoints else { return nil }
        self.offsetInPoints = offsetInPoints
        self.blurRadiusInPoints = blurRadiusInPoints
        self.color = color
    }

    /// The Gaussian's standard deviation.
    public var sigmaInPoints: Double { blurRadiusInPoints / 2 }
}
