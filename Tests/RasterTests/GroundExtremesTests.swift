import Geometry
import Raster
import TestSupport
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

    /// The pixels read one at a time, in rect, row and column order, the first of equal
    /// luminance kept: what the search, which weighs only pixels whose channels let them win,
    /// must agree with.
    func plainExtremes(_ canvas: Canvas, _ rects: [Rect]) -> GroundExtremes? {
        let pixels = canvas.makeImage().premultipliedARGB, width = canvas.pixelWidth
        var darkest: (l: Double, p: UInt32)?, lightest: (l: Double, p: UInt32)?
        func color(_ p: UInt32) -> Color {
            Color(red: Double(p >> 16 & 0xff) / 255, green: Double(p >> 8 & 0xff) / 255, blue: Double(p & 0xff) / 255)
        }
        for rect in rects {
            for y in 0..<canvas.pixelHeight {
                for x in 0..<width {
                    let cx = (Double(x) + 0.5) / canvas.scale, cy = (Double(y) + 0.5) / canvas.scale
                    guard rect.minX <= cx, cx < rect.maxX, rect.minY <= cy, cy < rect.maxY else { continue }
                    let p = pixels[y * width + x], l = color(p).relativeLuminance
                    if darkest == nil || l < darkest!.l { darkest = (l, p) }
                    if lightest == nil || l > lightest!.l { lightest = (l, p) }
                }
            }
        }
        guard let darkest, let lightest else { return nil }
        return GroundExtremes(darkest: color(darkest.p), lightest: color(lightest.p))
    }

    /// Seeded pictures of four kinds against the plain reading: colours at random; a few colours
    /// in many pixels (runs and repeated rows); greys and near-greys, whose luminance is nearest
    /// the bounds the search sets; colours of one luminance band, many nearly tied. Rows of 1 to
    /// 37 pixels (whole groups of eight and tails), rects at fractional places, overlapping.
    func testTheSearchFindsThePixelsThePlainReadingFinds() throws {
        var rng = SeededGenerator(seed: 0x6A0D)
        for round in 0..<160 {
            let width = Int.random(in: 1...37, using: &rng), height = Int.random(in: 1...9, using: &rng)
            let palette = (0..<3).map { _ in UInt32.random(in: 0...0xFF_FFFF, using: &rng) }
            let pixels = (0..<width * height).map { _ -> UInt32 in
                let rgb: UInt32
                switch round % 4 {
                case 0: rgb = UInt32.random(in: 0...0xFF_FFFF, using: &rng)
                case 1: rgb = palette[Int.random(in: 0..<3, using: &rng)]
                case 2:
                    let v = UInt32.random(in: 0...255, using: &rng)
                    rgb = v << 16 | min(255, v + UInt32.random(in: 0...1, using: &rng)) << 8 | v
                default:
                    rgb = UInt32.random(in: 90...110, using: &rng) << 16 | UInt32.random(in: 120...125, using: &rng) << 8 |
                          UInt32.random(in: 100...140, using: &rng)
                }
                return 0xFF00_0000 | rgb
            }
            let canvas = try Canvas(size: Size(width: Double(width), height: Double(height)))
            canvas.draw(try Image(width: width, height: height, premultipliedARGB: pixels), atDevicePixelX: 0, y: 0)
            let rects = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                Rect(x: Double.random(in: -2...Double(width), using: &rng), y: Double.random(in: -2...Double(height), using: &rng),
                     width: Double.random(in: 0...Double(width) + 2, using: &rng), height: Double.random(in: 0...Double(height) + 2, using: &rng))
            }
            XCTAssertEqual(canvas.groundExtremes(in: rects), plainExtremes(canvas, rects), "round \(round): \(width)×\(height), \(rects)")
        }
    }

    /// Two colours set the bounds, one darker than the other; the greys between them cannot
    /// win and are put aside sixteen at a time. The grey just darker than the one colour and
    /// the grey just lighter than the other must still be found, though their channels sit
    /// exactly on the bounds (a search whose bounds were a level tighter would put them aside):
    /// in the middle of a group, first in a group, and in the tail after whole groups.
    func testGreysOnTheBoundsAreWeighed() throws {
        var rng = SeededGenerator(seed: 0xB0DD)
        func luminance(_ rgb: UInt32) -> Double {
            Color(red: Double(rgb >> 16 & 0xff) / 255, green: Double(rgb >> 8 & 0xff) / 255, blue: Double(rgb & 0xff) / 255).relativeLuminance
        }
        let greys = (0...255).map { UInt32($0) * 0x01_0101 }
        var weighed = 0
        for _ in 0..<300 {
            let pair = [UInt32.random(in: 0...0xFF_FFFF, using: &rng), UInt32.random(in: 0...0xFF_FFFF, using: &rng)]
            let dark = pair.min { luminance($0) < luminance($1) }!, light = pair.max { luminance($0) < luminance($1) }!
            guard let darker = greys.last(where: { luminance($0) < luminance(dark) }),
                  let lighter = greys.first(where: { luminance($0) > luminance(light) }),
                  let middle = greys.first(where: { luminance($0) > luminance(dark) * 1.001 }), luminance(middle) * 1.001 < luminance(light)
            else { continue }
            // Groups are counted from the pixel after the last one weighed: after the two colours.
            let group = [UInt32](repeating: middle, count: 16)
            var inGroups = [dark, light] + group + group + group, firstOfGroups = inGroups
            inGroups[2 + 16 + 5] = darker
            inGroups[2 + 32 + 11] = lighter
            firstOfGroups[2 + 16] = darker
            firstOfGroups[2 + 32] = lighter
            for row in [inGroups, firstOfGroups, [dark, light] + group + group + [middle, darker, lighter]] {
                let canvas = try Canvas(size: Size(width: Double(row.count), height: 1))
                canvas.draw(try Image(width: row.count, height: 1, premultipliedARGB: row.map { 0xFF00_0000 | $0 }), atDevicePixelX: 0, y: 0)
                let rects = [Rect(x: 0, y: 0, width: Double(row.count), height: 1)]
                let found = try XCTUnwrap(canvas.groundExtremes(in: rects))
                XCTAssertEqual(found, plainExtremes(canvas, rects))
                XCTAssertEqual(found.darkest.premultipliedARGB32 & 0xFF_FFFF, darker, String(dark, radix: 16))
                XCTAssertEqual(found.lightest.premultipliedARGB32 & 0xFF_FFFF, lighter, String(light, radix: 16))
                weighed += 1
            }
        }
        XCTAssertGreaterThan(weighed, 300)
    }
}
