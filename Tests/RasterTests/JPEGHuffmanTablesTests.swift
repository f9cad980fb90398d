@testable import Raster
import TestSupport
import XCTest

/// JPEGs are written with libjpeg's standard Huffman tables (the JPEG specification's Annex K,
/// as Pillow writes by default), not tables optimised for each image: the optimising pass cost
/// 2.8× the encode's time for 3–4 % fewer bytes on a photo card, and the decoded pixels are the
/// same either way (Huffman coding is lossless).
final class JPEGHuffmanTablesTests: XCTestCase {
    /// The code-length counts (16 numbers) of each table in the file's DHT segments, by class
    /// (0 DC, 1 AC) and id.
    func huffmanCounts(_ jpeg: [UInt8]) -> [String: [UInt8]] {
        var tables: [String: [UInt8]] = [:]
        var i = 2
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF {
            let marker = jpeg[i + 1]
            let length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
            if marker == 0xDA { break } // start of scan: no more tables before the data
            if marker == 0xC4 {
                var p = i + 4
                while p < i + 2 + length {
                    let counts = Array(jpeg[p + 1..<p + 17])
                    tables["\(jpeg[p] >> 4)/\(jpeg[p] & 0xF)"] = counts
                    p += 17 + counts.reduce(0) { $0 + Int($1) }
                }
            }
            i += 2 + length
        }
        return tables
    }

    func testCardsUseTheStandardTables() throws {
        // A photo-like picture: smooth gradients under fine noise, so optimised tables would
        // differ from the standard ones.
        var rng = SeededGenerator(seed: 0x1FE6)
        let width = 160, height = 96
        let pixels = (0..<width * height).map { i -> UInt32 in
            let x = i % width, y = i / width
            func channel(_ base: Int) -> UInt32 { UInt32(max(0, min(255, base + Int.random(in: -12...12, using: &rng)))) }
            return 0xFF00_0000 | channel(x * 255 / width) << 16 | channel(y * 255 / height) << 8 | channel((x + y) % 256)
        }
        let image = try Image(width: width, height: height, premultipliedARGB: pixels)
        for subsampling in JPEGEncoding.ChromaSubsampling.allCases {
            let tables = huffmanCounts(try image.jpegData(encoding: JPEGEncoding(quality: 90, subsampling: subsampling)))
            // Annex K.3: luminance and chrominance DC, luminance and chrominance AC.
            XCTAssertEqual(tables["0/0"], [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], "\(subsampling)")
            XCTAssertEqual(tables["0/1"], [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0], "\(subsampling)")
            XCTAssertEqual(tables["1/0"], [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7D], "\(subsampling)")
            XCTAssertEqual(tables["1/1"], [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77], "\(subsampling)")
        }
    }
}
