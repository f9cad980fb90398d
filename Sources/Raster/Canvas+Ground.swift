import CPixman
import Geometry

extension Canvas {
    /// A canvas covered edge to edge by `ground`: the pixels of a clear canvas after
    /// `fill(Path(rect: bounds), with: ground)`, written in one pass. The fill would zero the
    /// memory, rasterize a rectangle into a full-canvas mask and blend through it (a card's
    /// largest drawing cost); a solid ground is stored directly and a gradient copied (SRC),
    /// which gives the same bytes because a full-coverage blend onto transparent pixels is a
    /// copy. A canvas whose point size is not a whole number of device pixels has a partly
    /// covered last row or column, so it is filled the long way.
    public convenience init(size: Size, scale: Double = 1, ground: Paint) throws {
        let wholePixels = (size.width * scale).rounded() == size.width * scale && (size.height * scale).rounded() == size.height * scale
        guard wholePixels else {
            try self.init(size: size, scale: scale, background: .clear)
            fill(Path(rect: bounds), with: ground)
            return
        }
        if case .solid(let color) = ground {
            try self.init(size: size, scale: scale, background: color)
            return
        }
        try self.init(size: size, scale: scale) { PixelBuffer(uninitializedWidth: $0, height: $1) }
        guard let source = pixmanPaint(ground, toDevice: deviceTransform) else {
            // A paint that draws nothing leaves the canvas clear.
            clear(to: .clear)
            return
        }
        composite(PIXMAN_OP_SRC, source: source, mask: nil, destination: destination(for: pixelBounds), sourceOrigin: (0, 0),
                  destinationRect: pixelBounds)
        if ground.isOpaque { markOpaque() }
    }
}
