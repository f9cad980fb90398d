import BufferText
import CImageEncode
import Foundation
import Raster
import TestSupport
import XCTest

/// The photo tier's two settings: zlib's run-length strategy, and a second setting taken when a
/// sample of the rows (a sixteenth, in four bands; all rows under 64) compresses smaller with it.
final class PNGPhotoTierTests: XCTestCase {
    typealias Deflate = PNGEncoding.DeflateSettings

    static let runs = Deflate.Rows.runLength(filter: .repeatFlatOrPaeth)
    static let alternative = try! Deflate.Rows(level: 1, filter: .up)

    /// Every image here has more than 300 colours: the photo tier.
    static func tiers() throws -> PNGEncoding {
        .deflate(try Deflate(rgb: .scanlines(filter: .none), indexed: .scanlines(filter: .none),
                             manyColours: try .init(above: 256, rows: .init(level: 1, filter: .sub)),
                             photoColours: try .init(above: 300, rows: runs), photoAlternative: alternative))
    }

    static func alone(_ rows: Deflate.Rows) -> PNGEncoding { .deflate(Deflate(rgb: rows, indexed: nil)) }

    /// A photo-like picture: a smooth diagonal ramp in each channel with noise of ±2.
    static func smooth(width: Int, height: Int, using rng: inout SeededGenerator) -> [UInt32] {
        (0..<width * height).map { i in
            let x = i % width, y = i / width
            func channel(_ base: Int) -> UInt32 { UInt32(max(0, min(255, base + Int.random(in: -2...2, using: &rng)))) }
            return 0xFF00_0000 | channel((x + y) / 3 % 200) << 16 | channel(40 + y / 2 % 180) << 8 | channel(200 - x / 4 % 150)
        }
    }

    func testSmoothPhotosTakeTheRunLengthRows() throws {
        var rng = SeededGenerator(seed: 0xF0_7051)
        let (width, height) = (320, 200)
        let pixels = Self.smooth(width: width, height: height, using: &rng)
        XCTAssertGreaterThan(Set(pixels).count, 300)
        let image = try Image(width: width, height: height, premultipliedARGB: pixels)
        let png = try image.pngData(encoding: try Self.tiers())
        let runs = try image.pngData(encoding: Self.alone(Self.runs)), other = try image.pngData(encoding: Self.alone(Self.alternative))
        XCTAssertLessThan(runs.count, other.count)
        XCTAssertTrue(png == runs, "\(png.count) bytes; run-length alone \(runs.count), libdeflate 1 UP alone \(other.count)")
        XCTAssertEqual(try Image(pngData: png).premultipliedARGB, pixels)
        XCTAssertTrue(png == (try image.pngData(encoding: try Self.tiers())), "deterministic")
    }

    /// Rows that repeat the row two above (a picture enlarged and interlaced, say) are long
    /// matches two rows back, which only the match finder sees: the second setting is taken.
    func testRowsRepeatingFurtherUpTakeTheSecondSetting() throws {
        var rng = SeededGenerator(seed: 0xA17)
        for (width, height) in [(320, 200), (200, 128), (160, 63), (200, 9)] {
            let pair = (0..<2 * width).map { _ in 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &rng) }
            let pixels = (0..<width * height).map { i in pair[(i / width) % 2 * width + i % width] }
            XCTAssertGreaterThan(Set(pixels).count, 300)
            let image = try Image(width: width, height: height, premultipliedARGB: pixels)
            let png = try image.pngData(encoding: try Self.tiers())
            let runs = try image.pngData(encoding: Self.alone(Self.runs)), other = try image.pngData(encoding: Self.alone(Self.alternative))
            XCTAssertLessThan(2 * other.count, runs.count, "\(width)×\(height)")
            XCTAssertTrue(png == other, "\(width)×\(height): \(png.count) bytes; libdeflate 1 UP alone \(other.count), run-length \(runs.count)")
            XCTAssertEqual(try Image(pngData: png).premultipliedARGB, pixels, "\(width)×\(height)")
        }
    }

    /// Odd shapes around the sample's bands (one row, one column, 63 and 64 rows, bands of two
    /// rows) round-trip through libpng, and every compressor decodes the same.
    func testOddShapesRoundTrip() throws {
        var rng = SeededGenerator(seed: 0x0DD)
        for (width, height) in [(400, 1), (1, 400), (301, 1), (17, 63), (17, 64), (9, 65), (5, 127), (3, 2000)] {
            let pixels = (0..<width * height).map { _ in 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &rng) }
            let image = try Image(width: width, height: height, premultipliedARGB: pixels)
            for encoding in [try Self.tiers(), Self.alone(Self.runs), .deflate(.cards)] {
                XCTAssertEqual(try Image(pngData: try image.pngData(encoding: encoding)).premultipliedARGB, pixels, "\(width)×\(height)")
            }
        }
    }

    func testBadSecondSettingsAreRefused() throws {
        let many = try Deflate.ManyColours(above: 256, rows: .init(level: 1, filter: .sub))
        let runs = try Deflate.ManyColours(above: 300, rows: Self.runs)
        let scanlines = try Deflate.ManyColours(above: 300, rows: .scanlines(filter: .none))
        for (photo, second) in [(runs, Deflate.Rows.scanlines(filter: .up)), (runs, try .init(level: 0, filter: .up)),
                                (scanlines, Self.alternative)] {
            XCTAssertThrowsError(try Deflate(rgb: .scanlines(filter: .none), indexed: nil, manyColours: many, photoColours: photo,
                                             photoAlternative: second)) { error in
                XCTAssertTrue("\(error)".contains("second photo setting"), "\(error)")
            }
        }
        // The C encoder refuses them too, with no output.
        let bytes = [UInt8](repeating: 0x80, count: 64)
        for (level, also, rows) in [(Int32(SC_PNG_LEVEL_RUNS), Int32(SC_PNG_LEVEL_SCANLINES), Int32(2)), (Int32(SC_PNG_LEVEL_SCANLINES), 4, 2),
                                    (Int32(SC_PNG_LEVEL_RUN_BLOCKS), Int32(SC_PNG_LEVEL_SCANLINES), 2), (Int32(SC_PNG_LEVEL_RUNS), 16, 2),
                                    (Int32(SC_PNG_LEVEL_RUNS), 4, 11), (16, 0, 0)] {
            var settings = sc_png_settings(indexed_level: -1, indexed_rows: 0, rgb_level: 1, rgb_rows: 0, many_colors: 256, many_level: 1,
                                           many_rows: 1, photo_colors: 300, photo_level: level, photo_rows: 8, photo_also_level: also,
                                           photo_also_rows: rows, scanlines_fallback_permille: 0,
                                           deflate_check_permille: 0, deflate_check_level: 0, deflate_check_percent: 0)
            var out: UnsafeMutablePointer<UInt8>?
            var size = 0
            var message = [CChar](repeating: 0, count: 256)
            let status = bytes.withUnsafeBufferPointer { sc_encode_png_tiered($0.baseAddress, 64, 4, 4, 16, &settings, &out, &size, &message, 256) }
            XCTAssertEqual(status, -1, "photo level \(level), second \(also) rows \(rows)")
            XCTAssertNil(out)
            XCTAssertTrue(message.stringBeforeNUL.contains("invalid"), message.stringBeforeNUL)
        }
    }
}
