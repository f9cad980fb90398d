import Geometry
import XCTest

/// Path construction: the stored-subpath invariant and the rect, ellipse and rounded-rect shapes.
final class PathTests: XCTestCase {
    /// Every on-curve and control point of `path`.
    func points(_ path: Path) -> [Point] {
        path.elements.flatMap { element -> [Point] in
            switch element {
            case .move(let p), .line(let p): return [p]
            case .quad(let c, let p): return [c, p]
            case .cubic(let c1, let c2, let p): return [c1, c2, p]
            case .close: return []
            }
        }
    }

    func testASegmentWithoutACurrentPointStartsASubpath() {
        var path = Path()
        path.line(to: Point(x: 5, y: 6))
        XCTAssertEqual(path.elements, [.move(Point(x: 5, y: 6)), .line(Point(x: 5, y: 6))])
    }

    func testCloseWithoutASubpathIsIgnored() {
        var path = Path()
        path.close()
        XCTAssertTrue(path.isEmpty)
    }

    /// After `close` the current point returns to the subpath's start, and a following
    /// segment begins a new subpath there (SVG's rule). The documented invariant is that
    /// every stored subpath begins with `.move`, which rasterizers rely on: without it the
    /// new contour loses its first point and a stroker is handed a segment with no start.
    func testASegmentAfterCloseStartsANewSubpathAtTheOldStart() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.line(to: Point(x: 10, y: 0))
        path.close()
        XCTAssertEqual(path.currentPoint, Point(x: 0, y: 0))
        path.line(to: Point(x: 0, y: 10))
        XCTAssertEqual(path.elements, [
            .move(Point(x: 0, y: 0)), .line(Point(x: 10, y: 0)), .close,
            .move(Point(x: 0, y: 0)), .line(Point(x: 0, y: 10)),
        ])
    }

    func testRectIsFourCornersClockwiseFromTopLeft() {
        let path = Path(rect: Rect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(path.elements, [
            .move(Point(x: 1, y: 2)), .line(Point(x: 4, y: 2)), .line(Point(x: 4, y: 6)),
            .line(Point(x: 1, y: 6)), .close,
        ])
    }

    func testEllipseControlPointBoundsEqualItsRect() {
        for rect in [Rect(x: 10, y: 20, width: 80, height: 40), Rect(x: -3, y: 7, width: 6, height: 50)] {
            XCTAssertEqual(Path(ellipseIn: rect).controlPointBounds, rect)
        }
    }

    func testEllipsePassesThroughTheEdgeMidpointsClockwiseFromTheRight() {
        let rect = Rect(x: 10, y: 20, width: 80, height: 40)  // centre (50, 40)
        let ends = Path(ellipseIn: rect).elements.compactMap { element -> Point? in
            switch element {
            case .move(let p), .cubic(_, _, let p): return p
            default: return nil
            }
        }
        XCTAssertEqual(ends, [Point(x: 90, y: 40), Point(x: 50, y: 60), Point(x: 10, y: 40),
                              Point(x: 50, y: 20), Point(x: 90, y: 40)])
    }

    func testEllipseQuarterArcMeetsTheCircleAt45Degrees() {
        // κ = 4/3·(√2 − 1) puts each quarter arc's midpoint exactly on the circle.
        let r = 100.0
        let path = Path(ellipseIn: Rect(x: -r, y: -r, width: 2 * r, height: 2 * r))
        guard case .cubic(let c1, let c2, let p1) = path.elements[1] else { return XCTFail("expected a cubic") }
        let p0 = Point(x: r, y: 0)
        let mid = Point(x: (p0.x + 3 * c1.x + 3 * c2.x + p1.x) / 8, y: (p0.y + 3 * c1.y + 3 * c2.y + p1.y) / 8)
        XCTAssertEqual((mid.x * mid.x + mid.y * mid.y).squareRoot(), r, accuracy: r * 1e-9)
    }

    func testRoundedRectRadiusClampsToHalfTheShorterSide() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 40)
        let capsule = Path(roundedRect: rect, cornerRadius: 20)
        XCTAssertEqual(Path(roundedRect: rect, cornerRadius: 50), capsule)
        XCTAssertEqual(Path(roundedRect: rect, cornerRadius: 1e9), capsule)
        XCTAssertEqual(capsule.elements.first, .move(Point(x: 20, y: 0)))
        XCTAssertNotEqual(Path(roundedRect: rect, cornerRadius: 19), capsule)
    }

    func testRoundedRectStaysInsideItsRect() {
        let rect = Rect(x: 5, y: 6, width: 30, height: 70)
        for radius in [1.0, 10, 15, 100] {
            let path = Path(roundedRect: rect, cornerRadius: radius)
            XCTAssertEqual(path.controlPointBounds, rect, "radius \(radius)")
            XCTAssertTrue(points(path).allSatisfy { $0.x >= rect.minX && $0.x <= rect.maxX && $0.y >= rect.minY && $0.y <= rect.maxY })
        }
    }

    func testRoundedRectWithNoPositiveRadiusIsAPlainRect() {
        let rect = Rect(x: 1, y: 2, width: 30, height: 40)
        XCTAssertEqual(Path(roundedRect: rect, cornerRadius: 0), Path(rect: rect))
        XCTAssertEqual(Path(roundedRect: rect, cornerRadius: -5), Path(rect: rect))
    }

    func testRoundedRectCornersStartAndEndOnTheEdges() {
        let path = Path(roundedRect: Rect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 10)
        // Top edge from (10, 0) to (90, 0), then the top-right arc to (100, 10).
        XCTAssertEqual(path.elements[0], .move(Point(x: 10, y: 0)))
        XCTAssertEqual(path.elements[1], .line(Point(x: 90, y: 0)))
        guard case .cubic(_, _, let end) = path.elements[2] else { return XCTFail("expected a corner curve") }
        XCTAssertEqual(end, Point(x: 100, y: 10))
        XCTAssertEqual(path.elements.last, .close)
    }

    func testApplyingATransformMapsEveryPoint() {
        let rect = Rect(x: 1, y: 2, width: 3, height: 4)
        XCTAssertEqual(Path(rect: rect).applying(.translation(x: 10, y: 20)), Path(rect: rect.offsetBy(dx: 10, dy: 20)))
        XCTAssertEqual(Path(ellipseIn: rect).applying(.scale(x: 2, y: 2)).controlPointBounds,
                       Rect(x: 2, y: 4, width: 6, height: 8))
    }

    func testEmptyPathHasZeroBounds() {
        XCTAssertEqual(Path().controlPointBounds, .zero)
    }
}
