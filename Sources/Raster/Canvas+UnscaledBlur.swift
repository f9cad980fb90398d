import Geometry

extension Canvas {
    /// A picture drawn at its own size (one image pixel per device pixel, at a whole-pixel
    /// offset) under edge-extending Gaussian blurs, as a photo exactly as wide as its card is:
    /// only the pixels that show, plus the blur's reach around them within the image, are
    /// copied and blurred, then copied (or blended, if not opaque) onto the canvas. The same
    /// bytes as blurring the whole picture first: the reach holds every pixel a shown one
    /// depends on, and the picture's own edges are extended as before. Nil where this does
    /// not apply.
    func blurAtOwnSize(_ image: Image, frame: Rect, rect: Rect, clipsToBounds: Bool, clip: CoverageMask?,
                       filters: [Filter]) -> (pixels: Image, isOpaque: Bool, sourceOrigin: (Int, Int), area: PixelRect)? {
        var sigmas: [Double] = []
        for filter in filters {
            guard case .gaussianBlur(let sigma, extendEdges: true) = filter, !gaussianBoxWidths(sigma: sigma).isEmpty else { return nil }
            sigmas.append(sigma)
        }
        let deviceFrame = Rect(x: frame.minX * scale, y: frame.minY * scale, width: frame.width * scale, height: frame.height * scale)
        let deviceRect = Rect(x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale)
        let shown = clipsToBounds ? deviceFrame.intersection(deviceRect) : deviceFrame
        guard !sigmas.isEmpty, deviceFrame.width == Double(image.width), deviceFrame.height == Double(image.height), !shown.isEmpty,
              [deviceFrame.minX, deviceFrame.minY, shown.minX, shown.minY, shown.maxX, shown.maxY].allSatisfy({ $0 == $0.rounded() })
        else { return nil }
        let area = PixelRect(enclosing: shown).intersection(drawableBounds(clip))
        guard !area.isEmpty else { return nil }
        let reach = sigmas.reduce(0) { $0 + gaussianBoxWidths(sigma: $1).reduce(0) { $0 + $1 / 2 } }
        // In the image's pixels.
        let left = Int(deviceFrame.minX), top = Int(deviceFrame.minY)
        let region = PixelRect(x: area.x - left - reach, y: area.y - top - reach, width: area.width + 2 * reach, height: area.height + 2 * reach)
            .intersection(PixelRect(x: 0, y: 0, width: image.width, height: image.height))
        let piece = image.copying(region)
        var opaque = false
        for sigma in sigmas { opaque = piece.blurInPlace(sigma: sigma, extendEdges: true) ?? opaque }
        return (piece, opaque, (area.x - left - region.x, area.y - top - region.y), area)
    }
}

extension Image {
    /// A copy of the pixels in `region`, which lies inside the image.
    func copying(_ region: PixelRect) -> Image {
        precondition(!region.isEmpty && region.x >= 0 && region.y >= 0 && region.maxX <= width && region.maxY <= height)
        let out = PixelBuffer(uninitializedWidth: region.width, height: region.height)  // every row copied below
        for y in 0..<region.height {
            (out.pixels + y * region.width).initialize(from: buffer.pixels + (region.y + y) * width + region.x, count: region.width)
        }
        return Image(buffer: out)
    }
}
