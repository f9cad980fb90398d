import Foundation
import Raster

/// The files in Fixtures/ (written by Fixtures/make-fixtures.py) and pixel helpers.
enum PhotoFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// Premultiplied (a, r, g, b) of one pixel.
    static func argb(_ image: Image, _ x: Int, _ y: Int) -> (a: Int, r: Int, g: Int, b: Int) {
        let v = image.pixel(x: x, y: y)
        return (Int(v >> 24), Int((v >> 16) & 0xFF), Int((v >> 8) & 0xFF), Int(v & 0xFF))
    }

    /// The largest per-channel difference between two images of the same size.
    static func maxDifference(_ a: Image, _ b: Image) -> Int {
        precondition(a.width == b.width && a.height == b.height)
        var worst = 0
        for (p, q) in zip(a.premultipliedARGB, b.premultipliedARGB) {
            for shift in stride(from: 0, through: 24, by: 8) {
                worst = max(worst, abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)))
            }
        }
        return worst
    }
}
