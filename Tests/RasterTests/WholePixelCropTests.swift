import Geometry
@testable import Raster
import TestSupport
import XCTest

/// A crop in whole pixels at the image's own scale (a photo cut to its faces) is copied row by
/// row; it must give the bytes drawing it through pixman gives, translucent pixels included.
final class WholePixelCropTests: XCTestCase {
    func testRowCopyEqualsDrawingTheCrop() throws {
        var rng = SeededGenerator(seed: 0xC0B)
        for _ in 0..<20 {
            let w = Int.random(in: 1...40, using: &rng), h = Int.random(in: 1...30, using: &rng)
            let pixels = (0..<w * h).map { _ -> UInt32 in
                let a = UInt32.random(in: 0...255, using: &rng)
                return a << 24 | UInt32.random(in: 0...a, using: &rng) << 16 | UInt32.random(in: 0...a, using: &rng) << 8 | UInt32.random(in: 0...a, using: &rng)
            }
            let image = try Image(width: w, height: h, premultipliedARGB: pixels)
            let cw = Int.random(in: 1...w, using: &rng), ch = Int.random(in: 1...h, using: &rng)
            let x = Int.random(in: 0...(w - cw), using: &rng), y = Int.random(in: 0...(h - ch), using: &rng)
            let cropped = try image.cropped(to: Rect(x: Double(x), y: Double(y), width: Double(cw), height: Double(ch)),
                                            scaledToWidth: cw, height: ch)
            let canvas = try Canvas(size: Size(width: Double(cw), height: Double(ch)))
            canvas.draw(image, transform: .translation(x: Double(-x), y: Double(-y)), extendEdges: true)
            XCTAssertEqual(cropped.premultipliedARGB, canvas.makeImage().premultipliedARGB, "\(w)×\(h) cut at (\(x), \(y)) \(cw)×\(ch)")
        }
    }
}
