import BufferText
import CImageEncode
import CTestImageDecode
@testable import Raster
import TestSupport
import XCTest

/// A large JPEG with the standard tables is encoded in horizontal strips on two threads and
/// joined with restart markers: the file must be, byte for byte, the one libjpeg itself writes
/// in one pass with that restart interval, and decode to the pixels of a file without restarts.
final class JPEGStripsTests: XCTestCase {
    /// `width` × `height` B, G, R, X pixels of fine noise over gradients (so every block codes
    /// differently), rows `strideBytes` apart.
    static func noise(width: Int, height: Int, strideBytes: Int, seed: UInt64) -> [UInt8] {
        var rng = SeededGenerator(seed: seed)
        let row = (0..<strideBytes * 3).map { _ in UInt8.random(in: 0...255, using: &rng) }
        var pixels = [UInt8](repeating: 0, count: strideBytes * height)
        pixels.withUnsafeMutableBufferPointer { out in
            row.withUnsafeBufferPointer { row in
                for y in 0..<height {
                    let from = (y * 37 * 4) % (strideBytes * 2)
                    for x in 0..<width * 4 {
                        out[y * strideBytes + x] = row[from + x] / 4 &+ UInt8(truncatingIfNeeded: x / 16 + y / 3)
                    }
                }
            }
        }
        return pixels
    }

    struct Encoded {
        let stripped: [UInt8]
        let onePass: [UInt8]
        let withoutRestarts: [UInt8]
        let interval: UInt32
    }

    func encode(width: Int, height: Int, subsampling: Int32, tables: Int32 = Int32(SC_JPEG_TABLES_STANDARD),
                padding: Int = 0) throws -> Encoded {
        let stride = width * 4 + padding
        let pixels = Self.noise(width: width, height: height, strideBytes: stride, seed: UInt64(width * 7919 + height))
        let interval = sc_encode_jpeg_restart_interval(UInt32(width), UInt32(height), subsampling, tables)
        func run(_ body: (UnsafePointer<UInt8>, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>,
                          UnsafeMutablePointer<CChar>) -> Int32) throws -> [UInt8] {
            var out: UnsafeMutablePointer<UInt8>?
            var size = 0
            var message = [CChar](repeating: 0, count: 256)
            let status = pixels.withUnsafeBufferPointer { body($0.baseAddress!, &out, &size, &message) }
            defer { free(out) }
            guard status == 0, let out else { throw RasterError.imageEncoding(message.stringBeforeNUL) }
            return Array(UnsafeBufferPointer(start: out, count: size))
        }
        let w = UInt32(width), h = UInt32(height), count = pixels.count
        return Encoded(
            stripped: try run { sc_encode_jpeg($0, count, w, h, stride, 90, subsampling, tables, $1, $2, $3, 256) },
            onePass: try run { sc_encode_jpeg_with_restarts($0, count, w, h, stride, 90, subsampling, tables, interval, $1, $2, $3, 256) },
            withoutRestarts: try run { sc_encode_jpeg_with_restarts($0, count, w, h, stride, 90, subsampling, tables, 0, $1, $2, $3, 256) },
            interval: interval)
    }

    /// The restart markers (FF D0…D7) after the SOS segment, in order.
    static func restartMarkers(_ jpeg: [UInt8]) -> [UInt8] {
        var at = 2
        while at + 4 <= jpeg.count, jpeg[at] == 0xFF, jpeg[at + 1] != 0xDA {
            at += 2 + (Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3]))
        }
        at += 2 + (Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3]))
        var markers: [UInt8] = []
        while at + 1 < jpeg.count {
            if jpeg[at] == 0xFF, (0xD0...0xD7).contains(jpeg[at + 1]) { markers.append(jpeg[at + 1]) }
            at += 1
        }
        return markers
    }

    func testStripsAreTheFileLibjpegWritesWithTheirRestartInterval() throws {
        // Intervals by hand: MCUs across × half the MCU rows (rounded up).
        let cases: [(width: Int, height: Int, subsampling: Int32, interval: UInt32, strips: Int)] = [
            (1024, 576, Int32(SC_JPEG_SUBSAMPLING_444), 128 * 36, 2),   // the card: 128 × 72 MCUs of 8×8
            (1024, 576, Int32(SC_JPEG_SUBSAMPLING_420), 64 * 18, 2),    // 64 × 36 MCUs of 16×16
            (1024, 576, Int32(SC_JPEG_SUBSAMPLING_422), 64 * 36, 2),    // 64 × 72 MCUs of 16×8
            (512, 512, Int32(SC_JPEG_SUBSAMPLING_444), 64 * 32, 2),     // the smallest image cut
            (1000, 333, Int32(SC_JPEG_SUBSAMPLING_444), 125 * 21, 2),   // 42 MCU rows, the last one partial
            (600, 1905, Int32(SC_JPEG_SUBSAMPLING_420), 38 * 60, 2),    // 38 × 120 MCUs, partial on both axes
            // 512 × 258 MCUs: half of them (66,048) is over the 65,535 an interval may count,
            // so three strips of 86 MCU rows.
            (4096, 2064, Int32(SC_JPEG_SUBSAMPLING_444), 512 * 86, 3),
        ]
        for c in cases {
            let label = "\(c.width)×\(c.height) subsampling \(c.subsampling)"
            let encoded = try encode(width: c.width, height: c.height, subsampling: c.subsampling, padding: c.width == 1000 ? 12 : 0)
            XCTAssertEqual(encoded.interval, c.interval, label)
            XCTAssertTrue(encoded.stripped == encoded.onePass, "\(label): \(encoded.stripped.count) bytes against libjpeg's \(encoded.onePass.count)")
            XCTAssertEqual(Self.restartMarkers(encoded.stripped), (0..<(c.strips - 1)).map { UInt8(0xD0 + $0 % 8) }, label)
            let decoded = try ImageEncodingTests.decode(encoded.stripped, sc_test_decode_jpeg)
            XCTAssertEqual(decoded.width, c.width, label)
            XCTAssertEqual(decoded.height, c.height, label)
            XCTAssertTrue(decoded.bgra == (try ImageEncodingTests.decode(encoded.withoutRestarts, sc_test_decode_jpeg).bgra),
                          "\(label): restarts change no pixel")
        }
    }

    func testSmallImagesAndOptimisedTablesAreOnePass() throws {
        for (width, height, tables) in [(511, 513, Int32(SC_JPEG_TABLES_STANDARD)), (1024, 7, Int32(SC_JPEG_TABLES_STANDARD)),
                                        (1024, 576, Int32(SC_JPEG_TABLES_OPTIMIZED))] {
            let encoded = try encode(width: width, height: height, subsampling: Int32(SC_JPEG_SUBSAMPLING_444), tables: tables)
            XCTAssertEqual(encoded.interval, 0, "\(width)×\(height)")
            XCTAssertTrue(encoded.stripped == encoded.withoutRestarts, "\(width)×\(height)")
            XCTAssertEqual(Self.restartMarkers(encoded.stripped), [], "\(width)×\(height)")
        }
    }

    func testAnIntervalOverSixteenBitsIsRefused() {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let pixels = [UInt8](repeating: 128, count: 64 * 64 * 4)
        let status = sc_encode_jpeg_with_restarts(pixels, pixels.count, 64, 64, 256, 90, Int32(SC_JPEG_SUBSAMPLING_444),
                                                  Int32(SC_JPEG_TABLES_STANDARD), 65536, &out, &size, &message, 256)
        XCTAssertEqual(status, -1)
        XCTAssertNil(out)
        XCTAssertEqual(message.stringBeforeNUL, "JPEG restart interval over 65535 MCUs")
    }
}
