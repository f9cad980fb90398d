import Geometry
@testable import Layout
import XCTest

/// DESIGN §5's figures measured on UIKit: a button 335 wide, a 32-pt image and a title
/// 54 pt wide, centred. The arithmetic is checked unsnapped (`ButtonGeometry` with the
/// title size given) and after snapping at scale 2, where UIKit's half points are whole
/// device pixels and must survive unchanged.
final class ButtonGeometryTests: XCTestCase {
    let bounds = Rect(x: 0, y: 0, width: 335, height: 44)
    let image = Size(width: 32, height: 32)
    let title = Size(width: 54, height: 20)

    func geometry(cei: EdgeInsets = .zero, iei: EdgeInsets = .zero, tei: EdgeInsets = .zero,
                  horizontal: ContentHorizontalAlignment = .center,
                  vertical: ContentVerticalAlignment = .center) -> ButtonGeometry {
        ButtonGeometry(bounds: bounds, contentEdgeInsets: cei, imageEdgeInsets: iei, titleEdgeInsets: tei,
                       imageSize: image, titleSize: title, horizontalAlignment: horizontal, verticalAlignment: vertical)
    }

    func testCentredImageAndTitle() {
        let g = geometry()
        XCTAssertEqual(g.imageFrame.minX, 124.5)
        XCTAssertEqual(g.titleFrame.minX, 156.5)
        XCTAssertEqual(g.imageFrame.maxX, g.titleFrame.minX, "centred together as one group")
        XCTAssertFalse(g.titleIsTruncated)
    }

    func testImageInsetMovesOnlyTheImage() {
        let g = geometry(iei: EdgeInsets(left: 50))
        XCTAssertEqual(g.imageFrame.minX, 149.5)
        XCTAssertEqual(g.titleFrame.minX, 156.5, "image insets never move the title")
    }

    func testTitleInsetMovesOnlyTheTitle() {
        let g = geometry(tei: EdgeInsets(right: 100))
        XCTAssertEqual(g.titleFrame.minX, 106.5)
        XCTAssertEqual(g.imageFrame.minX, 124.5, "title insets never move the image")
    }

    func testContentInsetMovesBothByHalf() {
        let g = geometry(cei: EdgeInsets(left: 20))
        XCTAssertEqual(g.imageFrame.minX, 134.5)
        XCTAssertEqual(g.titleFrame.minX, 166.5)
    }

    func testTheFiguresAreOnTheScale2GridAndSurviveSnapping() throws {
        let grid = try PixelGrid(scale: 2)
        for g in [geometry(), geometry(iei: EdgeInsets(left: 50)), geometry(tei: EdgeInsets(right: 100)),
                  geometry(cei: EdgeInsets(left: 20))] {
            XCTAssertEqual(grid.snap(g.imageFrame), g.imageFrame)
            XCTAssertEqual(grid.snap(g.titleFrame), g.titleFrame)
        }
        // At scale 1 the same half point floors to the pixel before it.
        XCTAssertEqual(try PixelGrid(scale: 1).snap(geometry().imageFrame).minX, 124)
    }

    func testAnInsetPairMovesItsElementByHalfTheDifference() {
        let base = geometry()
        for (l, r) in [(10.0, 0.0), (0, 10), (6, -6), (-4, 12), (25, 5)] {
            let t = geometry(tei: EdgeInsets(left: l, right: r))
            XCTAssertEqual(t.titleFrame.minX - base.titleFrame.minX, (l - r) / 2, accuracy: 1e-12, "title (\(l), \(r))")
            let i = geometry(iei: EdgeInsets(left: l, right: r))
            XCTAssertEqual(i.imageFrame.minX - base.imageFrame.minX, (l - r) / 2, accuracy: 1e-12, "image (\(l), \(r))")
        }
    }

    func testEqualAndOppositeTitleInsetsKeepTheTitleRectWidth() {
        let base = geometry(), moved = geometry(tei: EdgeInsets(left: 8, right: -8))
        XCTAssertEqual(moved.titleRect.width, base.titleRect.width)
        XCTAssertEqual(moved.titleFrame.minX, base.titleFrame.minX + 8)
        XCTAssertEqual(moved.imageFrame.minX, base.imageFrame.minX)
    }

    func testTooNarrowTitleRectTruncatesTheTitle() {
        let narrow = ButtonGeometry(bounds: Rect(x: 0, y: 0, width: 70, height: 44), imageSize: image, titleSize: title)
        XCTAssertTrue(narrow.titleIsTruncated)
        XCTAssertEqual(narrow.titleFrame.width, 38, "title width = min(tw, rect width)")
        XCTAssertEqual(narrow.titleFrame.minX, 32)
        XCTAssertEqual(narrow.imageFrame.minX, 0)
    }

    func testHorizontalAlignments() {
        let left = geometry(horizontal: .left)
        XCTAssertEqual(left.imageFrame.minX, 0)
        XCTAssertEqual(left.titleFrame.minX, 32)
        let right = geometry(horizontal: .right)
        XCTAssertEqual(right.titleFrame.maxX, 335)
        XCTAssertEqual(right.imageFrame.maxX, 335 - 54)
        let fill = geometry(horizontal: .fill)
        XCTAssertEqual(fill.titleFrame, Rect(x: 32, y: 12, width: 303, height: 20))
        XCTAssertEqual(fill.imageFrame, Rect(x: 0, y: 6, width: 32, height: 32))
    }

    func testVerticalAlignments() {
        let cei = EdgeInsets(top: 4, bottom: 2)
        XCTAssertEqual(geometry(cei: cei, vertical: .top).imageFrame.minY, 4)
        XCTAssertEqual(geometry(cei: cei, vertical: .top).titleFrame.minY, 4)
        XCTAssertEqual(geometry(cei: cei, vertical: .bottom).titleFrame.maxY, 42)
        XCTAssertEqual(geometry(cei: cei, vertical: .center).titleFrame.minY, 4 + (38 - 20) / 2)
        XCTAssertEqual(geometry(cei: cei, vertical: .fill).titleFrame.height, 38)
        XCTAssertEqual(geometry(cei: cei, iei: EdgeInsets(top: 6), vertical: .fill).imageFrame,
                       Rect(x: 124.5, y: 10, width: 32, height: 32))
    }

    func testSizeThatFitsExcludesImageAndTitleInsets() {
        let size = ButtonGeometry.sizeThatFits(contentEdgeInsets: EdgeInsets(top: 5, left: 15, bottom: 7, right: 23),
                                               imageSize: image, titleSize: title)
        XCTAssertEqual(size, Size(width: 15 + 23 + 32 + 54, height: 5 + 7 + 32))
    }
}
