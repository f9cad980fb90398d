import BufferText
import CImageEncode
import CPNG
import Caching
import Dispatch
import Foundation
import Raster
import Synchronization
import TestSupport
import XCTest

/// The C PNG encoders at their edges: buffers with their lengths, settings checked, and
/// libdeflate's per-thread compressors used by encoders on several threads.
final class PNGSeamTests: XCTestCase {
    /// Opaque pixels whose SUB-filtered rows are exactly `filtered` (three bytes per pixel,
    /// `width` pixels per row, padded with zeros): inverting the filter lets a test choose
    /// the byte stream the deflate encoder sees.
    private func image(filtered: [UInt8], width: Int) throws -> Image {
        let rowBytes = width * 3
        let height = (filtered.count + rowBytes - 1) / rowBytes
        var pixels = [UInt32]()
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            var previous: (UInt8, UInt8, UInt8) = (0, 0, 0)
            for x in 0..<width {
                func f(_ c: Int) -> UInt8 { let i = y * rowBytes + x * 3 + c; return i < filtered.count ? filtered[i] : 0 }
                let r = previous.0 &+ f(0), g = previous.1 &+ f(1), b = previous.2 &+ f(2)
                previous = (r, g, b)
                pixels.append(0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b))
            }
        }
        return try Image(width: width, height: height, premultipliedARGB: pixels)
    }

    /// Every literal byte and every run length from 1 to 300, through every row filter at
    /// the extreme levels, decoded by libpng's inflater and unfiltering.
    func testDeflateEncoderCodesEveryLiteralAndRunLength() throws {
        var filtered: [UInt8] = Array(0...255)
        for length in 1...300 { filtered.append(1); filtered += [UInt8](repeating: 0, count: length) }
        for length in 1...300 { filtered.append(7); filtered += [UInt8](repeating: 7, count: length) }
        let picture = try image(filtered: filtered, width: 4000)
        for filter in PNGEncoding.DeflateSettings.RowFilter.allCases {
            for level in [0, 1, 12] {
                let encoding = PNGEncoding.deflate(.init(rgb: try .init(level: level, filter: filter), indexed: nil))
                let decoded = try Image(pngData: picture.pngData(encoding: encoding))
                XCTAssertEqual(decoded.premultipliedARGB, picture.premultipliedARGB, "\(filter) level \(level)")
            }
        }
    }

    /// Encoders started together on several threads (HTTP workers, `batch --jobs`), each the
    /// first use of the encoders when this test runs alone, produce the same bytes as one
    /// encoder alone. Run under the thread sanitizer to check for races on shared state.
    func testEncodersOnManyThreadsAtOnceAgree() throws {
        var rng = SeededGenerator(seed: 0xDEF1A7E)
        let pictures = try (0..<8).map { _ in
            let filtered = (0..<30_000).map { _ in UInt8.random(in: 0...3, using: &rng) == 0 ? UInt8.random(in: 0...255, using: &rng) : 0 }
            return try image(filtered: filtered, width: 500)
        }
        let libpng = PNGEncoding.libpng(try .init(zlibLevel: 1, filter: .sub))
        let encodings = (0..<pictures.count * 2).map { $0 % 2 == 0 ? PNGEncoding.cards : libpng }
        let results = LockedValue([[UInt8]?](repeating: nil, count: encodings.count))
        // Every thread waits until all have started, so the first encodes overlap.
        let started = Atomic(0)
        let finished = DispatchGroup()
        for i in encodings.indices {
            finished.enter()
            Thread.detachNewThread {
                started.add(1, ordering: .sequentiallyConsistent)
                while started.load(ordering: .sequentiallyConsistent) < encodings.count { sched_yield() }
                let png = try? pictures[i / 2].pngData(encoding: encodings[i])
                results.withLock { $0[i] = png }
                finished.leave()
            }
        }
        XCTAssertEqual(finished.wait(timeout: .now() + 120), .success)
        for (i, png) in results.withLock({ $0 }).enumerated() {
            let png = try XCTUnwrap(png, "encoder \(i) failed")
            XCTAssertEqual(png, try pictures[i / 2].pngData(encoding: encodings[i]), "encoder \(i)")
            XCTAssertEqual(try Image(pngData: png).premultipliedARGB, pictures[i / 2].premultipliedARGB, "encoder \(i)")
        }
    }

    private func encode(_ pixels: [UInt8], size: Int, width: UInt32, height: UInt32, stride: Int,
                        direct: Bool, level: Int32 = 6, filters: Int32 = Int32(SC_PNG_FILTER_NONE),
                        strategy: Int32 = Int32(SC_PNG_STRATEGY_DEFAULT)) -> (status: Int32, message: String, out: Bool) {
        var out: UnsafeMutablePointer<UInt8>?
        var outSize = 0
        var message = [CChar](repeating: 0, count: 128)
        let status = pixels.withUnsafeBufferPointer { p in
            direct ? sc_encode_png(p.baseAddress, size, width, height, stride, 8, Int32(SC_PNG_ROWS_MINIMUM_SUM), 4, Int32(SC_PNG_ROWS_NONE),
                                   &out, &outSize, &message, message.count)
                   : sc_png_encode_bgrx(p.baseAddress, size, width, height, stride, level, filters, strategy,
                                        &out, &outSize, &message, message.count)
        }
        defer { direct ? sc_encode_free(out) : sc_png_free(out) }
        return (status, message.stringBeforeNUL, out != nil)
    }

    func testEncodersRefuseABufferShorterThanItsRows() {
        let pixels = [UInt8](repeating: 0x80, count: 4 * 4 * 3)  // 4×3 pixels, stride 16
        for direct in [true, false] {
            XCTAssertEqual(encode(pixels, size: pixels.count, width: 4, height: 3, stride: 16, direct: direct).status, 0)
            // One byte short of the last row, a stride shorter than a row, one row too many.
            for (size, stride, height) in [(pixels.count - 1, 16, UInt32(3)), (pixels.count, 12, 3), (pixels.count, 16, 4)] {
                let result = encode(pixels, size: size, width: 4, height: height, stride: stride, direct: direct)
                XCTAssertEqual(result.status, -1, "direct \(direct) size \(size) stride \(stride) height \(height)")
                XCTAssertFalse(result.out)
                XCTAssertTrue(result.message.contains("pixel buffer is smaller"), result.message)
            }
            var out: UnsafeMutablePointer<UInt8>?
            var outSize = 0
            XCTAssertEqual(direct ? sc_encode_png(nil, 64, 4, 3, 16, 8, 0, 4, 0, &out, &outSize, nil, 0)
                                  : sc_png_encode_bgrx(nil, 64, 4, 3, 16, 6, Int32(SC_PNG_FILTER_NONE), 0, &out, &outSize, nil, 0), -1)
            XCTAssertNil(out)
            XCTAssertEqual(encode(pixels, size: pixels.count, width: 0, height: 3, stride: 16, direct: direct).message, "image has no pixels")
        }
    }

    func testLibpngEncoderRefusesInvalidSettings() {
        let pixels = [UInt8](repeating: 0x80, count: 16)
        for (level, filters, strategy) in [(Int32(10), Int32(SC_PNG_FILTER_NONE), Int32(0)), (-1, Int32(SC_PNG_FILTER_NONE), 0),
                                           (6, 0, 0), (6, 0x07, 0), (6, Int32(SC_PNG_FILTER_NONE), 9)] {
            let result = encode(pixels, size: 16, width: 2, height: 2, stride: 8, direct: false,
                                level: level, filters: filters, strategy: strategy)
            XCTAssertEqual(result.status, -1, "level \(level) filters \(filters) strategy \(strategy)")
            XCTAssertTrue(result.message.contains("invalid"), result.message)
        }
    }

    func testDecoderRefusesMissingBuffers() {
        var out: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 128)
        XCTAssertEqual(sc_png_decode_bgra(nil, 100, 10, 10, 100, &out, &width, &height, &message, message.count), -1)
        XCTAssertNil(out)
        let png = [UInt8]([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(sc_png_decode_bgra(png, png.count, 10, 10, 100, nil, &width, &height, &message, message.count), -1)
    }
}
