import Foundation
import Photos
import TestSupport
import XCTest

/// Text chunks a photo's pixels do not depend on are skipped unread wherever they stand. libpng
/// inflated every zTXt chunk before the image data (each up to its 8 MB chunk limit), so a 2 MB
/// photo of 300 such chunks took 9 s to decode and a 60 MB one 42 s; after the image data they
/// were already skipped. This is a bound on work an upload can cause, not a speed figure: the
/// decode is timed against the same photo without the chunks, in the same thread, and the
/// margin is two orders of magnitude either side.
final class PNGTextChunkTests: XCTestCase {
    /// A zlib stream of `1 + 258 × matches` zero bytes in one fixed-Huffman block: a literal 0,
    /// then matches of length 258 at distance 1 (13 bits each), as a compressor writes a run.
    static func zeroRun(matches: Int) -> (stream: [UInt8], inflatedBytes: Int) {
        var bytes: [UInt8] = [0x78, 0x01]
        var buffer: UInt64 = 0, count = 0
        func put(_ value: UInt64, _ bits: Int) {
            buffer |= value << UInt64(count)
            count += bits
            while count >= 8 {
                bytes.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                count -= 8
            }
        }
        /// A Huffman code goes out most significant bit first.
        func code(_ value: UInt64, _ bits: Int) {
            var reversed: UInt64 = 0
            for i in 0..<bits where value & (1 << UInt64(i)) != 0 { reversed |= 1 << UInt64(bits - 1 - i) }
            put(reversed, bits)
        }
        put(1, 1)             // BFINAL
        put(1, 2)             // BTYPE 01: fixed codes
        code(0x30, 8)         // literal 0
        for _ in 0..<matches {
            code(0xC5, 8)     // length symbol 285: 258
            code(0, 5)        // distance code 0: 1
        }
        code(0, 7)            // end of block (256)
        if count > 0 { bytes.append(UInt8(buffer & 0xFF)) }
        let inflated = 1 + 258 * matches
        let adler = (UInt32(inflated % 65521) << 16) | 1
        return (bytes + HandBuiltPNG.bigEndian32(Int(adler)), inflated)
    }

    /// A 64×64 grey photo, with `extra` chunks between IHDR and IDAT.
    static func photo(extra: [[UInt8]] = []) -> [UInt8] {
        let raw: [UInt8] = (0..<64).flatMap { y -> [UInt8] in [0] + (0..<64).map { x in UInt8((x * 4 + y) & 0xFF) } }
        return HandBuiltPNG.file(width: 64, height: 64, colorType: 0, extra: extra, raw: raw)
    }

    func threadCPUSeconds(_ body: () throws -> Void) rethrows -> Double {
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
        try body()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
        return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    }

    /// The stream is sound: as the IDAT of a 258×259 grey image (259 rows of a filter byte and
    /// 258 samples: 1 + 258 × 260 bytes) it decodes to black.
    func testTheStreamInflatesToItsZeros() throws {
        let (stream, inflated) = Self.zeroRun(matches: 260)
        XCTAssertEqual(inflated, 259 * 259)
        let header = HandBuiltPNG.bigEndian32(258) + HandBuiltPNG.bigEndian32(259) + [8, 0, 0, 0, 0]
        let png = HandBuiltPNG.signature + HandBuiltPNG.chunk("IHDR", header) + HandBuiltPNG.chunk("IDAT", stream)
            + HandBuiltPNG.chunk("IEND", [])
        let image = try Photo(data: png).image
        XCTAssertEqual([image.width, image.height], [258, 259])
        XCTAssertEqual(PhotoFixtures.argb(image, 0, 0).r, 0)
        XCTAssertEqual(PhotoFixtures.argb(image, 257, 258).r, 0)
    }

    func testTextChunksBeforeTheImageAreNotInflated() throws {
        // 200 chunks of 4 MB each inflated: 0.8 GB of zeros from 5 MB of file.
        let (stream, inflated) = Self.zeroRun(matches: 16_000)
        XCTAssertGreaterThan(inflated, 4_000_000)
        let zTXt = HandBuiltPNG.chunk("zTXt", Array("Comment".utf8) + [0, 0] + stream)
        let iTXt = HandBuiltPNG.chunk("iTXt", Array("Comment".utf8) + [0, 1, 0, 0, 0] + stream)
        let bomb = Self.photo(extra: Array(repeating: zTXt, count: 100) + Array(repeating: iTXt, count: 100))
        let plain = Self.photo()
        XCTAssertGreaterThan(bomb.count, 5_000_000)

        var plainImage: Photo?, bombImage: Photo?
        let plainSeconds = try threadCPUSeconds { plainImage = try Photo(data: plain) }
        let bombSeconds = try threadCPUSeconds { bombImage = try Photo(data: bomb) }
        XCTAssertEqual(bombImage?.image.width, 64)
        XCTAssertEqual(bombImage.map { PhotoFixtures.maxDifference($0.image, plainImage!.image) }, 0, "the same pixels")
        // Skipped: the 5 MB are read and checked (CRCs) and nothing more, well under a second;
        // inflating 0.8 GB takes seconds.
        XCTAssertLessThan(bombSeconds, plainSeconds + 1.0, "decoding took \(bombSeconds) s, the plain photo \(plainSeconds) s")
    }
}
