@testable import Raster
import TestSupport
import XCTest

/// The resampler's C loops (the horizontal pass takes the taps two at a time against weights
/// laid out once for all rows, an odd last tap alone) against the same fixed-point sums
/// written plainly: each pass rounds by adding one half and shifting, clamps to 0…255, rows
/// first; then colour is clamped to alpha.
final class ResamplingKernelTests: XCTestCase {
    func plainPass(_ input: [Int], lines: Int, length: Int, along horizontal: Bool, axis: ResamplingAxis) -> [Int] {
        let outWidth = horizontal ? axis.outputCount : length, outHeight = horizontal ? lines : axis.outputCount
        let inWidth = horizontal ? input.count / 4 / lines : length
        var out = [Int](repeating: 0, count: outWidth * outHeight * 4)
        for y in 0..<outHeight {
            for x in 0..<outWidth {
                let i = horizontal ? x : y
                for c in 0..<4 {
                    var sum = 1 << (ResamplingAxis.precisionBits - 1)
                    for k in 0..<axis.taps {
                        let sx = horizontal ? axis.first[i] + k : x, sy = horizontal ? y : axis.first[i] + k
                        sum += input[(sy * inWidth + sx) * 4 + c] * Int(axis.weights[i * axis.taps + k])
                    }
                    out[(y * outWidth + x) * 4 + c] = min(255, max(0, sum >> ResamplingAxis.precisionBits))
                }
            }
        }
        return out
    }

    func testLoopsEqualThePlainSums() throws {
        var rng = SeededGenerator(seed: 0x7A95)
        var tapCounts = Set<Int>()
        for _ in 0..<24 {
            let w = Int.random(in: 1...40, using: &rng), h = Int.random(in: 1...12, using: &rng)
            let pixels = (0..<w * h).map { _ -> UInt32 in
                let a = UInt32.random(in: 0...255, using: &rng)
                return a << 24 | UInt32.random(in: 0...a, using: &rng) << 16 | UInt32.random(in: 0...a, using: &rng) << 8 | UInt32.random(in: 0...a, using: &rng)
            }
            let image = try Image(width: w, height: h, premultipliedARGB: pixels)
            let stepX = Double.random(in: 0.4...3.5, using: &rng), stepY = Double.random(in: 0.4...3.5, using: &rng)
            let columns = max(1, Int(Double(w) / stepX)), rows = max(1, Int(Double(h) / stepY))
            let (resampled, opaque) = image.resampledReportingOpacity(columns: columns, rows: rows, originX: 0.3, originY: -0.2,
                                                                      stepX: stepX, stepY: stepY)
            let horizontal = ResamplingAxis(sourceLength: w, outputCount: columns, sourceOrigin: 0.3, sourcePerOutput: stepX)
            let vertical = ResamplingAxis(sourceLength: h, outputCount: rows, sourceOrigin: -0.2, sourcePerOutput: stepY)
            tapCounts.insert(horizontal.taps)
            let bytes = pixels.flatMap { p in (0..<4).map { Int(p >> UInt32(8 * $0) & 0xFF) } }
            let middle = plainPass(bytes, lines: h, length: w, along: true, axis: horizontal)
            let out = plainPass(middle, lines: columns, length: columns, along: false, axis: vertical)
            let expected = (0..<columns * rows).map { i -> UInt32 in
                let a = out[i * 4 + 3]
                return UInt32(a) << 24 | UInt32(min(a, out[i * 4 + 2])) << 16 | UInt32(min(a, out[i * 4 + 1])) << 8 | UInt32(min(a, out[i * 4]))
            }
            XCTAssertEqual(resampled.premultipliedARGB, expected, "\(w)×\(h) → \(columns)×\(rows), \(horizontal.taps) taps")
            XCTAssertEqual(opaque, expected.allSatisfy { $0 >> 24 == 255 })
        }
        XCTAssertTrue(tapCounts.contains { $0 % 2 == 1 } && tapCounts.contains { $0 % 2 == 0 }, "odd and even tap counts: \(tapCounts)")
    }
}
