import Geometry
import Raster
import XCTest

/// `Canvas.featheredMask(around:featherInPoints:)`: whole at every pixel `groundExtremes(in:)`
/// reads for the same rects, fading by a smoothstep to nothing `feather` beyond them.
final class FeatheredMaskTests: XCTestCase {
    /// Rects at fractional positions, at scales 1, 2 and 3: every pixel whose centre lies inside
    /// one is 255, found by the same centre rule the ground is read by.
    func testEveryPixelTheGroundIsReadAtIsWhole() throws {
        let rects = [Rect(x: 10.3, y: 7.7, width: 31.4, height: 9.2), Rect(x: 5.5, y: 20.5, width: 12.25, height: 3.5)]
        for scale in [1.0, 2.0, 3.0] {
            let canvas = try Canvas(size: Size(width: 60, height: 40), scale: scale)
            let mask = try XCTUnwrap(canvas.featheredMask(around: rects, featherInPoints: 6))
            var inside = 0
            for y in 0..<canvas.pixelHeight {
                for x in 0..<canvas.pixelWidth {
                    let centre = Point(x: (Double(x) + 0.5) / scale, y: (Double(y) + 0.5) / scale)
                    guard rects.contains(where: { $0.minX <= centre.x && centre.x < $0.maxX && $0.minY <= centre.y && centre.y < $0.maxY })
                    else { continue }
                    inside += 1
                    XCTAssertEqual(mask[x - mask.bounds.x, y - mask.bounds.y], 255, "scale \(scale), pixel (\(x), \(y))")
                }
            }
            XCTAssertGreaterThan(inside, 300)
        }
    }

    /// Along a row through the rect's middle: falling step by step across the feather, half
    /// (a smoothstep's middle) half-way, nothing from the feather's end on.
    func testTheFadeFallsSmoothlyToNothing() throws {
        let canvas = try Canvas(size: Size(width: 100, height: 40))
        let mask = try XCTUnwrap(canvas.featheredMask(around: [Rect(x: 20, y: 10, width: 20, height: 20)], featherInPoints: 20))
        XCTAssertEqual(mask.bounds, PixelRect(x: 0, y: 0, width: 60, height: 40), "the rect grown by the feather, cut to the canvas")
        let y = 20 - mask.bounds.y
        var previous = 255
        for x in 40..<60 {
            let value = Int(mask[x - mask.bounds.x, y])
            XCTAssertLessThanOrEqual(value, previous, "x \(x)")
            previous = value
        }
        // Pixel 49's centre is 9.5 beyond the edge: t = 0.525, smoothstep 0.5374, 137/255.
        XCTAssertEqual(mask[49, y], 137)
        XCTAssertEqual(mask[58, y], 4, "18.5 beyond: t = 0.075, smoothstep 0.016")
        XCTAssertEqual(mask[59, y], 0, "19.5 beyond: 0.0018 rounds to nothing")
        // A corner multiplies the two fades: 9.5 beyond both edges, 0.5374² → 74.
        XCTAssertEqual(mask[49, 30 + 9], 74)
    }

    func testNothingOnTheCanvasGivesNoMask() throws {
        let canvas = try Canvas(size: Size(width: 50, height: 50))
        XCTAssertNil(canvas.featheredMask(around: [], featherInPoints: 10))
        XCTAssertNil(canvas.featheredMask(around: [Rect(x: 10, y: 10, width: 0, height: 5)], featherInPoints: 10))
        XCTAssertNil(canvas.featheredMask(around: [Rect(x: 100, y: 100, width: 10, height: 10)], featherInPoints: 10))
        let edge = try XCTUnwrap(canvas.featheredMask(around: [Rect(x: 55, y: 10, width: 10, height: 10)], featherInPoints: 10))
        XCTAssertEqual(edge.bounds, PixelRect(x: 45, y: 0, width: 5, height: 30), "only the fade falls on the canvas")
        XCTAssertEqual(edge[4, 15], 108, "the canvas's last pixel, 5.5 short of the rect: t = 0.45, smoothstep 0.425")
    }

    /// A band wider than the canvas (a scrim's `band` extent) beside a narrower rect: every
    /// pixel is the greatest of the rects' products of smoothsteps, rounded, as the definition
    /// gives it, whether a rect's row is one value across the canvas or not.
    func testABandAcrossTheCanvasFadesRowByRow() throws {
        for scale in [1.0, 2.0] {
            let canvas = try Canvas(size: Size(width: 80, height: 60), scale: scale)
            let rects = [Rect(x: -11, y: 35.3, width: 102, height: 40), Rect(x: 30, y: 8, width: 20, height: 6)]
            let feather = 17.0
            let mask = try XCTUnwrap(canvas.featheredMask(around: rects, featherInPoints: feather))
            func fade(_ distance: Double) -> Double {
                guard distance > 0 else { return 1 }
                guard distance < feather * scale else { return 0 }
                let t = 1 - distance / (feather * scale)
                return t * t * (3 - 2 * t)
            }
            func along(_ centre: Double, _ low: Double, _ high: Double) -> Double {
                centre < low ? fade(low - centre) : fade(centre - high)
            }
            var fading = 0
            for y in mask.bounds.y..<mask.bounds.y + mask.bounds.height {
                for x in mask.bounds.x..<mask.bounds.x + mask.bounds.width {
                    let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                    let expected = rects.map { r -> UInt8 in
                        UInt8(along(cx, r.minX * scale, r.maxX * scale) * along(cy, r.minY * scale, r.maxY * scale) * 255 + 0.5)
                    }.max()!
                    let value = mask[x - mask.bounds.x, y - mask.bounds.y]
                    XCTAssertEqual(value, expected, "scale \(scale), pixel (\(x), \(y))")
                    if value > 0 && value < 255 { fading += 1 }
                }
            }
            XCTAssertGreaterThan(fading, 1000, "scale \(scale)")
        }
    }
}
