import Foundation
import Raster
import TestSupport
import XCTest

/// The scanline compressor at the edges of its matching: rows too short for a match, rows at
/// and past deflate's 32 KiB window (where the row above is out of reach), one-colour images
/// (one match length, one distance), and every row filter, each decoded back through libpng.
final class ScanlineCompressorTests: XCTestCase {
    typealias Deflate = PNGEncoding.DeflateSettings

    func assertRoundTrip(_ pixels: [UInt32], width: Int, _ what: String) throws {
        let image = try Image(width: width, height: pixels.count / width, premultipliedARGB: pixels)
        for filter in Deflate.RowFilter.allCases {
            let rows = Deflate.Rows.scanlines(filter: filter)
            for indexed in [nil, rows] {
                let png = try image.pngData(encoding: .deflate(Deflate(rgb: rows, indexed: indexed)))
                XCTAssertEqual(try Image(pngData: png, limits: ImageLimits(maxWidth: 40000)).premultipliedARGB, pixels,
                               "\(what), \(filter.rawValue), indexed: \(indexed != nil)")
            }
        }
    }

    func testShortRows() throws {
        var rng = SeededGenerator(seed: 7)
        for width in 1...4 {
            for height in [1, 2, 5] {
                let pixels = (0..<width * height).map { _ in 0xFF00_0000 | UInt32.random(in: 0...3, using: &rng) * 0x40_4040 }
                try assertRoundTrip(pixels, width: width, "\(width)×\(height)")
            }
        }
    }

    /// Indexed rows of 32,767 and 32,768 bytes (plus the filter byte) straddle the window; RGB
    /// rows of 10,923 pixels are 32,770 bytes.
    func testRowsAtAndBeyondTheWindow() throws {
        for (width, colours) in [(32767, 3), (32768, 200), (10923, 1000)] {
            let palette = (0..<colours).map { UInt32($0) &* 0x9E37_79B1 & 0xFF_FFFF | 0xFF00_0000 }
            var pixels = [UInt32](repeating: palette[0], count: width * 3)
            for x in 0..<width { pixels[x] = palette[(x / 5) % colours] }          // runs
            for x in 0..<width { pixels[width + x] = pixels[x] }                   // the row above
            for x in 0..<width { pixels[2 * width + x] = palette[(x * 7) % colours] }
            try assertRoundTrip(pixels, width: width, "\(width) wide, \(colours) colours")
        }
    }

    func testOneColourImagesOfManySizes() throws {
        for (width, height) in [(1, 1), (258, 1), (259, 2), (1024, 576), (3, 1000)] {
            try assertRoundTrip([UInt32](repeating: 0xFF6A_1B9A, count: width * height), width: width, "\(width)×\(height)")
        }
    }

    /// Rows repeating the row above once, twice or many times, between rows of their own: a row
    /// that repeats two equal rows takes the tokens and the Adler-32 sums of the row above
    /// instead of being matched and summed again, so each stretch must still decode to its rows
    /// (libpng checks the stream's Adler-32). Wide rows hold several 258-byte matches, and rows
    /// of 10,000 pixels (30,000 bytes as RGB) carry both Adler sums round their modulus.
    func testRowsRepeatingTheRowAboveInStretchesOfEveryLength() throws {
        var rng = SeededGenerator(seed: 11)
        for (width, colours) in [(700, 5), (1500, 300), (10000, 40)] {
            let palette = (0..<colours).map { UInt32($0) &* 0x9E37_79B1 & 0xFF_FFFF | 0xFF00_0000 }
            var pixels: [UInt32] = []
            for stretch in [1, 2, 3, 1, 4, 7, 1, 1, 2, 12] {
                let row = (0..<width).map { x in
                    x % 97 < 60 ? palette[0] : palette[Int.random(in: 0..<colours, using: &rng)]
                }
                for _ in 0..<stretch { pixels += row }
            }
            try assertRoundTrip(pixels, width: width, "\(width) wide, \(colours) colours, repeated stretches")
        }
    }

    /// The cards' setting takes the scanline compressor for indexed images: a one-colour
    /// 1024×576 image is a few hundred bytes, where a literal per byte would be over 70 KB.
    func testCardsSettingCompressesRepeatedRowsAsMatches() throws {
        let pixels = [UInt32](repeating: 0xFF6A_1B9A, count: 1024 * 576)
        let png = try Image(width: 1024, height: 576, premultipliedARGB: pixels).pngData()
        XCTAssertLessThan(png.count, 1000)
        guard case .deflate(let settings) = PNGEncoding.cards else { return XCTFail("cards encode through deflate settings") }
        XCTAssertEqual(settings.indexed?.level, Deflate.Rows.scanlineLevel)
        XCTAssertEqual(settings.indexed?.compressorName, "scanlines")
    }
}
