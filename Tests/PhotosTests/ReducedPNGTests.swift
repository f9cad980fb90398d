import Foundation
import Photos
import Raster
import TestSupport
import XCTest

/// A PNG at least twice the size asked for is read row by row and reduced by k × k boxes as it
/// is read. The reduced pixels must be exactly the box means of the whole decode: the same
/// transforms (libpng's simplified reader's, gAMA included), the same colour conversion and
/// premultiplication, pixel by pixel, then each box's rounded mean. Checked on PngSuite (every
/// colour type and bit depth, interlaced and not, tRNS, gAMA) and on the colour-chunk fixtures.
final class ReducedPNGTests: XCTestCase {
    static let suite = PhotoFixtures.directory.appendingPathComponent("pngsuite")

    static func suiteNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: suite.path).filter { $0.hasSuffix(".png") }.sorted()
    }

    /// Each k × k box of `image` (fewer pixels at the right and bottom edges), every channel
    /// the rounded mean of its premultiplied values.
    static func boxMeans(_ image: Image, factor k: Int) throws -> Image {
        let width = (image.width + k - 1) / k, height = (image.height + k - 1) / k
        let source = image.premultipliedARGB
        var out = [UInt32](repeating: 0, count: width * height)
        for oy in 0..<height {
            for ox in 0..<width {
                var sums = [Int](repeating: 0, count: 4), n = 0
                for y in oy * k..<min(image.height, oy * k + k) {
                    for x in ox * k..<min(image.width, ox * k + k) {
                        let v = source[y * image.width + x]
                        for c in 0..<4 { sums[c] += Int((v >> UInt32(8 * c)) & 0xFF) }
                        n += 1
                    }
                }
                out[oy * width + ox] = (0..<4).reduce(UInt32(0)) { $0 | UInt32((sums[$1] + n / 2) / n) << UInt32(8 * $1) }
            }
        }
        return try Image(width: width, height: height, premultipliedARGB: out)
    }

    /// Decodes `data` whole and for a `target` that makes the decoder reduce by `factor`, and
    /// checks the reduced decode against the whole one's box means.
    func assertReducedMatchesBoxMeans(_ data: [UInt8], target: (width: Int, height: Int), factor: Int, _ what: String,
                                      file: StaticString = #filePath, line: UInt = #line) throws {
        let whole = try Photo(data: data)
        let reduced = try Photo(data: data, targetWidth: target.width, targetHeight: target.height)
        let expected = try Self.boxMeans(whole.image, factor: factor)
        XCTAssertEqual(reduced.image.width, expected.width, "\(what): width", file: file, line: line)
        XCTAssertEqual(reduced.image.height, expected.height, "\(what): height", file: file, line: line)
        XCTAssertEqual(reduced.sourceWidth, whole.image.width, "\(what): the source size stays the file's", file: file, line: line)
        XCTAssertEqual(reduced.sourceHeight, whole.image.height, "\(what): the source size stays the file's", file: file, line: line)
        guard reduced.image.width == expected.width, reduced.image.height == expected.height else { return }
        let got = reduced.image.premultipliedARGB, want = expected.premultipliedARGB
        let wrong = zip(got, want).enumerated().filter { $0.element.0 != $0.element.1 }
        XCTAssertTrue(wrong.isEmpty, "\(what): \(wrong.count) pixels differ, first at \(wrong.first.map { ($0.offset % expected.width, $0.offset / expected.width) }.map { "\($0)" } ?? "")",
                      file: file, line: line)
    }

    func testPngSuiteReducesToTheWholeDecodesBoxMeans() throws {
        let names = try Self.suiteNames()
        XCTAssertEqual(names.count, 28, "make-pngsuite.py writes 28 images")
        for name in names {
            let data = try PhotoFixtures.bytes("pngsuite/" + name)
            let side = try Photo(data: data).image.width
            // 32 px: k = 2 (whole boxes), 3 (a last box of 2 pixels), 4, and 16; 9 px: 2 and 4
            // (a last box of 1 pixel).
            for k in side >= 32 ? [2, 3, 4, 16] : [2, 4] {
                let target = max(1, side / (2 * k))
                XCTAssertEqual(side / (2 * target), k, "\(name): the target chosen makes k = \(k)")
                try assertReducedMatchesBoxMeans(data, target: (target, target), factor: k, "\(name) k=\(k)")
            }
        }
    }

    func testColourChunksAreAppliedBeforeTheReduction() throws {
        // An iCCP Display P3 profile, 16-bit RGB, a palette with transparency, and a plain
        // 8-bit photo, each with a square target a quarter of its shorter side: k = 2 or more.
        for name in ["p3-chelsea.png", "deep-16bit.png", "palette-transparent.png", "chelsea-pillow.png"] {
            let data = try PhotoFixtures.bytes(name)
            let whole = try Photo(data: data).image
            let target = max(1, min(whole.width, whole.height) / 4)
            let k = min(whole.width / (2 * target), whole.height / (2 * target))
            XCTAssertGreaterThanOrEqual(k, 2, name)
            try assertReducedMatchesBoxMeans(data, target: (target, target), factor: k, "\(name) (\(whole.width)×\(whole.height), k=\(k))")
        }
        // The iCCP profile with a gAMA chunk beside it (which must be ignored), and cHRM primaries.
        let restored = try PNGColourProfileTests.restored()
        let gamma = HandBuiltPNG.chunk("gAMA", HandBuiltPNG.bigEndian32(100_000))
        let p3 = [31270, 32900, 68000, 32000, 26500, 69000, 15000, 6000].flatMap(HandBuiltPNG.bigEndian32)
        try assertReducedMatchesBoxMeans(PNGColourProfileTests.withChunks(gamma + (try PNGColourProfileTests.iccpChunk()), into: restored),
                                         target: (16, 16), factor: 2, "iCCP beside gAMA")
        try assertReducedMatchesBoxMeans(PNGColourProfileTests.withChunks(HandBuiltPNG.chunk("cHRM", p3), into: restored),
                                         target: (16, 16), factor: 2, "cHRM")
    }

    func testTheFactorKeepsTwiceTheTargetAsTheModeCountsSides() throws {
        let data = try PhotoFixtures.bytes("chelsea-pillow.png")  // 96×64
        // Cover: both sides at least twice the target's. 96 / 20 = 4, 64 / 20 = 3 → 3.
        let cover = try Photo(data: data, targetWidth: 10, targetHeight: 10)
        XCTAssertEqual([cover.image.width, cover.image.height], [32, 22])
        // Fit: either side. 96 / 20 = 4, 64 / 20 = 3 → 4.
        let fit = try Photo(data: data, longerSideAtLeast: 10)
        XCTAssertEqual([fit.image.width, fit.image.height], [24, 16])
        // Less than twice the target on a side the mode counts: whole. Twice exactly: k = 2.
        let whole = try Photo(data: data, targetWidth: 49, targetHeight: 16)
        XCTAssertEqual([whole.image.width, whole.image.height], [96, 64])
        XCTAssertEqual(try Photo(data: data, targetWidth: 48, targetHeight: 32).image.width, 96)
        XCTAssertEqual(try Photo(data: data, targetWidth: 24, targetHeight: 16).image.width, 48)
    }

    func testVeryLargeBoxesStayExact() throws {
        // Long strips of noise searched by their longer side: 5000×3 for a side of 1 is reduced
        // by 2500 (boxes of 7,500 pixels); 9000×2 would be by 4500 and is capped at 4096 (a last
        // box 808 wide). Each mean is a rounded division of a sum of up to 8,192 values.
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func noise() -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 56)
        }
        for (width, height, k) in [(5000, 3, 2500), (9000, 2, 4096)] {
            let png = MiniPNG.rgb(width: width, height: height, bitDepth: 8) { _, _ in (noise(), noise(), noise()) }
            let whole = try Photo(data: png, limits: .photo).image
            let reduced = try Photo(data: png, longerSideAtLeast: 1, limits: .photo).image
            let expected = try Self.boxMeans(whole, factor: k)
            XCTAssertEqual([reduced.width, reduced.height], [expected.width, expected.height], "\(width)×\(height)")
            XCTAssertEqual(reduced.premultipliedARGB, expected.premultipliedARGB, "\(width)×\(height)")
        }
    }

    func testABigPNGIsDecodedReducedForACard() throws {
        // 4200×2400 in four flat quadrants (premultiplied: the top right half transparent);
        // a 1024×576 card needs at least 2048×1152: k = 2.
        let width = 4200, height = 2400
        let colours: [UInt32] = [0xFF_E5_39_35, 0x80_0E_1C_4C, 0xFF_43_A0_47, 0xFF_FD_D8_35]
        var pixels = [UInt32](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                for x in 0..<width { p[y * width + x] = colours[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)] }
            }
        }
        let png = try Image(width: width, height: height, premultipliedARGB: pixels).pngData(encoding: .cards, matte: .black)
        let photo = try Photo(data: png, targetWidth: 1024, targetHeight: 576)
        XCTAssertEqual([photo.image.width, photo.image.height], [2100, 1200])
        XCTAssertEqual([photo.sourceWidth, photo.sourceHeight], [width, height])
        // pngData composites over black: the translucent quadrant is stored as its premultiplied colour, opaque.
        let expected: [UInt32] = [0xFF_E5_39_35, 0xFF_0E_1C_4C, 0xFF_43_A0_47, 0xFF_FD_D8_35]
        for (i, (x, y)) in [(0, 0), (2099, 0), (0, 1199), (2099, 1199)].enumerated() {
            XCTAssertEqual(String(photo.image.pixel(x: x, y: y), radix: 16), String(expected[i], radix: 16), "quadrant \(i)")
        }
        // Boxes never straddle the quadrants' edges (2100 and 1200 are even): the halves meet sharply.
        XCTAssertEqual(photo.image.pixel(x: 1049, y: 0), expected[0])
        XCTAssertEqual(photo.image.pixel(x: 1050, y: 0), expected[1])
    }

    func testCorruptAndTruncatedReducedPNGsAreErrors() throws {
        let data = try PhotoFixtures.bytes("chelsea-pillow.png")
        // Cut inside the image data: the rows run out while being reduced.
        let cut = Array(data.prefix(data.count / 2))
        XCTAssertThrowsError(try Photo(data: cut, targetWidth: 16, targetHeight: 16)) { error in
            guard case PhotoError.corrupt(let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("PNG"), message)
        }
        // The same limits as the whole decode, before any row.
        let limits = ImageLimits(maxWidth: 95, maxHeight: 64, maxPixels: 1_000_000)
        XCTAssertThrowsError(try Photo(data: data, targetWidth: 16, targetHeight: 16, limits: limits))
    }
}
