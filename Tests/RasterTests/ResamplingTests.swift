import Foundation
import Geometry
import Raster
import TestSupport
import XCTest

/// Downscaling must average, not point-sample: a zone plate (rings whose frequency grows
/// with the radius) shrunk tenfold turns grey where the rings are finer than a pixel, instead
/// of showing moiré.
final class ResamplingTests: XCTestCase {
    static let golden = GoldenImage(directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden"))

    static func zonePlate(width: Int, height: Int, k: Double) throws -> Image {
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x) + 0.5, dy = Double(y) + 0.5
                let v = UInt32((127.5 + 127.5 * cos(k * (dx * dx + dy * dy))).rounded())
                pixels[y * width + x] = 0xFF00_0000 | v << 16 | v << 8 | v
            }
        }
        return try Image(width: width, height: height, premultipliedARGB: pixels)
    }

    func testThumbnailOfZonePlateIsSmooth() throws {
        let source = try Self.zonePlate(width: 1200, height: 750, k: 0.001)
        let canvas = try Canvas(size: .init(width: 120, height: 75), background: .white)
        canvas.draw(source, in: canvas.bounds, contentMode: .scaleToFill)
        let thumb = canvas.makeImage()
        var sum = 0.0
        for y in 0..<75 {
            for x in 0..<120 {
                let value = Double(thumb.pixel(x: x, y: y) & 0xFF)
                sum += value
                // Where the rings are finer than a thumbnail pixel, only grey is honest
                // (point sampling would give anything from black to white here).
                let r = (Double(x * x + y * y)).squareRoot()
                // On the border half the filter sees padding (copies of the edge pixels).
                let onBorder = x == 0 || y == 0 || x == 119 || y == 74
                if r > 40 { XCTAssertEqual(value, 127.5, accuracy: onBorder ? 24 : 14, "aliasing at \(x),\(y)") }
            }
        }
        XCTAssertEqual(sum / (120 * 75), 127.5, accuracy: 2, "brightness kept")
        // Rings coarser than a pixel keep their contrast (not blurred away).
        let centre = (0..<3).flatMap { y in (0..<6).map { x in Double(thumb.pixel(x: x, y: y) & 0xFF) } }
        XCTAssertGreaterThan(centre.max()! - centre.min()!, 150)
        try Self.golden.check(thumb, named: "zone-plate-thumbnail")
    }

    /// A real photograph into a 120×75 thumbnail (aspect fill): smooth, no jagged fur.
    func testPhotoThumbnail() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/chelsea.png")
        let photo = try Image(pngData: Array(try Data(contentsOf: fixture)))
        let canvas = try Canvas(size: .init(width: 120, height: 75), background: .white)
        canvas.draw(photo, in: canvas.bounds, contentMode: .aspectFill, clipsToBounds: true)
        try Self.golden.check(canvas.makeImage(), named: "photo-thumbnail")
    }
}
