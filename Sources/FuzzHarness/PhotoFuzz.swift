import Photos
import Raster

/// A user's photo (JPEG, WebP, PNG, HEIC, by its bytes) decoded as an upload would be, under limits
/// small enough to keep the fuzzer fast. The first byte picks the target size, so the DCT
/// scaling, WebP's in-decoder scaling and PNG's reduction as it is read are exercised as well as
/// full-size decoding, both for a card (covering the target) and for a face search (the longer
/// side reaching it). A decoded photo respects the limits, meets the target (or is whole), and
/// is premultiplied.
enum PhotoFuzz {
    static let limits = ImageLimits(maxWidth: 2048, maxHeight: 2048, maxPixels: 1 << 20, maxFileBytes: 1 << 20)

    static func run(_ input: [UInt8]) {
        guard let selector = input.first else { return }
        let target = [(0, 0), (16, 9), (64, 48), (1, 1), (300, 200)][Int(selector) % 5]
        if let reduced = try? Photo(data: Array(input.dropFirst()), longerSideAtLeast: target.0, limits: limits) {
            let (image, longer) = (reduced.image, max(reduced.sourceWidth, reduced.sourceHeight))
            FuzzCheck.that(image.width <= reduced.sourceWidth && image.height <= reduced.sourceHeight,
                           "decoded \(image.width)×\(image.height) of \(reduced.sourceWidth)×\(reduced.sourceHeight)")
            FuzzCheck.that(max(image.width, image.height) >= min(target.0 == 0 ? longer : target.0, longer),
                           "\(image.width)×\(image.height): the longer side is under \(target.0)")
        }
        guard let photo = try? Photo(data: Array(input.dropFirst()), targetWidth: target.0, targetHeight: target.1, limits: limits) else {
            return
        }
        let image = photo.image
        FuzzCheck.that(photo.sourceWidth * photo.sourceHeight <= limits.maxPixels && image.width <= photo.sourceWidth
                       && image.height <= photo.sourceHeight, "decoded \(image.width)×\(image.height) of \(photo.sourceWidth)×\(photo.sourceHeight)")
        FuzzCheck.that(image.width >= min(target.0, photo.sourceWidth) && image.height >= min(target.1, photo.sourceHeight),
                       "\(image.width)×\(image.height) does not cover the target \(target)")
        // A PNG is reduced only by whole boxes that keep it at least twice the target.
        FuzzCheck.that(photo.format != .png || (image.width == photo.sourceWidth && image.height == photo.sourceHeight)
                       || (image.width >= 2 * target.0 && image.height >= 2 * target.1),
                       "PNG reduced to \(image.width)×\(image.height), under twice the target \(target)")
        FuzzCheck.that((1...8).contains(photo.orientation), "orientation \(photo.orientation)")
        for pixel in image.premultipliedARGB {
            let alpha = pixel >> 24
            FuzzCheck.that((pixel >> 16) & 0xFF <= alpha && (pixel >> 8) & 0xFF <= alpha && pixel & 0xFF <= alpha,
                           "pixel \(String(pixel, radix: 16)) is not premultiplied")
        }
    }
}
