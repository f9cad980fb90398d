/// An image filter. Lengths are in the image's pixels; angles in radians. Filters compose: `image.applying([.hueRotate(…), .gaussianBlur(…)])` applies
/// them in order.
public enum Filter: Hashable, Sendable {
    /// Rotates every colour's hue by the angle, keeping luminance (the SVG/CSS `hue-rotate`
    /// matrix; positive turns red towards yellow).
    case hueRotate(radians: Double)
    /// Core Image's `CIHueAdjust`: the hue turned by the angle in YIQ, keeping the luma
    /// (`hueAdjustMatrix` states the formula; positive turns red towards yellow).
    case hueAdjust(radians: Double)
    /// Rotates the picture about its centre, positive counter-clockwise, and scales it up just
    /// enough that it still covers the whole frame (Core Image's `CIStraightenFilter`): no
    /// empty corners. Any angle.
    case straighten(radians: Double)
    /// A Gaussian blur with standard deviation `sigma`. With `extendEdges` the pixels outside
    /// are copies of the border (right for photos); otherwise they are transparent (right for
    /// layers and shadows).
    case gaussianBlur(sigma: Double, extendEdges: Bool)
    /// A blurred, tinted copy of the image's alpha, offset and drawn beneath it.
    case dropShadow(offsetX: Double, offsetY: Double, sigma: Double, color: Color)
}

extension Image {
    public func applying(_ filter: Filter) -> Image {
        switch filter {
        case .hueRotate(let radians): return hueRotated(by: radians)
        case .hueAdjust(let radians): return hueAdjusted(by: radians)
        case .straighten(let radians): return straightened(by: radians)
        case .gaussianBlur(let sigma, let extendEdges): return gaussianBlurred(sigma: sigma, extendEdges: extendEdges)
        case .dropShadow(let dx, let dy, let sigma, let color):
            return withDropShadow(offsetX: dx, offsetY: dy, sigma: sigma, color: color)
        }
    }

    /// Applies `filters` in order.
    public func applying(_ filters: [Filter]) -> Image {
        filters.reduce(self) { $0.applying($1) }
    }
}
