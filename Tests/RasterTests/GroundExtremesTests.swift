import Geometry
import Raster
import XCTest

/// `Canvas.groundExtremes(in:)`: the darkest and lightest pixels whose centres lie in the rects,
/// by WCAG 2 relative luminance, worked out by hand on a canvas painted pixel by pixel.
final class GroundExtremesTests: XCTestCase {
    /// Four columns, left to right: #202020, #ff0000 (L = 0.2126), #00ff00 (L = 0.7152), #808080
    /// (L = 0.2159); green is the lightest though grey has the larger sum of components.
    func canvas(scale: Double = 1) throws -> Canvas {
        let canvas = try Canvas(size: Size(width: 4, height: 2), scale: scale, background: .white)
        for (column, hex) in ["#202020", "#ff0000", "#00ff00", "#808080"].enumerated() {
            canvas.fill(Path(rect: Rect(x: Double(column), y: 0, width: 1, height: 2)), with: .solid(Color(hex: hex)!))
        }
        return canvas
    }

    func testTheExtremesGoByLuminance() throws {
        let all = try XCTUnwrap(try canvas().groundExtremes(in: [Rect(x: 0, y: 0, width: 4, height: 2)]))
        XCTAssertEqual(all, GroundExtremes(darkest: Color(hex: "#202020")!, lightest: Color(hex: "#00ff00")!))
        let right = try XCTUnwrap(try canvas().groundExtremes(in: [Rect(x: 3, y: 0, width: 1, height: 1), Rect(x: 1, y: 1, width: 1, height: 1)]))
        XCTAssertEqual(right, GroundExtremes(darkest: Color(hex: "#ff0000")!, lightest: Color(hex: "#808080")!))
        XCTAssertFalse(right.isUniform)
    }

    /// A pixel counts when its centre is inside: [0.5, 1.5) holds column 0's centre only;
    /// [0.6, 1.6) column 1's only. At scale 2 the same points hold device columns 1 and 2.
    func testAPixelCountsByItsCentre() throws {
        let first = try XCTUnwrap(try canvas().groundExtremes(in: [Rect(x: 0.5, y: 0, width: 1, height: 2)]))
        XCTAssertEqual(first, GroundExtremes(darkest: Color(hex: "#202020")!, lightest: Color(hex: "#202020")!))
        XCTAssertTrue(first.isUniform)
        let second = try XCTUnwrap(try canvas().groundExtremes(in: [Rect(x: 0.6, y: 0, width: 1, height: 2)]))
        XCTAssertEqual(second.darkest, Color(hex: "#ff0000")!)
        let doubled = try XCTUnwrap(try canvas(scale: 2).groundExtremes(in: [Rect(x: 0.5, y: 0, width: 1, height: 0.5)]))
        XCTAssertEqual(doubled, GroundExtremes(darkest: Color(hex: "#202020")!, lightest: Color(hex: "#ff0000")!))
    }

    /// Rows the same as the one above are skipped; a row that differs by one pixel is read.
    func testARowDifferingByOnePixelIsRead() throws {
        let canvas = try canvas()
        canvas.fill(Path(rect: Rect(x: 3, y: 1, width: 1, height: 1)), with: .solid(.white))
        let all = try XCTUnwrap(canvas.groundExtremes(in: [Rect(x: 0, y: 0, width: 4, height: 2)]))
        XCTAssertEqual(all, GroundExtremes(darkest: Color(hex: "#202020")!, lightest: .white))
    }

    func testRectsCoveringNoPixelCentreReadNothing() throws {
        let canvas = try canvas()
        XCTAssertNil(canvas.groundExtremes(in: []))
        XCTAssertNil(canvas.groundExtremes(in: [Rect(x: 5, y: 0, width: 3, height: 2), Rect(x: 0, y: -3, width: 4, height: 2)]))
        XCTAssertNil(canvas.groundExtremes(in: [Rect(x: 0.6, y: 0, width: 0.8, height: 2)]), "between two centres")
    }
}
