import Geometry
import XCTest

/// Rectangle algebra with values chosen so every expected edge is exact in binary floating point.
final class RectTests: XCTestCase {
    let a = Rect(x: 10, y: 20, width: 100, height: 50)  // edges 10…110 × 20…70

    func testIntersectionOfOverlappingRects() {
        let b = Rect(x: 60, y: 0, width: 100, height: 40)  // 60…160 × 0…40
        XCTAssertEqual(a.intersection(b), Rect(x: 60, y: 20, width: 50, height: 20))
        XCTAssertEqual(b.intersection(a), a.intersection(b))
    }

    func testIntersectionWithAContainedRectIsThatRect() {
        let inner = Rect(x: 20, y: 30, width: 10, height: 5)
        XCTAssertEqual(a.intersection(inner), inner)
        XCTAssertEqual(inner.intersection(a), inner)
    }

    func testDisjointOrTouchingRectsHaveAnEmptyIntersectionAtTheFirstOrigin() {
        let disjoint = Rect(x: 500, y: 500, width: 10, height: 10)
        XCTAssertEqual(a.intersection(disjoint), Rect(x: 10, y: 20, width: 0, height: 0))
        // Sharing only the edge x = 110 is not an overlap.
        let touching = Rect(x: 110, y: 20, width: 10, height: 50)
        XCTAssertTrue(a.intersection(touching).isEmpty)
        // Overlapping horizontally but not vertically.
        XCTAssertTrue(a.intersection(Rect(x: 50, y: 80, width: 10, height: 10)).isEmpty)
    }

    func testUnionSpansBothRects() {
        let b = Rect(x: -5, y: 40, width: 20, height: 60)  // -5…15 × 40…100
        XCTAssertEqual(a.union(b), Rect(x: -5, y: 20, width: 115, height: 80))
        XCTAssertEqual(b.union(a), a.union(b))
    }

    func testUnionIgnoresEmptyRectsWhereverTheyAre() {
        let empty = Rect(x: 1000, y: 1000, width: 0, height: 5)
        XCTAssertEqual(a.union(empty), a)
        XCTAssertEqual(empty.union(a), a)
    }

    func testInsetByEdgeInsetsMovesEachEdgeByItsOwnAmount() {
        let insets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        let r = a.inset(by: insets)
        XCTAssertEqual(r.minX, 12)
        XCTAssertEqual(r.minY, 21)
        XCTAssertEqual(r.maxX, 106)
        XCTAssertEqual(r.maxY, 67)
    }

    func testNegativeInsetsGrowTheRect() {
        let r = a.inset(by: EdgeInsets(top: -5, left: -10, bottom: -5, right: -10))
        XCTAssertEqual(r, Rect(x: 0, y: 15, width: 120, height: 60))
    }

    func testIntegralEnclosingRoundsEdgesOutwards() {
        let r = Rect(x: 1.25, y: 2.75, width: 3.5, height: 0.125)  // 1.25…4.75 × 2.75…2.875
        XCTAssertEqual(r.integralEnclosing, Rect(x: 1, y: 2, width: 4, height: 1))
    }

    func testIntegralEnclosingRoundsNegativeEdgesAwayFromTheRect() {
        // Truncation towards zero would give -1 and 0 here and lose half a pixel each side.
        let r = Rect(x: -1.5, y: -0.5, width: 1, height: 1)  // -1.5…-0.5 × -0.5…0.5
        XCTAssertEqual(r.integralEnclosing, Rect(x: -2, y: -1, width: 2, height: 2))
    }

    func testIntegralEnclosingKeepsWholeNumberRects() {
        XCTAssertEqual(a.integralEnclosing, a)
    }
}
