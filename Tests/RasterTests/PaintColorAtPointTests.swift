import Geometry
@testable import Raster
import XCTest

/// `Paint.color(at:)` is the colour pixman lays at a point: every case fills a canvas with the
/// paint through pixman and compares each sampled pixel with the colour computed at its
/// centre, within a level of rounding.
final class PaintColorAtPointTests: XCTestCase {
    private let yellow = Color(hex: "#fff176")!, purple = Color(hex: "#4a148c")!, teal = Color(hex: "#00897b")!

    /// Fills a `width`×`height` canvas with `paint` and compares every `step`-th pixel.
    private func assertMatchesPixman(_ paint: Paint, width: Int = 120, height: Int = 80, step: Int = 7,
                                     _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let canvas = try Canvas(size: Size(width: Double(width), height: Double(height)))
        canvas.clear(to: .clear)  // so that a translucent paint's pixels are its own, premultiplied
        canvas.fill(Path(rect: canvas.bounds), with: paint)
        var worst = 0
        for y in stride(from: 0, to: height, by: step) {
            for x in stride(from: 0, to: width, by: step) {
                let drawn = canvas.pixel(x: x, y: y)
                let expected = paint.color(at: Point(x: Double(x) + 0.5, y: Double(y) + 0.5)).premultipliedARGB32
                for shift: UInt32 in [24, 16, 8, 0] {
                    worst = max(worst, abs(Int((drawn >> shift) & 0xFF) - Int((expected >> shift) & 0xFF)))
                }
            }
        }
        XCTAssertLessThanOrEqual(worst, 1, "\(message): largest difference from pixman \(worst) levels", file: file, line: line)
    }

    func testLinearGradientsAtAnyAngleMatchPixman() throws {
        let stops = [GradientStop(offset: 0, color: yellow), GradientStop(offset: 1, color: purple)]
        try assertMatchesPixman(.linearGradient(start: .zero, end: Point(x: 120, y: 80), stops: stops), "135°")
        try assertMatchesPixman(.linearGradient(start: Point(x: 0, y: 80), end: Point(x: 120, y: 0), stops: stops), "45°")
        try assertMatchesPixman(.linearGradient(start: Point(x: 30, y: 40), end: Point(x: 90, y: 40), stops: stops), "ends inside: padded")
        try assertMatchesPixman(.linearGradient(start: Point(x: 0, y: 80), end: Point(x: 0, y: 0), stops:
            [GradientStop(offset: 0, color: yellow), GradientStop(offset: 0.3, color: teal), GradientStop(offset: 1, color: purple)]),
                                "three stops, bottom to top")
    }

    func testRadialGradientsAndTranslucentStopsMatchPixman() throws {
        try assertMatchesPixman(.radialGradient(center: Point(x: 20, y: 10), radius: 90, stops:
            [GradientStop(offset: 0, color: Color(gray: 1, alpha: 0.2)), GradientStop(offset: 0.55, color: Color(gray: 1, alpha: 0.05)),
             GradientStop(offset: 1, color: .clear)]), "the gradient template's light")
        try assertMatchesPixman(.radialGradient(center: Point(x: 60, y: 40), radius: 30, stops:
            [GradientStop(offset: 0, color: teal), GradientStop(offset: 1, color: purple)]), "radial, padded beyond the radius")
    }

    func testEndsHardEdgesAndDegenerateGeometry() {
        let stops = [GradientStop(offset: 0, color: yellow), GradientStop(offset: 1, color: purple)]
        let diagonal = Paint.linearGradient(start: .zero, end: Point(x: 100, y: 100), stops: stops)
        XCTAssertEqual(diagonal.color(at: .zero), yellow)
        XCTAssertEqual(diagonal.color(at: Point(x: 100, y: 100)), purple)
        XCTAssertEqual(diagonal.color(at: Point(x: 100, y: 0)), diagonal.color(at: Point(x: 50, y: 50)), "the far corner of a 45° line is its middle")
        XCTAssertEqual(diagonal.color(at: Point(x: -500, y: 3)), yellow, "before the start the first colour extends")
        XCTAssertEqual(diagonal.color(at: Point(x: 900, y: 900)), purple, "past the end the last")
        let middle = diagonal.color(at: Point(x: 50, y: 50))
        XCTAssertEqual(middle.red, (yellow.red + purple.red) / 2, accuracy: 1e-12)
        XCTAssertEqual(middle.blue, (yellow.blue + purple.blue) / 2, accuracy: 1e-12)

        // Equal offsets make a hard edge: the later stop holds from the offset on.
        let hard = Paint.linearGradient(start: .zero, end: Point(x: 10, y: 0), stops:
            [GradientStop(offset: 0, color: yellow), GradientStop(offset: 0.5, color: yellow),
             GradientStop(offset: 0.5, color: teal), GradientStop(offset: 1, color: teal)])
        XCTAssertEqual(hard.color(at: Point(x: 4.9, y: 0)), yellow)
        XCTAssertEqual(hard.color(at: Point(x: 5, y: 0)), teal)
        // Stops given out of order are sorted first.
        let reversed = Paint.linearGradient(start: .zero, end: Point(x: 10, y: 0), stops: stops.reversed())
        XCTAssertEqual(reversed.color(at: Point(x: 10, y: 0)), purple)

        XCTAssertEqual(Paint.linearGradient(start: Point(x: 3, y: 3), end: Point(x: 3, y: 3), stops: stops).color(at: .zero), purple,
                       "no length: the last colour, as drawn")
        XCTAssertEqual(Paint.radialGradient(center: .zero, radius: 0, stops: stops).color(at: .zero), purple)
        XCTAssertEqual(Paint.linearGradient(start: .zero, end: Point(x: 1, y: 0), stops: []).color(at: .zero), .clear)
        XCTAssertEqual(Paint.solid(teal).color(at: Point(x: 1e9, y: -1e9)), teal)
        XCTAssertEqual(diagonal.color(at: Point(x: .nan, y: 0)), yellow, "a point that is not a number: the first colour")
    }
}
