import Foundation
import Geometry
import Raster
import XCTest

/// A picture element drawn smaller (`Canvas.draw(_:in:contentMode:clipsToBounds:clip:filters:)`,
/// what templates' images and the event's photo go through) matches Pillow's `Image.resize(…, LANCZOS)` (references written by
/// Fixtures/make-lanczos-references.py): the same filter, order and rounding, so every
/// channel is within two levels (window bounds can differ where a centre falls within a
/// rounding error of a pixel edge), and the mean error is under 0.1 levels (Pillow's box
/// reduction rounds through a fixed-point reciprocal, ours exactly).
final class ResamplingAgainstPillowTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    func image(_ name: String) throws -> Image {
        try Image(pngData: Array(try Data(contentsOf: Self.fixtures.appendingPathComponent(name))))
    }

    /// The largest and mean absolute channel difference between the photo drawn into a
    /// canvas of `width` × `height` (scale to fill) and Pillow's reference.
    func error(width: Int, height: Int) throws -> (max: Int, mean: Double) {
        let photo = try image("chelsea.png")
        let reference = try image("chelsea-lanczos-\(width)x\(height).png")
        let canvas = try Canvas(size: Size(width: Double(width), height: Double(height)), background: .black)
        canvas.draw(photo, in: canvas.bounds, contentMode: .scaleToFill, clipsToBounds: false, clip: nil, filters: [])
        let ours = canvas.makeImage()
        XCTAssertEqual(reference.width, width)
        var worst = 0, total = 0
        for y in 0..<height {
            for x in 0..<width {
                let a = ours.pixel(x: x, y: y), b = reference.pixel(x: x, y: y)
                for shift in stride(from: 0, through: 16, by: 8) {
                    let d = abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF))
                    worst = max(worst, d)
                    total += d
                }
            }
        }
        return (worst, Double(total) / Double(width * height * 3))
    }

    func check(width: Int, height: Int) throws {
        let e = try error(width: width, height: height)
        print("451×300 → \(width)×\(height) against Pillow LANCZOS: max \(e.max), mean \(String(format: "%.4f", e.mean)) levels")
        XCTAssertLessThanOrEqual(e.max, 2, "\(width)×\(height)")
        XCTAssertLessThan(e.mean, 0.1, "\(width)×\(height)")
    }

    /// 1.13× smaller, as a DCT-scaled photo drawn into its card.
    func testSlightShrinkMatchesPillow() throws { try check(width: 400, height: 266) }

    /// 3.75× smaller, a thumbnail.
    func testThumbnailMatchesPillow() throws { try check(width: 120, height: 80) }

    /// 10× smaller: box-averaged by 5 first (Pillow's `reducing_gap = 2`), then filtered.
    func testLargeShrinkMatchesPillowWithReducingGap() throws { try check(width: 45, height: 30) }
}
