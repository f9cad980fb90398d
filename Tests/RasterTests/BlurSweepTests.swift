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
                    let pixels = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
                    return sc_box_blur_pixels(pixels, width * 4, pixels, width * 4, width, height, radii, radii.count, extend ? 1 : 0, 0,
                                              UnsafeMutablePointer(mutating: s.baseAddress!))
                }
            }
            let expected = plainBlur(pixels, width: width, height: height, radii: radii.map(Int.init), extend: extend)
            XCTAssertEqual(blurred, expected, "opaque \(opaque) extend \(extend)")
            XCTAssertEqual(allOpaque == 1, expected.allSatisfy { $0 >> 24 == 255 })
        }
    }

    /// The sweep keeps a few rows per pass and band, not a second copy of the picture.
    func testWorkingMemoryIsAFewRowsPerPass() {
        let radii: [Int32] = [1, 1, 2]
        XCTAssertEqual(sc_box_blur_bands(1024, 576, radii, radii.count), 2)
        let bytes = sc_box_blur_scratch_bytes(1024, 576, radii, radii.count)
        XCTAssertLessThan(bytes, 1024 * 4 * 60, "\(bytes) bytes for three passes over 1024×576 in two bands")
        XCTAssertLessThan(sc_box_blur_scratch_bytes(300, 200, radii, radii.count), 300 * 4 * 30, "one band")
    }

    /// `sc_box_blur_pixels` with `threads` 1 (one sweep) or 0 (two bands where it takes them),
    /// from `pixels` into new memory or in place; returns the pixels and whether all are opaque.
    func sweep(_ pixels: [UInt32], width: Int, height: Int, radii: [Int32], extend: Bool, threads: Int32, inPlace: Bool) -> ([UInt32], Bool) {
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: sc_box_blur_scratch_bytes(width, height, radii, radii.count))
        defer { scratch.deallocate() }
        var target = inPlace ? pixels : [UInt32](repeating: 0xDEAD_BEEF, count: pixels.count)
        let opaque = pixels.withUnsafeBytes { source in
            target.withUnsafeMutableBytes { bytes in
                let into = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
                let from = inPlace ? UnsafePointer(into) : source.baseAddress!.assumingMemoryBound(to: UInt8.self)
                return sc_box_blur_pixels(from, width * 4, into, width * 4, width, height, radii, radii.count, extend ? 1 : 0, threads, scratch)
            }
        }
        return (target, opaque == 1)
    }

    /// Two bands give the bytes one sweep gives: each band's passes start far enough across the
    /// cut, the lower band ends at the picture's edge and the upper one does not, and in place
    /// each reads the rows around the cut as they were, whichever band runs first (the two
    /// orders one after the other, and both at once). On pictures large enough to be
    /// cut, odd heights among them, opaque and not, both edge rules, wide and narrow windows.
    func testTwoBandsGiveTheBytesOfOneSweep() {
        let cases: [(width: Int, height: Int, radii: [Int32])] = [
            (600, 520, [1, 1, 2]),          // σ 2: the direct sums
            (513, 521, [3, 4, 4]),          // σ 6.6
            (1024, 257, [1, 1, 1]),
            (520, 600, [8, 9, 9]),          // sliding windows: their sums start at the cut
            (700, 400, [0, 2, -1, 11, 1]),  // passes of no width among them
            (520, 520, [1, 0, 2, 9, 1, 3, 1, 8, 2, 1, 4, 1]),  // more passes than one sweep runs
        ]
        for c in cases {
            XCTAssertEqual(sc_box_blur_bands(c.width, c.height, c.radii, c.radii.count), 2, "\(c.width)×\(c.height) \(c.radii) is cut")
            for opaque in [true, false] {
                let pixels = randomPixels(count: c.width * c.height, opaque: opaque)
                for extend in [true, false] {
                    let one = sweep(pixels, width: c.width, height: c.height, radii: c.radii, extend: extend, threads: 1, inPlace: false)
                    for inPlace in [false, true] {
                        for threads: Int32 in [0, SC_BLUR_BANDS_UPPER_FIRST, SC_BLUR_BANDS_LOWER_FIRST] {
                            let two = sweep(pixels, width: c.width, height: c.height, radii: c.radii, extend: extend, threads: threads,
                                            inPlace: inPlace)
                            let label = "\(c.width)×\(c.height) \(c.radii) opaque \(opaque) extend \(extend) in place \(inPlace) threads \(threads)"
                            XCTAssertTrue(one.0 == two.0, label)
                            XCTAssertEqual(one.1, two.1, label)
                        }
                    }
                }
            }
        }
        // And one sweep, in bands or not, is the plain passes.
        let pixels = randomPixels(count: 600 * 520, opaque: false)
        let expected = plainBlur(pixels, width: 600, height: 520, radii: [1, 1, 2], extend: true)
        XCTAssertTrue(sweep(pixels, width: 600, height: 520, radii: [1, 1, 2], extend: true, threads: 0, inPlace: true).0 == expected)
    }

    /// Pictures the second thread would not pay for, or too short for the passes' reach, stay
    /// in one band.
    func testSmallOrShortPicturesStayInOneBand() {
        XCTAssertEqual(sc_box_blur_bands(511, 512, [1, 1, 2], 3), 1, "under 512×512 pixels")
        XCTAssertEqual(sc_box_blur_bands(8192, 40, [1, 1, 2], 3), 1, "under 64 rows")
        XCTAssertEqual(sc_box_blur_bands(1024, 576, [30, 30, 31], 3), 1, "reaching over an eighth of the rows")
        XCTAssertEqual(sc_box_blur_bands(1024, 576, [0, -2], 2), 1, "no pass")
    }
}
