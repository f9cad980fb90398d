import Geometry
@testable import Raster
import TestSupport
import XCTest

/// Drawing an image far smaller than itself costs work bounded by its pixels, not by the
/// square of the downscale factor, and gives the average a box filter would.
final class ResamplingLimitTests: XCTestCase {
    /// The factor a 1000-point snapshot drawn into a 0.0625-point frame asks for.
    func testPlanLeavesOneConvolutionASmallFactor() {
        for factor in [16.5, 32.0, 100, 16_000, 40_000, 1e9] {
            let plan = ResamplingPlan(scaleX: factor, scaleY: factor)
            let residual = factor / Double(plan.reduceX)
            XCTAssertGreaterThanOrEqual(residual, ResamplingPlan.maximumConvolutionFactor / 2, "\(factor)")
            XCTAssertLessThan(residual, ResamplingPlan.maximumConvolutionFactor, "\(factor)")
            XCTAssertLessThanOrEqual(ResamplingPlan.convolutionTaps(scaleX: residual, scaleY: residual), 18 * 18, "\(factor)")
        }
        XCTAssertEqual(ResamplingPlan(scaleX: 16, scaleY: 2), ResamplingPlan(scaleX: 1, scaleY: 1), "small factors are left to pixman")
        // Without the plan: a quarter of a billion taps per device pixel.
        XCTAssertGreaterThan(ResamplingPlan.convolutionTaps(scaleX: 16_000, scaleY: 16_000), 250_000_000)
    }

    func testBoxReductionEqualsNaiveAverage() throws {
        var rng = SeededGenerator(seed: 3)
        for _ in 0..<20 {
            let w = Int.random(in: 1...40, using: &rng), h = Int.random(in: 1...40, using: &rng)
            let pixels = (0..<w * h).map { _ -> UInt32 in
                let a = UInt32.random(in: 0...255, using: &rng)
                func c() -> UInt32 { UInt32.random(in: 0...a, using: &rng) }
                return a << 24 | c() << 16 | c() << 8 | c()
            }
            let image = try Image(width: w, height: h, premultipliedARGB: pixels)
            let fx = Int.random(in: 1...9, using: &rng), fy = Int.random(in: 2...9, using: &rng)
            guard let reduced = image.boxReduced(factorX: fx, factorY: fy) else { XCTFail("not reduced"); continue }
            let ex = min(fx, w), ey = min(fy, h)
            XCTAssertEqual(reduced.width, (w + ex - 1) / ex)
            XCTAssertEqual(reduced.height, (h + ey - 1) / ey)
            for oy in 0..<reduced.height {
                for ox in 0..<reduced.width {
                    var expected: UInt32 = 0
                    for shift in stride(from: 0, through: 24, by: 8) {
                        var sum = 0
                        for y in oy * ey..<(oy + 1) * ey {
                            for x in ox * ex..<(ox + 1) * ex {
                                sum += Int((pixels[min(y, h - 1) * w + min(x, w - 1)] >> UInt32(shift)) & 0xFF)
                            }
                        }
                        expected |= UInt32((sum + ex * ey / 2) / (ex * ey)) << UInt32(shift)
                    }
                    XCTAssertEqual(reduced.pixel(x: ox, y: oy), expected, "\(w)×\(h) by \(fx)×\(fy) at \(ox),\(oy)")
                }
            }
        }
    }

    /// 20,000 source pixels across one device pixel: past the factor pixman's convolution
    /// takes (16,384), which then drew one end's colour. Red and blue halves average to purple.
    func testAWideImageIntoOnePixelIsItsAverage() throws {
        let w = 20_000, h = 4
        let pixels = (0..<w * h).map { i in i % w < w / 2 ? UInt32(0xFFFF_0000) : 0xFF00_00FF }
        let image = try Image(width: w, height: h, premultipliedARGB: pixels)
        let canvas = try Canvas(size: Size(width: 4, height: 4), background: .white)
        canvas.draw(image, in: Rect(x: 1, y: 1, width: 1, height: 1))
        let p = canvas.pixel(x: 1, y: 1)
        XCTAssertEqual(Int(p >> 16 & 0xFF), 128, accuracy: 2, String(p, radix: 16))
        XCTAssertEqual(Int(p >> 8 & 0xFF), 0, accuracy: 2, String(p, radix: 16))
        XCTAssertEqual(Int(p & 0xFF), 128, accuracy: 2, String(p, radix: 16))
        XCTAssertEqual(canvas.pixel(x: 2, y: 1), 0xFFFF_FFFF, "nothing outside the frame")
    }

    /// A snapshot of a flat canvas drawn into a speck at every level: the speck's pixel is
    /// the canvas colour in proportion to the area covered.
    func testTinySnapshotsMatchTheirCoverage() throws {
        let canvas = try Canvas(size: Size(width: 1000, height: 1000), background: Color(red: 0, green: 0, blue: 1))
        for _ in 0..<12 {
            canvas.draw(canvas.makeImage(), in: Rect(x: 0.5, y: 0.5, width: 0.0625, height: 0.0625), clipsToBounds: true)
        }
        XCTAssertEqual(canvas.pixel(x: 0, y: 0), 0xFF00_00FF, "blue drawn over blue stays blue")
        XCTAssertEqual(canvas.pixel(x: 1, y: 1), 0xFF00_00FF)
    }
}
