import BufferText
import CImageEncode
import CTestImageDecode
@testable import Raster
import TestSupport
import XCTest

/// A JPEG's Huffman tables are libjpeg's standard ones (the JPEG specification's Annex K, as
/// Pillow writes by default) or tables optimised for the image, chosen by what the image shows:
/// the decoded pixels are the same either way (Huffman coding is lossless), only the bytes and
/// the time differ.
final class JPEGHuffmanTablesTests: XCTestCase {
    /// A photo-like picture: smooth gradients under fine noise, so optimised tables would
    /// differ from the standard ones.
    static func photoLike() throws -> Image {
        var rng = SeededGenerator(seed: 0x1FE6)
        let width = 160, height = 96
        let pixels = (0..<width * height).map { i -> UInt32 in
            let x = i % width, y = i / width
            func channel(_ base: Int) -> UInt32 { UInt32(max(0, min(255, base + Int.random(in: -12...12, using: &rng)))) }
            return 0xFF00_0000 | channel(x * 255 / width) << 16 | channel(y * 255 / height) << 8 | channel((x + y) % 256)
        }
        return try Image(width: width, height: height, premultipliedARGB: pixels)
    }

    func decoded(_ jpeg: [UInt8]) throws -> [UInt8] {
        try ImageEncodingTests.decode(jpeg, sc_test_decode_jpeg).bgra
    }

    func testStandardTablesAreAnnexK() throws {
        let image = try Self.photoLike()
        for subsampling in JPEGEncoding.ChromaSubsampling.allCases {
            let jpeg = try image.jpegData(encoding: JPEGEncoding(quality: 90, subsampling: subsampling, huffmanTables: .standard))
            XCTAssertEqual(JPEGHuffmanCounts.of(jpeg), JPEGHuffmanCounts.standard, "\(subsampling)")
            // The default of a JPEGEncoding is libjpeg's own.
            XCTAssertEqual(jpeg, try image.jpegData(encoding: JPEGEncoding(quality: 90, subsampling: subsampling)), "\(subsampling)")
        }
    }

    func testOptimizedTablesAreSmallerAndDecodeToTheSamePixels() throws {
        let images = [("card-like", try ImageEncodingTests.cardLike(background: Color(hex: "#7b4397")!)), ("photo-like", try Self.photoLike())]
        for (name, image) in images {
            for subsampling in JPEGEncoding.ChromaSubsampling.allCases {
                let standard = try image.jpegData(encoding: JPEGEncoding(quality: 90, subsampling: subsampling, huffmanTables: .standard))
                let optimized = try image.jpegData(encoding: JPEGEncoding(quality: 90, subsampling: subsampling, huffmanTables: .optimized))
                XCTAssertNotEqual(JPEGHuffmanCounts.of(optimized), JPEGHuffmanCounts.standard, "\(name) \(subsampling)")
                XCTAssertEqual(Set(JPEGHuffmanCounts.of(optimized).keys), Set(JPEGHuffmanCounts.standard.keys), "\(name) \(subsampling)")
                XCTAssertLessThan(optimized.count, standard.count, "\(name) \(subsampling)")
                XCTAssertEqual(try decoded(optimized), try decoded(standard), "\(name) \(subsampling): Huffman coding is lossless")
                XCTAssertEqual(optimized, try image.jpegData(encoding: JPEGEncoding(quality: 90, subsampling: subsampling, huffmanTables: .optimized)),
                               "\(name) \(subsampling): deterministic")
            }
        }
    }

    func testTheTablesFollowWhatTheImageShows() throws {
        XCTAssertEqual(JPEGEncoding.HuffmanTables(for: .drawing), .optimized)
        XCTAssertEqual(JPEGEncoding.HuffmanTables(for: .greyPicture), .optimized)
        XCTAssertEqual(JPEGEncoding.HuffmanTables(for: .colourPicture), .standard)
        let image = try Self.photoLike()
        let output = try ImageOutput(format: .jpeg)
        for content in ImageContent.allCases {
            let tables = JPEGEncoding.HuffmanTables(for: content)
            XCTAssertEqual(try image.encoded(output, content: content), try image.jpegData(encoding: JPEGEncoding(quality: 90, huffmanTables: tables)), "\(content)")
        }
        // PNG and WebP do not depend on it.
        for output in [ImageOutput.png, try ImageOutput(format: .webp)] {
            XCTAssertEqual(try image.encoded(output, content: .drawing), try image.encoded(output, content: .colourPicture), output.token)
        }
    }

    func testTheEncoderRefusesUnknownTables() {
        let pixels = [UInt8](repeating: 0x80, count: 64)
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 128)
        for tables: Int32 in [-1, 2, Int32.max] {
            let status = pixels.withUnsafeBufferPointer { sc_encode_jpeg($0.baseAddress, 64, 4, 4, 16, 90, 0, tables, &out, &size, &message, 128) }
            XCTAssertEqual(status, -1, "\(tables)")
            XCTAssertNil(out)
            let text = message.stringBeforeNUL
            XCTAssertTrue(text.contains("Huffman tables"), text)
        }
    }

    func testGreyIsEveryPixelWithEqualChannels() throws {
        let grey = (0..<256).map { v -> UInt32 in let g = UInt32(v); return 0xFF00_0000 | g << 16 | g << 8 | g }
        XCTAssertTrue(try Image(width: 16, height: 16, premultipliedARGB: grey).isGrey)
        // Premultiplied translucent greys stay grey.
        XCTAssertTrue(try Image(width: 2, height: 1, premultipliedARGB: [0x8040_4040, 0x0000_0000]).isGrey)
        // One pixel off by one in any channel, anywhere (the last row too), is colour.
        for (index, delta) in [(0, UInt32(1)), (255, 1 << 8), (128, 1 << 16), (17, 1)] {
            var pixels = grey
            pixels[index] ^= delta
            XCTAssertFalse(try Image(width: 16, height: 16, premultipliedARGB: pixels).isGrey, "pixel \(index)")
        }
        XCTAssertFalse(try Self.photoLike().isGrey)
    }
}
