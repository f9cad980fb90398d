import CRasterKernels
@testable import Raster
import TestSupport
import XCTest

/// The image blur's single sweep (every box pass on a few rows at a time, small windows summed
/// directly in 16-bit vectors, wide ones sliding) against the passes written plainly, one
/// channel and one whole pass at a time: on opaque pictures, where the sweep skips the clamp
/// to alpha, on rows long enough for the AVX2, SSE2 and scalar loops to each take a part, and
/// with more passes than one sweep runs.
final class BlurSweepTests: XCTestCase {
    var rng = SeededGenerator(seed: 0xB10B)

    func randomPixels(count: Int, opaque: Bool) -> [UInt32] {
        (0..<count).map { _ -> UInt32 in
            let a = opaque ? 255 : UInt32.random(in: 0...255, using: &rng)
            let r = UInt32.random(in: 0...a, using: &rng), g = UInt32.random(in: 0...a, using: &rng), b = UInt32.random(in: 0...a, using: &rng)
            return a << 24 | r << 16 | g << 8 | b
        }
    }

    /// The passes on each channel, then colour clamped to alpha.
    func plainBlur(_ pixels: [UInt32], width: Int, height: Int, radii: [Int], extend: Bool) -> [UInt32] {
        var channels = (0..<4).map { c in pixels.map { UInt8(truncatingIfNeeded: $0 >> UInt32(8 * c)) } }
        for c in 0..<4 {
            for r in radii where r > 0 {
                channels[c] = naiveBoxBlur(channels[c], width: width, height: height, stride: width, radius: r, edges: extend ? .extended : .transparent)
            }
        }
        return (0..<pixels.count).map { i in
            let a = channels[3][i]
            return UInt32(a) << 24 | UInt32(min(a, channels[2][i])) << 16 | UInt32(min(a, channels[1][i])) << 8 | UInt32(min(a, channels[0][i]))
        }
    }

    func testOpaquePicturesEqualThePlainPassesAndStayOpaque() throws {
        // 67 pixels are 268 bytes a row: 8 AVX2 vectors, one SSE2 vector and 12 scalar bytes.
        for (width, height) in [(67, 23), (9, 40), (1, 5)] {
            for sigma in [0.8, 2, 4.5, 9, 30] {
                for extend in [true, false] {
                    let pixels = randomPixels(count: width * height, opaque: true)
                    let image = try Image(width: width, height: height, premultipliedARGB: pixels)
                    let blurred = Image(buffer: PixelBuffer(copying: image.buffer))
                    let opaque = blurred.blurInPlace(sigma: sigma, extendEdges: extend)
                    let radii = gaussianBoxWidths(sigma: sigma).map { $0 / 2 }
                    let expected = plainBlur(pixels, width: width, height: height, radii: radii, extend: extend)
                    XCTAssertEqual(blurred.premultipliedARGB, expected, "\(width)×\(height) σ \(sigma) extend \(extend)")
                    XCTAssertEqual(opaque, expected.allSatisfy { $0 >> 24 == 255 }, "\(width)×\(height) σ \(sigma) extend \(extend)")
                    if extend { XCTAssertEqual(opaque, true, "an opaque picture with its edges extended stays opaque") }
                }
            }
        }
    }

    func testMorePassesThanOneSweepRunsInFurtherSweeps() throws {
        let width = 41, height = 13
        let radii: [Int32] = [1, 0, 2, 9, 1, 3, 1, 8, 2, 1, 4, 1]
        XCTAssertGreaterThan(radii.filter { $0 > 0 }.count, Int(SC_MAX_BLUR_PASSES))
        for (opaque, extend) in [(true, true), (false, true), (false, false)] {
            let pixels = randomPixels(count: width * height, opaque: opaque)
            var blurred = pixels
            let scratch = [UInt8](repeating: 0, count: sc_box_blur_scratch_bytes(width, height, radii, radii.count))
            let allOpaque = scratch.withUnsafeBufferPointer { s in
                blurred.withUnsafeMutableBytes { bytes in
                    sc_box_blur_pixels(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), width, height, width * 4, radii,
                                       radii.count, extend ? 1 : 0, UnsafeMutablePointer(mutating: s.baseAddress!))
                }
            }
            let expected = plainBlur(pixels, width: width, height: height, radii: radii.map(Int.init), extend: extend)
            XCTAssertEqual(blurred, expected, "opaque \(opaque) extend \(extend)")
            XCTAssertEqual(allOpaque == 1, expected.allSatisfy { $0 >> 24 == 255 })
        }
    }

    /// The sweep keeps a few rows per pass, not a second copy of the picture.
    func testWorkingMemoryIsAFewRowsPerPass() {
        let radii: [Int32] = [1, 1, 2]
        let bytes = sc_box_blur_scratch_bytes(1024, 576, radii, radii.count)
        XCTAssertLessThan(bytes, 1024 * 4 * 40, "\(bytes) bytes for three passes over 1024×576")
    }
}
