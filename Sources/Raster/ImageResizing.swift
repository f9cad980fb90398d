import Geometry

/// The recipes' size operations: every result is a new image of exactly the size asked for,
/// resampled as `Canvas.draw` does (area-averaged when shrinking, bilinear when enlarging), with
/// the border pixels repeated past the edge so no edge fades to transparent.
extension Image {
    /// The image stretched to exactly `width` × `height` pixels (aspect ratio not kept).
    public func scaled(toWidth width: Int, height: Int) throws -> Image {
        try cropped(to: Rect(origin: .zero, size: size), scaledToWidth: width, height: height)
    }

    /// The whole-pixel size of the image scaled to fit inside `width` × `height` keeping its
    /// aspect ratio: one side equals the box's, the other is rounded and at least 1.
    public func aspectFitPixelSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let s = min(Double(width) / Double(self.width), Double(height) / Double(self.height))
        if Double(width) / Double(self.width) <= Double(height) / Double(self.height) {
            return (width, max(1, Int((Double(self.height) * s).rounded())))
        }
        return (max(1, Int((Double(self.width) * s).rounded())), height)
    }

    /// The image scaled to its own fitted size inside `width` × `height` (aspect ratio kept):
    /// the result is that size, so it has no bands.
    public func aspectScaled(toFitWidth width: Int, height: Int) throws -> Image {
        try Image.checkTarget(width: width, height: height)
        let fitted = aspectFitPixelSize(width: width, height: height)
        return try scaled(toWidth: fitted.width, height: fitted.height)
    }

    /// An aspect-fill thumbnail of exactly `width` × `height`: the part inside `crop` (image
    /// pixels; by default the largest centred rectangle of the thumbnail's shape, or pass a
    /// `Framing`'s crop to keep faces in), scaled to that size.
    public func aspectFillThumbnail(width: Int, height: Int, crop: Rect? = nil) throws -> Image {
        try Image.checkTarget(width: width, height: height)
        let region = crop ?? Framing(imageSize: size, targetSize: Size(width: Double(width), height: Double(height)), faces: []).crop
        return try cropped(to: region, scaledToWidth: width, height: height)
    }

    /// The part of the image inside `crop` (image pixels, fractions allowed; it must lie within
    /// the image and not be empty), scaled to exactly `width` × `height`.
    public func cropped(to crop: Rect, scaledToWidth width: Int, height: Int) throws -> Image {
        try Image.checkTarget(width: width, height: height)
        let bounds = Rect(origin: .zero, size: size)
        guard crop.width > 0, crop.height > 0, crop.minX.isFinite, crop.minY.isFinite, crop.maxX.isFinite, crop.maxY.isFinite,
              crop.minX >= 0, crop.minY >= 0, crop.maxX <= bounds.maxX, crop.maxY <= bounds.maxY else {
            throw RasterError.invalidArgument("crop \(crop) is empty or outside the \(self.width)×\(self.height) image")
        }
        if crop.width == Double(width), crop.height == Double(height), crop.minX == crop.minX.rounded(), crop.minY == crop.minY.rounded() {
            return copied(x: Int(crop.minX), y: Int(crop.minY), width: width, height: height)
        }
        let sx = Double(width) / crop.width, sy = Double(height) / crop.height
        let canvas = try Canvas(size: Size(width: Double(width), height: Double(height)))
        canvas.draw(self, transform: Transform.translation(x: -crop.minX, y: -crop.minY).concatenating(.scale(x: sx, y: sy)),
                    extendEdges: true)
        return canvas.makeImage()
    }

    /// The pixels of a whole-pixel rectangle inside the image, row by row: what drawing them
    /// unscaled onto a clear canvas gives, without the canvas (a photo cropped to its faces is
    /// most of a card's pixels, copied once instead of cleared, drawn and copied).
    func copied(x: Int, y: Int, width: Int, height: Int) -> Image {
        let part = PixelBuffer(uninitializedWidth: width, height: height)
        for row in 0..<height {
            (part.pixels + row * width).update(from: buffer.pixels + (y + row) * self.width + x, count: width)
        }
        return Image(buffer: part, knownOpaque: knownOpaque)
    }

    static func checkTarget(width: Int, height: Int) throws {
        guard (1...Canvas.maximumPixelDimension).contains(width), (1...Canvas.maximumPixelDimension).contains(height) else {
            throw RasterError.invalidArgument("target size \(width)×\(height) is outside 1…\(Canvas.maximumPixelDimension) pixels a side")
        }
    }
}
