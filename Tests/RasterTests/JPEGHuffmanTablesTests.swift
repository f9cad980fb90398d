import CImageEncode
import CTestImageDecode
@testable import Raster
import TestSupport
import XCTest

/// A JPEG's Huffman tables are libjpeg's standard ones (the JPEG specification's Annex K, as
/// Pillow writes by default) or tables optimised for the image: the decoded pixels are the same
/// either way (Huffman coding is lossless), only the bytes and the time differ.
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

    func testTheEncoderRefusesUnknownTables() {
        let pixels = [UInt8](repeating: 0x80, count: 64)
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 128)
        for tables: Int32 in [-1, 2, Int32.max] {
            let status = pixels.withUnsafeBufferPointer { sc_encode_jpeg($0.baseAddress, 64, 4, 4, 16, 90, 0, tables, &out, &size, &message, 128) }
            XCTAssertEqual(status, -1, "\(tables)")
            XCTAssertNil(out)
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            XCTAssertTrue(text.contains("Huffman tables"), text)
        }
    }
}
