import Geometry
import Raster

/// UIKit's `UIImageView`: a bitmap placed in its frame by a content mode, optionally
/// clipped to the frame.
public struct ImageView: LayoutView {
    public let image: Image
    public let contentMode: ContentMode
    /// Hides the parts of the image outside the frame (needed with `aspectFill` and the
    /// unscaled modes when the image is larger than the frame).
    public let clipsToBounds: Bool
    /// Rounds the clip's corners, as a layer's `cornerRadius` with `masksToBounds`: it takes
    /// effect only with `clipsToBounds`.
    public let cornerRadius: Double
    public let background: Background?

    public init(image: Image, contentMode: ContentMode = .scaleToFill, clipsToBounds: Bool = false,
                cornerRadius: Double = 0, background: Background? = nil) throws {
        guard cornerRadius >= 0, !cornerRadius.isNaN else {
            throw LayoutError.invalidArgument("corner radius must be zero or more points, got \(cornerRadius)")
        }
        self.image = image
        self.contentMode = contentMode
        self.clipsToBounds = clipsToBounds
        self.cornerRadius = cornerRadius
        self.background = background
    }

    /// The image's own size (one pixel per point), as UIImageView's intrinsic size; the
    /// offer is ignored.
    public func sizeThatFits(_ size: Size, context: LayoutContext) throws -> Size {
        context.grid.snap(image.size)
    }

    /// Where the image is drawn in `frame`, before clipping (may extend past the frame).
    public func imageFrame(in frame: Rect) -> Rect {
        contentMode.frame(for: image.size, in: frame)
    }

    public func draw(in frame: Rect, on canvas: Canvas, context: LayoutContext) throws {
        background?.draw(in: frame, on: canvas)
        if clipsToBounds && cornerRadius > 0 {
            let clip = canvas.makeClip(rect: frame, cornerRadius: cornerRadius)
            canvas.draw(image, in: frame, contentMode: contentMode, clipsToBounds: false, clip: clip)
        } else {
            canvas.draw(image, in: frame, contentMode: contentMode, clipsToBounds: clipsToBounds)
        }
    }
}
