import CPixman

extension Canvas {
    /// Composites `image` over the canvas one image pixel per device pixel, its top-left
    /// pixel at device pixel (x, y): no transform and no resampling, for pictures already
    /// rendered at the canvas's resolution (cached glyph images).
    public func draw(_ image: Image, atDevicePixelX x: Int, y: Int, clip: CoverageMask? = nil) {
        let visible = clip.map { $0.bounds.intersection(pixelBounds) } ?? pixelBounds
        let area = PixelRect(x: x, y: y, width: image.width, height: image.height).intersection(visible)
        guard !area.isEmpty else { return }
        composite(PIXMAN_OP_OVER, source: image.buffer.pixmanImage(), coverage: clip, destination: destination(for: area),
                  sourceOrigin: (area.x - x, area.y - y), destinationRect: area)
    }
}
