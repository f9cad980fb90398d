import Foundation
@testable import Raster
import TestSupport
import XCTest

/// Each optimised path against a plain reference written for clarity, on random inputs.
final class NaiveReferenceTests: XCTestCase {
    var rng = SeededGenerator(seed: 0x5EED)

    func randomImage(width: Int, height: Int, opaque: Bool = false) throws -> Image {
        let pixels = (0..<width * height).map { _ -> UInt32 in
            let a = opaque ? 255 : UInt32.random(in: 0...255, using: &rng)
            let r = UInt32.random(in: 0...a, using: &rng), g = UInt32.random(in: 0...a, using: &rng), b = UInt32.random(in: 0...a, using: &rng)
            return a << 24 | r << 16 | g << 8 | b
        }
        return try Image(width: width, height: height, premultipliedARGB: pixels)
    }

    /// Box blur with running sums = box blur by summing every window, with both edge rules,
    /// on planes whose rows have padding (as masks do) and without.
    func testRunningSumBoxBlurEqualsDirectSum() throws {
        for trial in 0..<40 {
            let w = Int.random(in: 1...40, using: &rng), h = Int.random(in: 1...30, using: &rng)
            let stride = w + (trial % 3 == 0 ? 3 : 0)
            let widths = (0..<Int.random(in: 1...3, using: &rng)).map { _ in 2 * Int.random(in: 0...12, using: &rng) + 1 }
            let edges: BlurEdges = trial % 2 == 0 ? .extended : .transparent
            var plane = (0..<stride * h).map { i in i % stride < w ? UInt8.random(in: 0...255, using: &rng) : 0 }
            var naive = plane
            for width in widths { naive = naiveBoxBlur(naive, width: w, height: h, stride: stride, radius: width / 2, edges: edges) }
            plane.withUnsafeMutableBufferPointer {
                boxBlur($0, width: w, height: h, strideBytes: stride, boxWidths: widths, edges: edges)
            }
            XCTAssertEqual(plane, naive, "trial \(trial): \(w)×\(h) stride \(stride) widths \(widths) \(edges)")
        }
    }

    /// The image filter = the naive box passes on each premultiplied channel, colour then
    /// clamped to alpha. With transparent edges the channels lie in a margin of zeros as wide
    /// as the passes reach, cut away at the end.
    func testImageBlurEqualsNaiveBoxesPerChannel() throws {
        for trial in 0..<16 {
            let w = Int.random(in: 1...24, using: &rng), h = Int.random(in: 1...18, using: &rng)
            let sigma = Double.random(in: 0.3...6, using: &rng)
            let extend = trial % 2 == 0
            let image = try randomImage(width: w, height: h)
            let blurred = image.applying(.gaussianBlur(sigma: sigma, extendEdges: extend))
            let widths = boxBlurWidths(sigma: sigma)
            let margin = extend ? 0 : widths.reduce(0) { $0 + $1 / 2 }
            let mw = w + 2 * margin, mh = h + 2 * margin
            var channels = (0..<4).map { c in
                var plane = [UInt8](repeating: 0, count: mw * mh)
                for (i, pixel) in image.premultipliedARGB.enumerated() {
                    plane[(i / w + margin) * mw + i % w + margin] = UInt8(truncatingIfNeeded: pixel >> UInt32(24 - 8 * c))
                }
                return plane
            }
            for c in 0..<4 {
                for width in widths {
                    channels[c] = naiveBoxBlur(channels[c], width: mw, height: mh, stride: mw, radius: width / 2,
                                               edges: extend ? .extended : .transparent)
                }
                channels[c] = (0..<w * h).map { channels[c][($0 / w + margin) * mw + $0 % w + margin] }
            }
            let expected = (0..<w * h).map { i -> UInt32 in
                let a = channels[0][i]
                return UInt32(a) << 24 | UInt32(min(a, channels[1][i])) << 16 | UInt32(min(a, channels[2][i])) << 8 | UInt32(min(a, channels[3][i]))
            }
            XCTAssertEqual(blurred.premultipliedARGB, expected, "trial \(trial): \(w)×\(h) σ \(sigma) extend \(extend)")
        }
    }


    /// The three box widths reproduce the requested variance (σ² = Σ (w² − 1) / 12).
    func testBoxWidthsMatchGaussianVariance() {
        for sigma in stride(from: 0.5, through: 60, by: 0.7) {
            let widths = boxBlurWidths(sigma: sigma)
            XCTAssertEqual(widths.count, 3)
            XCTAssertTrue(widths.allSatisfy { $0 % 2 == 1 })
            let variance = widths.map { Double($0 * $0 - 1) / 12 }.reduce(0, +)
            XCTAssertEqual(variance.squareRoot(), sigma, accuracy: max(0.6, sigma * 0.05), "sigma \(sigma): \(widths)")
        }
    }

    /// Fixed-point hue rotation = the floating-point matrix, within one level.
    func testFixedPointHueRotationEqualsFloatingPoint() throws {
        let image = try randomImage(width: 64, height: 16)
        for degrees in [0.0, 30, 90, 180, 270, -45, 123.4] {
            let radians = degrees * .pi / 180
            let fast = image.hueRotated(by: radians)
            let m = hueRotationMatrix(radians: radians)
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = image.pixel(x: x, y: y)
                    let a = Double(p >> 24), r = Double((p >> 16) & 0xFF), g = Double((p >> 8) & 0xFF), b = Double(p & 0xFF)
                    let q = fast.pixel(x: x, y: y)
                    XCTAssertEqual(q >> 24, p >> 24)
                    for (row, shift) in [(0, 16), (1, 8), (2, 0)] {
                        let expected = min(max(m[row * 3] * r + m[row * 3 + 1] * g + m[row * 3 + 2] * b, 0), a)
                        XCTAssertEqual(Double((q >> UInt32(shift)) & 0xFF), expected, accuracy: 1.01, "\(degrees)° at \(x),\(y)")
                    }
                }
            }
        }
    }

    /// Hue rotation by 0 and by a full turn changes nothing; greys never change.
    func testHueRotationIdentities() throws {
        let image = try randomImage(width: 32, height: 8, opaque: true)
        XCTAssertEqual(image.hueRotated(by: 0).premultipliedARGB, image.premultipliedARGB)
        let grey = try Image(width: 1, height: 1, premultipliedARGB: [0xFF80_8080])
        XCTAssertEqual(grey.hueRotated(by: 1.234).pixel(x: 0, y: 0), 0xFF80_8080)
    }

    /// Image drawn at its natural size through pixman = the source pixels copied.
    func testIdentityImageDrawIsAnExactCopy() throws {
        let image = try randomImage(width: 37, height: 23)
        let canvas = try Canvas(size: image.size)
        canvas.draw(image, in: canvas.bounds)
        XCTAssertEqual(canvas.makeImage().premultipliedARGB, image.premultipliedARGB)
    }

    /// Shape coverage from FreeType = the exact area of the pixel the shape covers. Edges
    /// are placed on FreeType's 1/64-pixel grid so the comparison measures the rasterizer,
    /// not the 26.6 rounding of coordinates.
    func testRectangleCoverageEqualsAreaFraction() throws {
        func grid(_ v: Double) -> Double { (v * 64).rounded() / 64 }
        for _ in 0..<20 {
            let x = grid(.random(in: 0...20, using: &rng)), y = grid(.random(in: 0...20, using: &rng))
            let w = grid(.random(in: 1...20, using: &rng)), h = grid(.random(in: 1...20, using: &rng))
            let canvas = try Canvas(size: .init(width: 48, height: 48), background: .clear)
            canvas.fill(.init(rect: .init(x: x, y: y, width: w, height: h)), with: .solid(.black))
            for py in 0..<48 {
                for px in 0..<48 {
                    let ox = max(0, min(Double(px + 1), x + w) - max(Double(px), x))
                    let oy = max(0, min(Double(py + 1), y + h) - max(Double(py), y))
                    let expected = ox * oy * 255
                    XCTAssertEqual(Double(canvas.pixel(x: px, y: py) >> 24), expected, accuracy: 1.5, "pixel \(px),\(py)")
                }
            }
        }
    }

    /// Integer Porter-Duff "over" = the floating-point formula, within one level.
    func testDropShadowOverEqualsFloatingPointOver() {
        for _ in 0..<2000 {
            let ta = UInt32.random(in: 0...255, using: &rng), ba = UInt32.random(in: 0...255, using: &rng)
            let top = ta << 24 | UInt32.random(in: 0...ta, using: &rng) << 16
            let bottom = ba << 24 | UInt32.random(in: 0...ba, using: &rng)
            let result = over(top, bottom)
            for shift: UInt32 in [24, 16] {
                let expected = Double((top >> shift) & 0xFF) + Double((bottom >> shift) & 0xFF) * (1 - Double(ta) / 255)
                XCTAssertEqual(Double((result >> shift) & 0xFF), expected, accuracy: 1)
            }
        }
    }
}
