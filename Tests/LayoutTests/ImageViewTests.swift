import Geometry
import Layout
import Raster
import XCTest

final class ImageViewTests: XCTestCase {
    /// A 40×20 image: left half red, right half blue.
    func image() throws -> Image {
        var pixels: [UInt32] = []
        for _ in 0..<20 { for x in 0..<40 { pixels.append(x < 20 ? 0xFFFF_0000 : 0xFF00_00FF) } }
        return try Image(width: 40, height: 20, premultipliedARGB: pixels)
    }

    func testFramesOfEveryContentMode() throws {
        let frame = Rect(x: 10, y: 10, width: 30, height: 30)
        let expected: [ContentMode: Rect] = [
            .scaleToFill: frame,
            .aspectFit: Rect(x: 10, y: 17.5, width: 30, height: 15),
            .aspectFill: Rect(x: -5, y: 10, width: 60, height: 30),
            .center: Rect(x: 5, y: 15, width: 40, height: 20),
            .top: Rect(x: 5, y: 10, width: 40, height: 20),
            .bottom: Rect(x: 5, y: 20, width: 40, height: 20),
            .left: Rect(x: 10, y: 15, width: 40, height: 20),
            .right: Rect(x: 0, y: 15, width: 40, height: 20),
        ]
        for (mode, rect) in expected {
            XCTAssertEqual(try ImageView(image: image(), contentMode: mode).imageFrame(in: frame), rect, "\(mode)")
        }
    }

    func testClipsToBoundsHidesOverflow() throws {
        let context = try LayoutFixtures.context(scale: 1)
        for clips in [false, true] {
            let canvas = try Canvas(size: Size(width: 50, height: 50), background: .white)
            let view = try ImageView(image: image(), contentMode: .aspectFill, clipsToBounds: clips)
            try view.draw(in: Rect(x: 10, y: 10, width: 30, height: 30), on: canvas, context: context)
            XCTAssertEqual(canvas.pixel(x: 7, y: 20), clips ? 0xFFFF_FFFF : 0xFFFF_0000, "clips \(clips)")
            XCTAssertEqual(canvas.pixel(x: 42, y: 20), clips ? 0xFFFF_FFFF : 0xFF00_00FF, "clips \(clips)")
            XCTAssertEqual(canvas.pixel(x: 12, y: 20), 0xFFFF_0000)
        }
    }

    func testCornerRadiusRoundsTheClip() throws {
        let context = try LayoutFixtures.context(scale: 1)
        let canvas = try Canvas(size: Size(width: 50, height: 50), background: .white)
        let view = try ImageView(image: image(), contentMode: .scaleToFill, clipsToBounds: true, cornerRadius: 10)
        try view.draw(in: Rect(x: 10, y: 10, width: 30, height: 30), on: canvas, context: context)
        XCTAssertEqual(canvas.pixel(x: 10, y: 10), 0xFFFF_FFFF, "corner cut away")
        XCTAssertEqual(canvas.pixel(x: 20, y: 20), 0xFFFF_0000)
        XCTAssertThrowsError(try ImageView(image: image(), cornerRadius: -1))
    }

    func testNaturalSizeIsTheImageSize() throws {
        let context = try LayoutFixtures.context(scale: 2)
        XCTAssertEqual(try ImageView(image: image()).sizeThatFits(Size(width: 5, height: 5), context: context),
                       Size(width: 40, height: 20))
    }
}
