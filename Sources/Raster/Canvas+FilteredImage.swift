import CPixman
import Geometry

extension Canvas {
    /// Draws a picture element (a template's or scene's image, such as the event's photo):
    /// `image` with `filters` applied (lengths in the image's pixels) into `rect`, placed by
    /// `contentMode`, as `draw(image.applying(filters), in: rect, …)` would, except that an
    /// image drawn smaller is resampled with Lanczos-3 in two separable passes
    /// (`Image.resampled`, Pillow's `LANCZOS`) rather than by pixman's box convolution: sharper,
    /// and its cost is two short filters per device pixel whatever the size.
    ///
    /// A photo blurred and shrunk into its frame is the common case, and there the order
    /// changes: when every filter is an edge-extending Gaussian blur, the image shrinks
    /// uniformly and the visible part has whole-pixel edges, the image is first resampled into
    /// the device pixels that show (plus the blur's reach, so the blur sees the same
    /// neighbours), then blurred there with sigma scaled to device pixels. The result differs
    /// from blurring first only by rounding and by the box widths' quantisation; the work is
    /// the visible area's, not the decoded photo's.
    ///
    /// `clipLiesInRect` as for `draw(_:in:contentMode:clipsToBounds:clip:clipLiesInRect:)`.
    public func draw(_ image: Image, in rect: Rect, contentMode: ContentMode, clipsToBounds: Bool, clip: CoverageMask?,
                     clipLiesInRect: Bool = false, filters: [Filter]) {
        let frame = contentMode.frame(for: image.size, in: rect)
        guard !frame.isEmpty else { return }
        // Device pixels per image pixel along each axis.
        let sx = frame.width * scale / Double(image.width), sy = frame.height * scale / Double(image.height)
        guard sx < 0.999 || sy < 0.999 else {
            draw(image.applying(filters), in: rect, contentMode: contentMode, clipsToBounds: clipsToBounds, clip: clip,
                 clipLiesInRect: clipLiesInRect)
            return
        }
        if let blurred = blurAfterResampling(image, frame: frame, rect: rect, clipsToBounds: clipsToBounds, clip: clip, filters: filters) {
            composite(Self.operator(opaque: blurred.isOpaque, coverage: clip), source: blurred.pixels.buffer.pixmanImage(),
                      coverage: clip, destination: destination(for: blurred.area), sourceOrigin: blurred.sourceOrigin,
                      destinationRect: blurred.area)
            return
        }
        let filtered = image.applying(filters)
        let limits: (clip: CoverageMask?, visible: PixelRect?) =
            clipsToBounds ? clipping(frame, to: rect, within: clip, clipLiesInRect: clipLiesInRect) : (clip, nil)
        let toDevice = Transform.scale(x: frame.width / Double(filtered.width), y: frame.height / Double(filtered.height))
            .concatenating(.translation(x: frame.minX, y: frame.minY)).concatenating(deviceTransform)
        guard let fromDevice = toDevice.inverted else { return }
        drawResampled(filtered, toDevice: toDevice, fromDevice: fromDevice, clip: limits.clip, extendEdges: false,
                      visible: limits.visible)
    }

    /// The resampled-then-blurred pixels for the visible area, or nil where the order cannot
    /// change (see `draw(_:in:contentMode:clipsToBounds:clip:filters:)`).
    private func blurAfterResampling(_ image: Image, frame: Rect, rect: Rect, clipsToBounds: Bool, clip: CoverageMask?,
                                     filters: [Filter]) -> (pixels: Image, isOpaque: Bool, sourceOrigin: (Int, Int), area: PixelRect)? {
        var sigmas: [Double] = []
        for filter in filters {
            guard case .gaussianBlur(let sigma, extendEdges: true) = filter else { return nil }
            sigmas.append(sigma)
        }
        let deviceFrame = Rect(x: frame.minX * scale, y: frame.minY * scale, width: frame.width * scale, height: frame.height * scale)
        let deviceRect = Rect(x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale)
        let shown = clipsToBounds ? deviceFrame.intersection(deviceRect) : deviceFrame
        let sx = deviceFrame.width / Double(image.width), sy = deviceFrame.height / Double(image.height)
        guard !sigmas.isEmpty, !shown.isEmpty, sx < 1, sy < 1, abs(sx - sy) <= 1e-3 * sx,
              [shown.minX, shown.minY, shown.maxX, shown.maxY].allSatisfy({ $0 == $0.rounded() }) else { return nil }
        let area = PixelRect(enclosing: shown).intersection(drawableBounds(clip))
        guard !area.isEmpty else { return nil }
        let deviceSigmas = sigmas.map { $0 * sx }
        // How far the blur reaches: the radii of its box passes, one after another.
        let reach = deviceSigmas.reduce(0) { $0 + gaussianBoxWidths(sigma: $1).reduce(0) { $0 + $1 / 2 } }
        let region = PixelRect(x: area.x - reach, y: area.y - reach, width: area.width + 2 * reach, height: area.height + 2 * reach)
        let stepX = 1 / sx, stepY = 1 / sy
        let (resampled, resampledIsOpaque) = image.resampledReportingOpacity(
            columns: region.width, rows: region.height, originX: (Double(region.x) - deviceFrame.minX) * stepX,
            originY: (Double(region.y) - deviceFrame.minY) * stepY, stepX: stepX, stepY: stepY)
        // The resampled pixels are this call's own: blurred where they are, not copied.
        var opaque = resampledIsOpaque
        for sigma in deviceSigmas { opaque = resampled.blurInPlace(sigma: sigma, extendEdges: true) ?? opaque }
        return (resampled, opaque, (area.x - region.x, area.y - region.y), area)
    }
}
