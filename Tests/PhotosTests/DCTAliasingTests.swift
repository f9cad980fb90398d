import Foundation
import Photos
import Raster
import XCTest

/// A JPEG reduced by the DCT for a card averages its detail away instead of folding it back:
/// 1-pixel black and white stripes, 2900 pixels wide, decoded for a 1024×576 card. 3/8 would
/// have been the smallest reduction covering it, and libjpeg's 3/8 IDCT drew the stripes as
/// coarse bands from 93 to 217; halved (4/8) they are an even grey.
final class DCTAliasingTests: XCTestCase {
    func testStripesHalvedAreAnEvenGrey() throws {
        let (width, height) = (2900, 2175)
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { pixels[y * width + x] = x % 2 == 0 ? 0xFF00_0000 : 0xFFFF_FFFF }
        }
        let image = try Image(width: width, height: height, premultipliedARGB: pixels)
        let jpeg = try image.jpegData(encoding: JPEGEncoding(quality: 95, subsampling: .none444))
        let photo = try Photo(data: jpeg, targetWidth: 1024, targetHeight: 576)
        XCTAssertEqual([photo.image.width, photo.image.height], [1450, 1088], "halved, not 3/8 (1088×816)")
        var sum = 0.0, squares = 0.0, count = 0.0
        for y in stride(from: 8, to: photo.image.height - 8, by: 7) {
            for x in stride(from: 8, to: photo.image.width - 8, by: 3) {
                let grey = Double((photo.image.pixel(x: x, y: y) >> 8) & 0xFF)
                sum += grey
                squares += grey * grey
                count += 1
            }
        }
        let mean = sum / count, deviation = (squares / count - mean * mean).squareRoot()
        XCTAssertEqual(mean, 127.5, accuracy: 3)
        XCTAssertLessThan(deviation, 3, "the stripes fold back as bands")
    }
}
