import Geometry
@testable import Raster
import TestSupport
import XCTest

/// FreeType's smooth rasterizer gives up on a path when one row of pixels holds more cells
/// than its pool (a nearly horizontal edge crossing some 400–800 pixels within a row), and the
/// whole path drew nothing: a line 1,080 points long tilted by half a point, a wedge with such
/// a top, the top of a huge ellipse at scale 2. Such masks are drawn in strips of columns.
final class WideRowOutlineTests: XCTestCase {
    /// A quadrilateral whose top edge rises 0.6 pixel over its whole width: every column as
    /// tall as the shape is there, across the strips' joins (every 256 columns).
    func testANearlyHorizontalEdgeAcrossAWideRowIsDrawn() throws {
        for width in [300.0, 800, 1_080, 4_096] {
            let canvas = try Canvas(size: Size(width: width, height: 40), background: .white)
            var path = Path()
            path.move(to: Point(x: 0, y: 10.2))
            path.line(to: Point(x: width, y: 10.8))
            path.line(to: Point(x: width, y: 30))
            path.line(to: Point(x: 0, y: 30))
            path.close()
            canvas.fill(path, with: .solid(.black))
            for (x, ink) in canvas.inkPerColumn().enumerated() {
                let top = 10.2 + 0.6 * (Double(x) + 0.5) / width
                XCTAssertEqual(ink, 30 - top, accuracy: 0.03, "width \(width), column \(x)")
            }
        }
    }

    /// A stroke tilted by 0.6 point over 1,080 (the review's finding, found again here): drawn
    /// as wide as it is long.
    func testAHairlineTiltedByLessThanAPixelIsStroked() throws {
        let canvas = try Canvas(size: Size(width: 1_080, height: 200), background: .white)
        var path = Path()
        path.move(to: Point(x: 0, y: 100.2))
        path.line(to: Point(x: 1_080, y: 100.8))
        canvas.stroke(path, with: .solid(.black), style: try StrokeStyle(width: 4, cap: .butt))
        let ink = canvas.inkPerColumn()
        XCTAssertEqual(ink.reduce(0, +), 1_080 * 4, accuracy: 10)
        XCTAssertTrue(ink.allSatisfy { abs($0 - 4) < 0.05 }, "every column 4 pixels of ink")
    }

    /// The top and bottom of an ellipse a million points wide are nearly horizontal across the
    /// whole canvas: at scale 2 and 4 it drew nothing.
    func testAHugeEllipseIsDrawnAtEveryScale() throws {
        for scale in [1.0, 2, 4] {
            let canvas = try Canvas(size: Size(width: 400, height: 300), scale: scale, background: .white)
            canvas.fill(Path(ellipseIn: Rect(x: -500_000, y: 40, width: 1_000_000, height: 220)), with: .solid(.black))
            let ink = canvas.inkPerColumn().reduce(0, +)
            XCTAssertEqual(ink, 400 * 220 * scale * scale, accuracy: 2 * scale * scale, "scale \(scale)")
        }
    }
}
