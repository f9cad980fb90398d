import Foundation
import Geometry
import Raster
import TestSupport
import XCTest

/// The recipes' image operations: sizes, crops, Core Image's hue adjust and straighten.
final class ImageOperationTests: XCTestCase {
    /// A `width` × `height` opaque image whose pixel at (x, y) is `color(x, y)` (0xRRGGBB).
    func image(_ width: Int, _ height: Int, _ color: (Int, Int) -> UInt32) throws -> Image {
        try Image(width: width, height: height,
                  premultipliedARGB: (0..<height).flatMap { y in (0..<width).map { x in 0xFF00_0000 | color(x, y) } })
    }

    func testScaledAveragesWholeBlocks() throws {
        // Quadrants red, green / blue, white: shrunk ten times, the corner pixels (whose filter
        // reaches one source pixel past their block, still inside the quadrant) keep their colour.
        let quadrants = try image(40, 40) { x, y in [[0xFF0000, 0x00FF00], [0x0000FF, 0xFFFFFF]][y / 20][x / 20] }
        let small = try quadrants.scaled(toWidth: 4, height: 4)
        XCTAssertEqual([small.pixel(x: 0, y: 0), small.pixel(x: 3, y: 0), small.pixel(x: 0, y: 3), small.pixel(x: 3, y: 3)],
                       [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF])
        let stretched = try quadrants.scaled(toWidth: 40, height: 8)
        XCTAssertEqual(stretched.width, 40)
        XCTAssertEqual(stretched.height, 8)
        XCTAssertEqual(stretched.pixel(x: 0, y: 0), 0xFFFF_0000)
        XCTAssertEqual(stretched.pixel(x: 39, y: 7), 0xFFFF_FFFF)
        XCTAssertTrue(stretched.isOpaque, "edges repeat their pixels, never fade")
    }

    func testAspectFitSizeAndScale() throws {
        let wide = try image(200, 100) { _, _ in 0x336699 }
        XCTAssertTrue(wide.aspectFitPixelSize(width: 300, height: 300) == (300, 150))
        XCTAssertTrue(wide.aspectFitPixelSize(width: 120, height: 75) == (120, 60))
        let tall = try image(500, 1000) { _, _ in 0x336699 }
        // 75 × 500 / 1000 = 37.5 → 38.
        XCTAssertTrue(tall.aspectFitPixelSize(width: 120, height: 75) == (38, 75))
        let fitted = try wide.aspectScaled(toFitWidth: 120, height: 75)
        XCTAssertEqual([fitted.width, fitted.height], [120, 60])
        XCTAssertTrue(fitted.isOpaque, "no bands")
    }

    func testAspectFillThumbnailCropsTheCentre() throws {
        // 400×400 into 120×75 keeps rows 75…325 (the centred 400×250): green only.
        let stripes = try image(400, 400) { _, y in y < 75 ? 0xFF0000 : (y < 325 ? 0x00FF00 : 0x0000FF) }
        let thumbnail = try stripes.aspectFillThumbnail(width: 120, height: 75)
        XCTAssertEqual([thumbnail.width, thumbnail.height], [120, 75])
        // Inside, only green; the edge rows' filter reaches a pixel past the crop into the real
        // neighbours (red above, blue below), as a crop of the picture should.
        XCTAssertEqual(Set((2..<73).flatMap { y in (0..<120).map { thumbnail.pixel(x: $0, y: y) } }), [0xFF00_FF00])
        XCTAssertGreaterThan((thumbnail.pixel(x: 60, y: 0) >> 8) & 0xFF, 200)
        XCTAssertGreaterThan((thumbnail.pixel(x: 60, y: 74) >> 8) & 0xFF, 200)
        // A framing crop at the top keeps the red band instead.
        let top = try stripes.aspectFillThumbnail(width: 120, height: 75, crop: Rect(x: 0, y: 0, width: 400, height: 250))
        XCTAssertEqual(top.pixel(x: 60, y: 0), 0xFFFF_0000)
        XCTAssertEqual(top.pixel(x: 60, y: 70), 0xFF00_FF00)
    }

    /// A crop on whole pixels at its own size is those pixels, translucent ones too, as drawing
    /// the image unscaled onto a clear canvas of that size gives them.
    func testAWholePixelCropAtItsOwnSizeIsThosePixels() throws {
        var rng = SeededGenerator(seed: 0xC809)
        let width = 37, height = 23
        let pixels = (0..<width * height).map { _ -> UInt32 in
            let a = UInt32.random(in: 0...255, using: &rng)
            return a << 24 | UInt32.random(in: 0...a, using: &rng) << 16 | UInt32.random(in: 0...a, using: &rng) << 8 | UInt32.random(in: 0...a, using: &rng)
        }
        let picture = try Image(width: width, height: height, premultipliedARGB: pixels)
        for (x, y, w, h) in [(0, 0, width, height), (5, 3, 20, 11), (36, 22, 1, 1), (0, 9, 37, 2)] {
            let crop = try picture.cropped(to: Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h)), scaledToWidth: w, height: h)
            let expected = (y..<y + h).flatMap { row in (x..<x + w).map { pixels[row * width + $0] } }
            XCTAssertEqual(crop.premultipliedARGB, expected, "\(w)×\(h) at (\(x), \(y))")
            let canvas = try Canvas(size: Size(width: Double(w), height: Double(h)))
            canvas.draw(picture, atDevicePixelX: -x, y: -y)
            XCTAssertEqual(canvas.makeImage().premultipliedARGB, expected, "drawn, \(w)×\(h) at (\(x), \(y))")
        }
    }

    func testBadSizesAndCropsAreErrors() throws {
        let small = try image(10, 10) { _, _ in 0 }
        XCTAssertThrowsError(try small.scaled(toWidth: 0, height: 5))
        XCTAssertThrowsError(try small.scaled(toWidth: 5, height: 100_000))
        XCTAssertThrowsError(try small.aspectFillThumbnail(width: 5, height: 5, crop: Rect(x: 5, y: 5, width: 10, height: 10)))
        XCTAssertThrowsError(try small.cropped(to: Rect(x: 0, y: 0, width: 0, height: 5), scaledToWidth: 5, height: 5))
        XCTAssertThrowsError(try small.cropped(to: Rect(x: .nan, y: 0, width: 5, height: 5), scaledToWidth: 5, height: 5))
    }

    // MARK: CIStraightenFilter

    func testStraightenTurnsCounterClockwise() throws {
        // Top-left quadrant red: a quarter turn counter-clockwise takes it to the bottom left,
        // a half turn to the bottom right. A square needs no enlargement at these angles.
        let marked = try image(40, 40) { x, y in x < 20 && y < 20 ? 0xFF0000 : 0xFFFFFF }
        let quarter = marked.applying(.straighten(radians: .pi / 2))
        XCTAssertEqual(quarter.pixel(x: 10, y: 30), 0xFFFF_0000)
        XCTAssertEqual(quarter.pixel(x: 10, y: 10), 0xFFFF_FFFF)
        XCTAssertEqual(quarter.pixel(x: 30, y: 10), 0xFFFF_FFFF)
        let half = marked.applying(.straighten(radians: .pi))
        XCTAssertEqual(half.pixel(x: 30, y: 30), 0xFFFF_0000)
        XCTAssertEqual(half.pixel(x: 10, y: 10), 0xFFFF_FFFF)
        let clockwise = marked.applying(.straighten(radians: -.pi / 2))
        XCTAssertEqual(clockwise.pixel(x: 30, y: 10), 0xFFFF_0000)
    }

    /// A whole turn gives the picture back unchanged and a half turn its pixels in reverse
    /// order, exactly, as Core Image's filter would: sin(2π) is −2.4e−16 in floating point, and
    /// the enlargement it implies (1 + 2.2e−16) rounds away in pixman's 16.16 matrix, so nothing
    /// is resampled.
    func testWholeAndHalfTurnsAreExact() throws {
        var state: UInt32 = 12345
        let noise = try image(37, 23) { _, _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return state >> 8
        }
        for radians in [0, 2 * Double.pi, -2 * Double.pi, 4 * Double.pi, 30 * Double.pi] {
            XCTAssertEqual(noise.applying(.straighten(radians: radians)).premultipliedARGB, noise.premultipliedARGB, "\(radians)")
        }
        for radians in [Double.pi, -Double.pi, 3 * Double.pi] {
            let half = noise.applying(.straighten(radians: radians))
            for (x, y) in [(0, 0), (36, 22), (5, 17), (20, 3)] {
                XCTAssertEqual(half.pixel(x: x, y: y), noise.pixel(x: 36 - x, y: 22 - y), "\(radians) at (\(x), \(y))")
            }
            XCTAssertEqual(Set(half.premultipliedARGB), Set(noise.premultipliedARGB))
        }
        XCTAssertNotEqual(noise.applying(.straighten(radians: 6.2832)).premultipliedARGB, noise.premultipliedARGB,
                          "an angle near a whole turn is still a turn")
    }

    func testStraightenLeavesNoEmptyCornersAtAnyAngle() throws {
        let photo = try image(160, 90) { x, y in UInt32(x * 255 / 159) << 16 | UInt32(y * 255 / 89) }
        for radians in [0.1, -0.3, 0.785, 1.2, 2.5, Double.pi, -4.0, 7.0] {
            let out = photo.applying(.straighten(radians: radians))
            XCTAssertEqual([out.width, out.height], [160, 90])
            XCTAssertTrue(out.isOpaque, "\(radians) rad left a transparent pixel")
        }
    }

    // MARK: CIHueAdjust

    func testHueAdjustMatchesTheYIQRotationComputedByPythonsColorsys() throws {
        // The outside reference: Python's standard colorsys (its own YIQ coefficients, rounded
        // differently from the FCC ones used here: up to 2.2/255 apart), rotating (I, Q) by −θ.
        let colors: [UInt32] = [0xFF0000, 0x00FF00, 0x0000FF, 0xFFFF00, 0x8E44AD, 0x3498DB, 0xE67E22, 0x1ABC9C, 0x7F7F7F, 0x204060]
        let angles = [0.5, 1.0, 2.0 * .pi / 3, .pi, -1.3, 4.0]
        let script = """
        import colorsys, math, sys
        for a in [\(angles.map { "\($0)" }.joined(separator: ", "))]:
            for c in [\(colors.map { "\($0)" }.joined(separator: ", "))]:
                y, i, q = colorsys.rgb_to_yiq(((c >> 16) & 255) / 255, ((c >> 8) & 255) / 255, (c & 255) / 255)
                i, q = i * math.cos(a) + q * math.sin(a), -i * math.sin(a) + q * math.cos(a)
                print(" ".join(str(round(min(max(v, 0), 1) * 255, 3)) for v in colorsys.yiq_to_rgb(y, i, q)))
        """
        let reference = try Self.python(script).split(separator: "\n").map { $0.split(separator: " ").map { Double($0)! } }
        XCTAssertEqual(reference.count, angles.count * colors.count)
        let strip = try Image(width: colors.count, height: 1, premultipliedARGB: colors.map { 0xFF00_0000 | $0 })
        for (k, angle) in angles.enumerated() {
            let out = strip.applying(.hueAdjust(radians: angle))
            for (j, color) in colors.enumerated() {
                let p = out.pixel(x: j, y: 0)
                let rgb = [Double((p >> 16) & 0xFF), Double((p >> 8) & 0xFF), Double(p & 0xFF)]
                for c in 0..<3 {
                    XCTAssertEqual(rgb[c], reference[k * colors.count + j][c], accuracy: 3,
                                   "#\(String(color, radix: 16)) by \(angle) rad: \(rgb) vs \(reference[k * colors.count + j])")
                }
            }
        }
    }

    func testHueAdjustTurnsRedTowardsYellowThenGreenAndKeepsGreys() throws {
        let red = try image(1, 1) { _, _ in 0xFF0000 }
        let third = red.applying(.hueAdjust(radians: 2 * .pi / 3)).pixel(x: 0, y: 0)
        XCTAssertLessThan((third >> 16) & 0xFF, 8, "red turned by 2π/3 has no red left")
        XCTAssertGreaterThan((third >> 8) & 0xFF, 150, "… and is green")
        let sixth = red.applying(.hueAdjust(radians: .pi / 3)).pixel(x: 0, y: 0)
        XCTAssertGreaterThan((sixth >> 8) & 0xFF, 80, "red turned by π/3 is orange-yellow")
        XCTAssertLessThan(sixth & 0xFF, 8)
        let grey = try image(1, 1) { _, _ in 0x808080 }
        XCTAssertEqual(grey.applying(.hueAdjust(radians: 1.234)).pixel(x: 0, y: 0), 0xFF80_8080)
        let photo = try image(16, 16) { x, y in UInt32(x * 16) << 16 | UInt32(y * 16) << 8 | 0x40 }
        XCTAssertEqual(photo.applying(.hueAdjust(radians: 0)).premultipliedARGB, photo.premultipliedARGB)
    }

    /// Runs `script` with python3 and returns its standard output.
    static func python(_ script: String) throws -> String {
        let candidates = ["/usr/bin/python3", "/usr/local/bin/python3"]
        guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("no python3 for the colorsys reference")
        }
        let (status, data) = try PythonScript.run(script, executable: path)
        guard status == 0 else { throw XCTSkip("python3 failed: status \(status)") }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
