import BufferText
import CImageDecode
import Foundation
import Raster
import TestSupport
import XCTest

/// A large baseline JPEG is decoded on two threads, the lower rows by a second decompressor
/// that skips the upper ones: the pixels, sizes and failures must be those of one decompressor
/// reading every row (`threads: 1`), at full size and DCT-scaled, with or without restart
/// markers, and for files cut short or damaged in either part.
final class JPEGSplitDecodeTests: XCTestCase {
    struct Decoded: Equatable {
        let status: Int32
        let width: UInt32
        let height: UInt32
        let pixels: [UInt32]
        let message: String
    }

    static func decode(_ data: [UInt8], threads: UInt32, target: (UInt32, UInt32) = (0, 0)) -> Decoded {
        var request = sc_image_request(target_width: target.0, target_height: target.1, max_width: 20_000, max_height: 20_000,
                                       max_pixels: 100_000_000, target_mode: UInt32(SC_IMAGE_TARGET_COVER), threads: threads)
        var result = sc_image_result()
        var message = [CChar](repeating: 0, count: 512)
        let status = data.withUnsafeBufferPointer { sc_image_decode_jpeg($0.baseAddress, $0.count, &request, &result, &message, 512) }
        defer { sc_image_free(result.pixels) }
        let count = Int(result.width) * Int(result.height)
        let pixels = result.pixels.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        return Decoded(status: status, width: result.width, height: result.height, pixels: pixels, message: message.stringBeforeNUL)
    }

    /// A photo-like picture: gradients under noise, with sharp coloured edges every 97 pixels.
    static func photo(width: Int, height: Int, seed: UInt64) throws -> Image {
        var rng = SeededGenerator(seed: seed)
        let noise = (0..<4096).map { _ in UInt32.random(in: 0...24, using: &rng) }
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let n = noise[(x &* 31 &+ y &* 17) & 4095]
                let edge: UInt32 = (x / 97 + y / 97) % 2 == 0 ? 60 : 0
                let r = min(255, UInt32(x * 200 / width) + n + edge), g = min(255, UInt32(y * 200 / height) + n)
                let b = min(255, UInt32((x + y) % 256) / 2 + n + edge)
                pixels[y * width + x] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
        return try Image(width: width, height: height, premultipliedARGB: pixels)
    }

    static let files: [(name: String, data: [UInt8])] = {
        do {
            return [
                // The card encoder's own files: standard tables in two strips (a restart marker)…
                ("1024×683 4:4:4 with a restart marker",
                 try photo(width: 1024, height: 683, seed: 1).jpegData(encoding: JPEGEncoding(quality: 90))),
                // …and optimised tables in one pass (none).
                ("1024×683 4:4:4 without restart markers",
                 try photo(width: 1024, height: 683, seed: 1).jpegData(encoding: JPEGEncoding(quality: 90, huffmanTables: .optimized))),
                ("1500×1001 4:2:0", try photo(width: 1500, height: 1001, seed: 2).jpegData(
                    encoding: JPEGEncoding(quality: 85, subsampling: .both420, huffmanTables: .optimized))),
                ("1200×900 4:2:2", try photo(width: 1200, height: 900, seed: 3).jpegData(
                    encoding: JPEGEncoding(quality: 75, subsampling: .horizontal422, huffmanTables: .optimized))),
                // One component, and CMYK (decoded to CMYK rows, then converted).
                ("grey 600×520", Array(try Data(contentsOf: PhotoFixtures.directory.appendingPathComponent("grey-600x520.jpg")))),
                ("CMYK 600×520", Array(try Data(contentsOf: PhotoFixtures.directory.appendingPathComponent("cmyk-600x520.jpg")))),
            ]
        } catch {
            XCTFail("cannot make the test photos: \(error)")
            return []
        }
    }()

    func testTwoThreadsGiveOneThreadsPixels() {
        XCTAssertEqual(Self.files.count, 6)
        for (name, data) in Self.files {
            // Full size, then DCT-scaled (the smallest halving that covers the target): of the
            // scaled decodes, 1500×1001's at 4/8 (750×501, for 700×480 and 560×420) and
            // 1200×900's (600×450, for 560×420) are large enough to be split, both with
            // libjpeg's merged upsampling (2×2 and 2×1).
            for target: (UInt32, UInt32) in [(0, 0), (700, 480), (560, 420), (300, 150), (150, 80), (60, 40)] {
                // Two threads first: a row neither thread wrote holds what the memory held, and
                // after a one-thread decode of the same image that is the same row (each file's
                // first decode follows another file's, so an unwritten row shows there).
                let two = Self.decode(data, threads: 0, target: target), one = Self.decode(data, threads: 1, target: target)
                XCTAssertEqual(one.status, 0, "\(name) at \(target): \(one.message)")
                XCTAssertTrue(one == two, "\(name) at \(target): \(two.width)×\(two.height), status \(two.status) \(two.message)")
            }
        }
    }

    func testAFileCutShortOrDamagedFailsAsOnOneThread() {
        guard let (name, data) = Self.files.first else { return XCTFail("no test photo") }
        // Cut in the upper rows, near the split, and in the lower rows.
        for fraction in [0.3, 0.68, 0.9, 0.995] {
            let cut = Array(data.prefix(Int(Double(data.count) * fraction)))
            let two = Self.decode(cut, threads: 0), one = Self.decode(cut, threads: 1)
            XCTAssertEqual(one.status, Int32(SC_IMAGE_CORRUPT), "\(name) cut at \(fraction)")
            XCTAssertEqual(one.message, "truncated JPEG: the data ends before the image does", "\(name) cut at \(fraction)")
            XCTAssertTrue(one == two, "\(name) cut at \(fraction): \(two.status) \(two.message)")
        }
        // Bytes overwritten in the entropy-coded data: whatever one decompressor makes of them
        // (an error, or wrong pixels), two make the same.
        var rng = SeededGenerator(seed: 0xDA7A)
        for fraction in [0.4, 0.75, 0.97] {
            var damaged = data
            let at = Int(Double(data.count) * fraction)
            for i in at..<(at + 16) { damaged[i] = UInt8.random(in: 0...0xFE, using: &rng) }
            let two = Self.decode(damaged, threads: 0), one = Self.decode(damaged, threads: 1)
            XCTAssertTrue(one == two, "\(name) damaged at \(fraction): \(one.status) \(one.message) against \(two.status) \(two.message)")
        }
    }
}
