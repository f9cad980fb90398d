import Geometry
import Raster
import Typesetting

/// What a button or chip shows beside its title: a vector icon in a colour, an emoji set
/// through the typesetter, or a bitmap. Its natural size is what `Button` uses as (iw, ih);
/// it is drawn aspect-fit and centred in whatever frame it is given.
public struct ButtonImage: LayoutView {
    enum Content: Sendable {
        case icon(Icon, Color, Icon.Style)
        case emoji(Label)
        case image(Image)
    }

    let content: Content
    /// The natural size for icons and bitmaps; emoji are measured by the typesetter.
    let fixedSize: Size?

    /// An icon drawn in a square `sizeInPoints` on a side.
    public static func icon(_ icon: Icon, sizeInPoints: Double, color: Color,
                            style: Icon.Style = .outline) throws -> ButtonImage {
        try validate(sizeInPoints, "icon size")
        return ButtonImage(content: .icon(icon, color, style), fixedSize: Size(width: sizeInPoints, height: sizeInPoints))
    }

    /// Any emoji (or other short text) at an em size of `sizeInPoints`; its size is its
    /// typeset line box, so it sits on the title's line like a character would.
    public static func emoji(_ emoji: String, sizeInPoints: Double) throws -> ButtonImage {
        guard !emoji.isEmpty else { throw LayoutError.invalidArgument("emoji must not be empty") }
        let attributes = try TextAttributes(family: "Noto Color Emoji", weight: .regular, sizeInPoints: sizeInPoints)
        let label = try Label(emoji, attributes: attributes, numberOfLines: 1, lineBreakMode: .wordWrap,
                              alignment: .center)
        return ButtonImage(content: .emoji(label), fixedSize: nil)
    }

    /// A bitmap shown at `size` points (its pixel size when nil).
    public static func image(_ image: Image, size: Size? = nil) throws -> ButtonImage {
        let size = size ?? image.size
        try validate(size.width, "image width")
        try validate(size.height, "image height")
        return ButtonImage(content: .image(image), fixedSize: size)
    }

    private static func validate(_ value: Double, _ name: String) throws {
        guard value.isFinite, value > 0, value <= 4096 else {
            throw LayoutError.invalidArgument("\(name) must be in (0, 4096] points, got \(value)")
        }
    }

    /// The natural size on the pixel grid; the offer is ignored, as UIKit's image views do.
    public func sizeThatFits(_ size: Size, context: LayoutContext) throws -> Size {
        switch content {
        case .emoji(let label): return try label.sizeToFit(context: context)
        case .icon, .image: return context.grid.snap(fixedSize!)
        }
    }

    public func draw(in frame: Rect, on canvas: Canvas, context: LayoutContext) throws {
        switch content {
        case .icon(let icon, let color, let style):
            icon.draw(in: frame, color: color, style: style, on: canvas)
        case .emoji(let label):
            try label.draw(in: frame, on: canvas, context: context)
        case .image(let image):
            canvas.draw(image, in: frame, contentMode: .aspectFit)
        }
    }
}
