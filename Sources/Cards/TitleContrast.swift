import Raster

/// The title's colour against the ground drawn beneath it: what a reader gets, whatever the
/// template lit, shaded or laid under the title (the palette's stops say only what the colour
/// alone gives).
public struct TitleContrast: Hashable, Sendable {
    /// The title's colour, its opacity aside.
    public let color: Color
    /// The pixel under the title's lines where the colour contrasts least.
    public let ground: Color
    /// The WCAG 2 contrast there, unrounded: thresholds are judged on it.
    public let ratio: Double
    /// Every pixel under the title's lines had one colour (a solid card).
    public let groundIsUniform: Bool

    /// The contrast of text in `color` over `ground`; nil for a colour that is not drawn
    /// (fully transparent). A translucent colour is judged as it shows over the darkest and
    /// the lightest pixels.
    public init?(color: Color, ground: GroundExtremes) {
        guard color.alpha > 0 else { return nil }
        self.color = color.withAlpha(1)
        (ratio, self.ground) = ground.worstContrast(ofText: color)
        groundIsUniform = ground.isUniform
    }
}
