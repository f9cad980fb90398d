import CPixman
import Geometry
@testable import Raster
import XCTest

/// A linear gradient that is one colour along each device row is composited row by row as
/// solid colours (`Canvas.compositeRowConstantGradient`). It claims pixman's bytes, so every
/// case draws both ways (`rowByRow: false` is pixman's general path) onto the same busy
/// canvas and compares every pixel.
final class RowConstantGradientTests: XCTestCase {
    func testTheDecisionIsPixmansArithmetic() {
        let stops = [GradientStop(offset: 0, color: Color(gray: 0, alpha: 0.1)), GradientStop(offset: 1, color: Color(gray: 0, alpha: 0.7))]
        func vertical(x: Double = 10) -> Paint { .linearGradient(start: Point(x: x, y: 20), end: Point(x: x, y: 300), stops: stops) }
        XCTAssertTrue(vertical().isConstantAlongDeviceRows(toDevice: .identity))
        XCTAssertTrue(vertical().isConstantAlongDeviceRows(toDevice: .scale(x: 2, y: 2)), "scale 2")
        XCTAssertTrue(vertical().isConstantAlongDeviceRows(toDevice: .rotation(radians: .pi)), "turned half a turn: rows are still rows")
        XCTAssertTrue(Paint.linearGradient(start: Point(x: 5, y: 300), end: Point(x: 5, y: 0), stops: stops)
            .isConstantAlongDeviceRows(toDevice: .identity), "bottom to top")
        XCTAssertFalse(vertical().isConstantAlongDeviceRows(toDevice: .rotation(radians: .pi / 2)), "turned a quarter: constant along columns")
        XCTAssertFalse(Paint.linearGradient(start: Point(x: 0, y: 0), end: Point(x: 300, y: 0), stops: stops)
            .isConstantAlongDeviceRows(toDevice: .identity), "horizontal")
        XCTAssertFalse(Paint.linearGradient(start: Point(x: 0, y: 0), end: Point(x: 300, y: 200), stops: stops)
            .isConstantAlongDeviceRows(toDevice: .identity), "diagonal")
        // One unit of pixman's 16.16 fixed point off vertical: pixman's step along a row is
        // no longer zero, so pixman draws it.
        XCTAssertFalse(Paint.linearGradient(start: Point(x: 10, y: 20), end: Point(x: 10 + 1.0 / 65536, y: 300), stops: stops)
            .isConstantAlongDeviceRows(toDevice: .identity), "a fixed-point unit off vertical")
        XCTAssertFalse(Paint.radialGradient(center: Point(x: 10, y: 10), radius: 50, stops: stops).isConstantAlongDeviceRows(toDevice: .identity))
        XCTAssertFalse(Paint.solid(Color(gray: 0.5)).isConstantAlongDeviceRows(toDevice: .identity))
    }

    /// Fills `path` with `paint` on two copies of one busy canvas, row by row and through
    /// pixman's general path, and requires the same pixels.
    func assertSameAsPixman(_ paint: Paint, path: Path, scale: Double = 1, clip: Path? = nil, opaque: Bool = false,
                            _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertTrue(paint.isConstantAlongDeviceRows(toDevice: .scale(x: scale, y: scale)), "\(message): not a case for rows", file: file, line: line)
        var results: [[UInt32]] = []
        for rowByRow in [true, false] {
            let canvas = try Canvas(size: Size(width: 96, height: 64), scale: scale)
            let noise = try OpaqueCompositeTests.noise(width: canvas.pixelWidth, height: canvas.pixelHeight) { x, y in
                opaque ? 255 : UInt32((x * 7 + y * 13) % 256)
            }
            canvas.draw(noise, atDevicePixelX: 0, y: 0)
            let clipMask = clip.map { canvas.makeClip($0) }
            canvas.fill(canvas.makeClip(path), with: paint, paintTransform: nil, clip: clipMask, rowByRow: rowByRow)
            results.append(canvas.makeImage().premultipliedARGB)
        }
        let differing = zip(results[0], results[1]).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "\(message): \(differing) pixels differ from pixman's", file: file, line: line)
    }

    func testThePhotoScrimIsPixmansBytes() throws {
        let scrim = [GradientStop(offset: 0, color: Color(red: 0, green: 0, blue: 0, alpha: 0x14 / 255.0)),
                     GradientStop(offset: 1, color: Color(red: 0, green: 0, blue: 0, alpha: 0xB3 / 255.0))]
        let whole = Path(rect: Rect(x: 0, y: 0, width: 96, height: 64))
        for scale in [1.0, 2.0, 3.0] {
            try assertSameAsPixman(.linearGradient(start: Point(x: 0, y: 13.3), end: Point(x: 0, y: 64), stops: scrim), path: whole, scale: scale,
                                   opaque: true, "the scrim downwards over an opaque photo at scale \(scale)")
            try assertSameAsPixman(.linearGradient(start: Point(x: 0, y: 50.7), end: Point(x: 0, y: 0), stops: scrim), path: whole, scale: scale,
                                   "the scrim upwards over a translucent canvas at scale \(scale)")
        }
    }

    func testShapesClipsStopsAndEndsBeyondTheCanvas() throws {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random(_ range: ClosedRange<Double>) -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Double(seed >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
        for index in 0..<60 {
            let stops = (0..<(2 + index % 3)).map { _ in
                GradientStop(offset: random(0...1), color: Color(red: random(0...1), green: random(0...1), blue: random(0...1),
                                                                 alpha: index % 4 == 0 ? 1 : random(0...1)))
            }
            let x = random(-20...120)
            let paint = Paint.linearGradient(start: Point(x: x, y: random(-40...100)), end: Point(x: x, y: random(-40...100)), stops: stops)
            let frame = Rect(x: random(-10...40), y: random(-10...30), width: random(1...90), height: random(1...70))
            let shapes = [Path(rect: frame), Path(roundedRect: frame, cornerRadius: random(0...20)), Path(ellipseIn: frame),
                          Path(rect: Rect(x: 0, y: 0, width: 96, height: 64))]
            let clip = index % 5 == 0 ? Path(ellipseIn: Rect(x: random(0...40), y: random(0...30), width: 50, height: 40)) : nil
            try assertSameAsPixman(paint, path: shapes[index % shapes.count], scale: [1, 2, 1.5][index % 3], clip: clip, opaque: index % 2 == 0,
                                   "case \(index): \(paint), \(frame)")
        }
    }

    /// The gradient's ends may sit anywhere, even on one row (`start == end` is a solid colour
    /// before it gets here): above and below them the end colours repeat.
    func testGradientsOfOneRowAndAllTransparentRows() throws {
        let stops = [GradientStop(offset: 0, color: Color(gray: 1, alpha: 0)), GradientStop(offset: 0.5, color: Color(gray: 1, alpha: 0)),
                     GradientStop(offset: 1, color: Color(red: 1, green: 0.5, blue: 0, alpha: 0.8))]
        let whole = Path(rect: Rect(x: 0, y: 0, width: 96, height: 64))
        try assertSameAsPixman(.linearGradient(start: Point(x: 3, y: 30), end: Point(x: 3, y: 30.5), stops: stops), path: whole, "half a pixel tall")
        try assertSameAsPixman(.linearGradient(start: Point(x: 3, y: 0), end: Point(x: 3, y: 64), stops: stops), path: whole,
                               "the top half transparent (skipped)")
    }

    /// A rounded rectangle on whole pixels: its middle rows are fully covered (composited
    /// without the mask), its corner rows are not.
    func testRowsFullyCoveredAndNot() throws {
        let stops = [GradientStop(offset: 0, color: Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.35)),
                     GradientStop(offset: 1, color: Color(red: 0.9, green: 0.1, blue: 0.3, alpha: 0.9))]
        let paint = Paint.linearGradient(start: Point(x: 0, y: 6), end: Point(x: 0, y: 58), stops: stops)
        for scale in [1.0, 2.0] {
            try assertSameAsPixman(paint, path: Path(roundedRect: Rect(x: 5, y: 4, width: 80, height: 50), cornerRadius: 9), scale: scale,
                                   "a rounded rectangle at scale \(scale)")
            try assertSameAsPixman(paint, path: Path(rect: Rect(x: 5, y: 4, width: 80, height: 50)), scale: scale,
                                   clip: Path(ellipseIn: Rect(x: 0, y: 0, width: 96, height: 64)), "a rectangle clipped by an ellipse at scale \(scale)")
        }
    }

    func testFullyCoveredRowsReadsEveryByteOfTheArea() {
        var mask = CoverageMask(bounds: PixelRect(x: 3, y: 2, width: 21, height: 4))
        for y in 0..<4 { for x in 0..<21 { mask[x, y] = 255 } }
        mask[20, 1] = 254  // the last byte of a row, past the eight-byte words
        mask[9, 2] = 0     // inside a word
        mask[0, 3] = 200   // left of the area below
        XCTAssertEqual(mask.fullyCoveredRows(in: mask.bounds), [true, false, false, false])
        XCTAssertEqual(mask.fullyCoveredRows(in: PixelRect(x: 4, y: 2, width: 19, height: 4)), [true, true, false, true],
                       "the area leaves out the mask's first and last columns")
    }

    /// Gradients whose points lie beyond pixman's 16.16 range (±32,767) are handed to it
    /// shrunk by a power of two: black to white from x = 20,000 to −20,000 is mid-grey on a
    /// small canvas (it was white: the ends saturated), a radial one 120,000 points wide
    /// likewise, vertically (row by row) as well as horizontally, and ends pixman cannot tell
    /// apart paint the last stop, as equal ends do.
    func testGradientsBeyondPixmansRangeKeepTheirColours() throws {
        let stops = [GradientStop(offset: 0, color: Color(gray: 0)), GradientStop(offset: 1, color: Color(gray: 1))]
        func centre(_ paint: Paint, rowByRow: Bool = true) throws -> UInt32 {
            let canvas = try Canvas(size: Size(width: 100, height: 100), scale: 1)
            canvas.fill(canvas.makeClip(Path(rect: Rect(x: 0, y: 0, width: 100, height: 100))), with: paint, paintTransform: nil, clip: nil,
                        rowByRow: rowByRow)
            return canvas.pixel(x: 50, y: 50) & 0xFF  // blue, as grey
        }
        let horizontal = Paint.linearGradient(start: Point(x: 20_000, y: 0), end: Point(x: -20_000, y: 0), stops: stops)
        XCTAssertEqual(Double(try centre(horizontal)), 127.5, accuracy: 2)
        let vertical = Paint.linearGradient(start: Point(x: 0, y: 20_000), end: Point(x: 0, y: -20_000), stops: stops)
        XCTAssertTrue(vertical.isConstantAlongDeviceRows(toDevice: .identity))
        for rowByRow in [true, false] { XCTAssertEqual(Double(try centre(vertical, rowByRow: rowByRow)), 127.5, accuracy: 2, "row by row: \(rowByRow)") }
        let radial = Paint.radialGradient(center: Point(x: -60_000, y: 50), radius: 120_000, stops: stops)
        XCTAssertEqual(Double(try centre(radial)), 127.5, accuracy: 2)
        let near = Paint.linearGradient(start: Point(x: 50, y: 50), end: Point(x: 50 + 1e-7, y: 50 + 1e-7), stops: stops)
        XCTAssertEqual(try centre(near), 255, "ends closer than pixman's unit paint the last stop")
        XCTAssertEqual(Paint.linearGradient(start: Point(x: 0, y: 0), end: Point(x: 300, y: 0), stops: stops).pixmanGeometryScale, 1,
                       "gradients within the range are passed as they are")
    }
}
