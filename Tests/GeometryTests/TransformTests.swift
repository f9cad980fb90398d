import Foundation
import Geometry
import XCTest

/// Transforms follow `CGAffineTransform`: `a.concatenating(b)` applies `a` first, and a
/// positive rotation turns clockwise on a y-down screen.
final class TransformTests: XCTestCase {
    func assertEqual(_ p: Point, _ q: Point, accuracy: Double = 1e-12, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(p.x, q.x, accuracy: accuracy, "x of \(p) vs \(q)", file: file, line: line)
        XCTAssertEqual(p.y, q.y, accuracy: accuracy, "y of \(p) vs \(q)", file: file, line: line)
    }

    func testConcatenatingAppliesTheReceiverFirst() {
        let translate = Transform.translation(x: 10, y: 0)
        let scale = Transform.scale(x: 2, y: 3)
        // Translate then scale: (1, 1) → (11, 1) → (22, 3).
        assertEqual(translate.concatenating(scale).apply(Point(x: 1, y: 1)), Point(x: 22, y: 3))
        // Scale then translate: (1, 1) → (2, 3) → (12, 3).
        assertEqual(scale.concatenating(translate).apply(Point(x: 1, y: 1)), Point(x: 12, y: 3))
    }

    func testConcatenationMatchesCoreGraphicsComponents() {
        // CGAffineTransform(translationX: 10, y: 5).concatenating(CGAffineTransform(scaleX: 2, y: 3))
        // is (a: 2, b: 0, c: 0, d: 3, tx: 20, ty: 15) on Apple platforms.
        let t = Transform.translation(x: 10, y: 5).concatenating(.scale(x: 2, y: 3))
        XCTAssertEqual(t, Transform(a: 2, b: 0, c: 0, d: 3, tx: 20, ty: 15))
    }

    func testConcatenationEqualsApplyingInTurn() {
        let first = Transform(a: 1, b: 2, c: -3, d: 4, tx: 5, ty: -6)
        let second = Transform(a: 0.5, b: -1, c: 2, d: 0.25, tx: -7, ty: 8)
        let p = Point(x: 3, y: -2)
        assertEqual(first.concatenating(second).apply(p), second.apply(first.apply(p)))
    }

    func testRotationIsClockwiseOnScreen() {
        let quarter = Transform.rotation(radians: .pi / 2)
        // With y pointing down, 3 o'clock → 6 o'clock → 9 o'clock → 12 o'clock is clockwise.
        assertEqual(quarter.apply(Point(x: 1, y: 0)), Point(x: 0, y: 1))
        assertEqual(quarter.apply(Point(x: 0, y: 1)), Point(x: -1, y: 0))
        assertEqual(quarter.apply(Point(x: 0, y: -1)), Point(x: 1, y: 0))
    }

    func testRotationAboutAPointByConcatenation() {
        // Rotate 90° about (10, 10): move the pivot to the origin, rotate, move back.
        let aboutPivot = Transform.translation(x: -10, y: -10)
            .concatenating(.rotation(radians: .pi / 2))
            .concatenating(.translation(x: 10, y: 10))
        assertEqual(aboutPivot.apply(Point(x: 20, y: 10)), Point(x: 10, y: 20))
        assertEqual(aboutPivot.apply(Point(x: 10, y: 10)), Point(x: 10, y: 10))
    }

    func testInverseRoundTripsPoints() throws {
        let t = Transform(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: -7)
        let inverse = try XCTUnwrap(t.inverted)
        for p in [Point(x: 0, y: 0), Point(x: 3, y: -4), Point(x: -123.5, y: 0.25)] {
            assertEqual(inverse.apply(t.apply(p)), p, accuracy: 1e-9)
            assertEqual(t.apply(inverse.apply(p)), p, accuracy: 1e-9)
        }
    }

    func testInverseOfKnownTransforms() throws {
        XCTAssertEqual(try XCTUnwrap(Transform.translation(x: 3, y: -4).inverted), .translation(x: -3, y: 4))
        XCTAssertEqual(try XCTUnwrap(Transform.scale(x: 2, y: 4).inverted), .scale(x: 0.5, y: 0.25))
        let unrotate = try XCTUnwrap(Transform.rotation(radians: 0.3).inverted)
        assertEqual(unrotate.apply(Point(x: 1, y: 0)), Transform.rotation(radians: -0.3).apply(Point(x: 1, y: 0)))
    }

    func testSingularTransformsHaveNoInverse() {
        XCTAssertNil(Transform.scale(x: 0, y: 1).inverted)
        XCTAssertNil(Transform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0).inverted, "rows are parallel")
        XCTAssertNil(Transform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted)
    }

    func testAxisAlignment() {
        XCTAssertTrue(Transform.scale(x: 2, y: 3).concatenating(.translation(x: 4, y: 5)).isAxisAligned)
        XCTAssertFalse(Transform.rotation(radians: 0.1).isAxisAligned)
    }
}
