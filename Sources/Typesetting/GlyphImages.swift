import Geometry
import Raster

/// A glyph's coverage at one size and sub-pixel phase: `width × height` bytes, top row first.
/// The top-left pixel lies `left` pixels right of and `top` pixels above the device pixel
/// that holds the glyph's origin (bitmap_left / bitmap_top, as FreeType names them).
struct GlyphBitmap: Sendable {
    let left: Int
    let top: Int
    let width: Int
    let height: Int
    let coverage: [UInt8]

    static let empty = GlyphBitmap(left: 0, top: 0, width: 0, height: 0, coverage: [])

    var isEmpty: Bool { width == 0 || height == 0 }

    /// The bitmap's pixels on the canvas when the glyph origin sits in pixel (x, y).
    func pixelRect(originX x: Int, originY y: Int) -> PixelRect {
        PixelRect(x: x + left, y: y - top, width: width, height: height)
    }
}

/// A colour glyph as its bitmap strike stores it: premultiplied pixels at `strikePPEM`,
/// with the bearing in strike pixels (right of / above the origin, y up like FreeType).
struct ColorGlyphImage: Sendable {
    let image: Image
    let left: Int
    let top: Int
    let strikePPEM: Int

    /// Where the image lands, in points, for a glyph at `origin` with em size `size`.
    func frame(origin: Point, fontSizeInPoints size: Double) -> Rect {
        let k = size / Double(strikePPEM)
        return Rect(x: origin.x + Double(left) * k, y: origin.y - Double(top) * k,
                    width: Double(image.width) * k, height: Double(image.height) * k)
    }

    /// The image resampled (with the canvas's averaging filter) for an em of
    /// `sizeIn64thsOfAPixel` / 64 device pixels and an origin `phase` quarter pixels right
    /// of a pixel edge; nil when it would cover no pixel.
    func resampled(sizeIn64thsOfAPixel size: Int, phase: Int) -> DeviceColorGlyph? {
        let k = Double(size) / 64 / Double(strikePPEM)
        let frame = deviceFrame(sizeIn64thsOfAPixel: size, phase: phase)
        let rect = PixelRect(enclosing: frame)
        guard !rect.isEmpty,
              let layer = try? Canvas(size: Size(width: Double(rect.width), height: Double(rect.height))) else { return nil }
        layer.draw(image, transform: .scale(x: k, y: k)
            .concatenating(.translation(x: frame.minX - Double(rect.x), y: frame.minY - Double(rect.y))))
        return DeviceColorGlyph(image: layer.makeImage(), left: rect.x, top: -rect.y)
    }

    /// The pixels `resampled(sizeIn64thsOfAPixel:phase:)` returns, placed like its result
    /// (`DeviceColorGlyph.pixelRect`), found without resampling.
    func devicePixelRect(sizeIn64thsOfAPixel size: Int, phase: Int, originX x: Int, originY y: Int) -> PixelRect {
        let rect = PixelRect(enclosing: deviceFrame(sizeIn64thsOfAPixel: size, phase: phase))
        return PixelRect(x: x + rect.x, y: y + rect.y, width: rect.width, height: rect.height)
    }

    /// Where the image lands in device pixels, relative to the origin pixel's top-left
    /// corner, y down.
    private func deviceFrame(sizeIn64thsOfAPixel size: Int, phase: Int) -> Rect {
        let k = Double(size) / 64 / Double(strikePPEM)
        return Rect(x: Double(phase) / Double(GlyphRasterizer.subpixelPhases) + Double(left) * k,
                    y: -Double(top) * k, width: Double(image.width) * k, height: Double(image.height) * k)
    }
}

/// A colour glyph already resampled to device pixels; placed like a `GlyphBitmap`.
struct DeviceColorGlyph: Sendable {
    let image: Image
    let left: Int
    let top: Int

    func pixelRect(originX x: Int, originY y: Int) -> PixelRect {
        PixelRect(x: x + left, y: y - top, width: image.width, height: image.height)
    }

    /// The alpha channel, as coverage bytes.
    var alpha: [UInt8] { image.premultipliedARGB.map { UInt8(truncatingIfNeeded: $0 >> 24) } }
}
