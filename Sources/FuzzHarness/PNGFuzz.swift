import Geometry
import Raster

/// A PNG as a scene or template image: decoded under limits small enough to keep the fuzzer
/// fast (the limit checks themselves are exercised), then drawn, scaled to fill a small frame.
/// A decoded image respects its limits and is validly premultiplied.
enum PNGFuzz {
    static let limits = ImageLimits(maxWidth: 2048, maxHeight: 2048, maxPixels: 1 << 20, maxFileBytes: 1 << 20)

    static func run(_ input: [UInt8]) {
        guard let image = try? Image(pngData: input, limits: limits) else { return }
        FuzzCheck.that(image.width >= 1 && image.height >= 1 && image.width <= limits.maxWidth
                       && image.height <= limits.maxHeight && image.width * image.height <= limits.maxPixels,
                       "decoded \(image.width)×\(image.height) outside the limits")
        for pixel in image.premultipliedARGB {
            let alpha = pixel >> 24
            FuzzCheck.that((pixel >> 16) & 0xFF <= alpha && (pixel >> 8) & 0xFF <= alpha && pixel & 0xFF <= alpha,
                           "pixel \(String(pixel, radix: 16)) is not premultiplied")
        }
        guard let canvas = try? Canvas(size: Size(width: 64, height: 48)) else { return }
        canvas.draw(image, in: canvas.bounds, contentMode: .aspectFill)
    }
}
