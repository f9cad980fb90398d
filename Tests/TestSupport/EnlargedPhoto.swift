import Foundation
import Geometry
import Raster

/// A photo of many megapixels made at test time from a small PNG fixture, so no large file is
/// committed: the PNG enlarged (bilinear, as `Canvas` draws an upscaled image) and encoded as JPEG.
public enum EnlargedPhoto {
    /// The PNG at `url` enlarged to `width` pixels wide (the height in proportion, rounded) as a
    /// JPEG of `quality`, with its size.
    public static func jpeg(fromPNGAt url: URL, width: Int, quality: Int = 90) throws -> (bytes: [UInt8], width: Int, height: Int) {
        let image = try Image(pngData: Array(try Data(contentsOf: url)))
        let height = Int((Double(image.height) * Double(width) / Double(image.width)).rounded())
        let canvas = try Canvas(size: Size(width: Double(width), height: Double(height)), background: .white)
        canvas.draw(image, in: canvas.bounds)
        // 4:2:0, as cameras store photos.
        return (try canvas.makeImage().jpegData(encoding: JPEGEncoding(quality: quality, subsampling: .both420)), width, height)
    }
}
