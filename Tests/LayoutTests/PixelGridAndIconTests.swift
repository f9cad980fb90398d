import Geometry
@testable import Layout
import Raster
import XCTest

final class PixelGridTests: XCTestCase {
    func testOriginsFloorAndSizesRoundUp() throws {
        let grid = try PixelGrid(scale: 2)
        XCTAssertEqual(grid.snap(Rect(x: 10.3, y: 7.76, width: 20.1, height: 0.2)), Rect(x: 10, y: 7.5, width: 20.5, height: 0.5))
        XCTAssertEqual(grid.floor(124.5), 124.5)
        XCTAssertEqual(grid.ceil(0.1 + 0.2 + 0.2), 0.5, "arithmetic noise does not cost a pixel")
        XCTAssertEqual(grid.floor(-0.25), -0.5)
        XCTAssertEqual(grid.ceil(.infinity), .infinity)
        XCTAssertEqual(try PixelGrid(scale: 3).ceil(1.0 / 3 + 1e-12), 1.0 / 3)
        XCTAssertThrowsError(try PixelGrid(scale: 0))
        XCTAssertThrowsError(try PixelGrid(scale: .nan))
    }
}

final class IconTests: XCTestCase {
    func testEveryIconStaysInsideItsGridWithRoomForTheStroke() {
        let margin = Icon.strokeWidthInGridUnits / 2
        for icon in Icon.allCases {
            let bounds = icon.gridPath.controlPointBounds
            XCTAssertFalse(icon.gridPath.isEmpty, "\(icon)")
            XCTAssertGreaterThanOrEqual(bounds.minX, margin - 1e-9, "\(icon)")
            XCTAssertGreaterThanOrEqual(bounds.minY, margin - 1e-9, "\(icon)")
            XCTAssertLessThanOrEqual(bounds.maxX, Icon.gridSize - margin + 1e-9, "\(icon)")
            XCTAssertLessThanOrEqual(bounds.maxY, Icon.gridSize - margin + 1e-9, "\(icon)")
        }
    }

    func testPathIsScaledIntoTheCentredSquare() {
        let path = Icon.check.path(in: Rect(x: 100, y: 0, width: 96, height: 48))
        let bounds = path.controlPointBounds
        let grid = Icon.check.gridPath.controlPointBounds
        XCTAssertEqual(bounds.minX, 100 + 24 + grid.minX * 2, accuracy: 1e-9)
        XCTAssertEqual(bounds.width, grid.width * 2, accuracy: 1e-9)
        XCTAssertEqual(Icon.strokeWidth(in: Rect(x: 0, y: 0, width: 96, height: 48)), 4)
    }

    func testIconsDrawInkInTheirSquare() throws {
        for icon in Icon.allCases {
            let canvas = try Canvas(size: Size(width: 32, height: 32), background: .white)
            icon.draw(in: Rect(x: 4, y: 4, width: 24, height: 24), color: .black, on: canvas)
            var inked = 0
            for y in 0..<32 { for x in 0..<32 where canvas.pixel(x: x, y: y) != 0xFFFF_FFFF { inked += 1 } }
            XCTAssertGreaterThan(inked, 40, "\(icon)")
            XCTAssertEqual(canvas.pixel(x: 1, y: 1), 0xFFFF_FFFF)
        }
    }
}
