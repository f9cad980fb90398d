import Photos
import Raster
import XCTest

/// Hostile and broken photos: each a clear error naming the problem, never a crash.
final class PhotoBadInputTests: XCTestCase {
    private func error(_ bytes: [UInt8], limits: ImageLimits = .default) -> PhotoError? {
        do {
            _ = try Photo(data: bytes, targetWidth: 1024, targetHeight: 576, limits: limits)
            return nil
        } catch { return error }
    }

    func testTruncatedJPEG() throws {
        let e = error(try PhotoFixtures.bytes("truncated.jpg"))
        guard case .corrupt(let message)? = e else { return XCTFail("got \(String(describing: e))") }
        XCTAssertTrue(message.contains("truncated"), message)
    }

    /// Cut short but ended with its EOI marker again, or declaring more rows than its data
    /// holds: libjpeg warns that the scan hit a marker and fills the rest with grey, which
    /// would be a card with a grey lower half. Both are refused as corrupt.
    func testAScanCutShortByAMarkerIsCorrupt() throws {
        let jpeg = try PhotoFixtures.bytes("chelsea.jpg")
        XCTAssertNoThrow(try Photo(data: jpeg, targetWidth: 1024, targetHeight: 576))
        let cut = Array(jpeg.prefix(jpeg.count / 2)) + [0xFF, 0xD9]
        // The frame header (SOF0 or SOF2) made to declare twice the rows.
        var taller = jpeg
        let sof = try XCTUnwrap((0..<(jpeg.count - 9)).first { jpeg[$0] == 0xFF && (jpeg[$0 + 1] == 0xC0 || jpeg[$0 + 1] == 0xC2) })
        let rows = Int(jpeg[sof + 5]) << 8 | Int(jpeg[sof + 6])
        taller[sof + 5] = UInt8((rows * 2) >> 8)
        taller[sof + 6] = UInt8((rows * 2) & 0xFF)
        for (name, bytes) in [("cut, with its EOI", cut), ("declaring \(rows * 2) rows for \(rows)", taller)] {
            guard case .corrupt(let message)? = error(bytes) else { return XCTFail("\(name): got \(String(describing: error(bytes)))") }
            XCTAssertTrue(message.contains("premature end of data segment"), "\(name): \(message)")
        }
    }

    /// A 12-bit JPEG (medical and some camera files) is a valid JPEG this build does not read:
    /// refused as unsupported, naming its precision, not called corrupt.
    func testATwelveBitJPEGIsUnsupportedNotCorrupt() throws {
        var jpeg = try PhotoFixtures.bytes("chelsea.jpg")
        let sof = try XCTUnwrap((0..<(jpeg.count - 9)).first { jpeg[$0] == 0xFF && (jpeg[$0 + 1] == 0xC0 || jpeg[$0 + 1] == 0xC2) })
        XCTAssertEqual(jpeg[sof + 4], 8)
        jpeg[sof + 4] = 12
        guard case .unsupportedFormat(let message)? = error(jpeg) else { return XCTFail("got \(String(describing: error(jpeg)))") }
        XCTAssertEqual(message, "a JPEG of 12-bit samples (only 8-bit JPEGs are read)")
    }

    func testJPEGDeclaring60000x60000IsRefusedBeforeDecoding() throws {
        let e = error(try PhotoFixtures.bytes("bomb-60000.jpg"), limits: .photo)
        guard case .tooLarge(let message)? = e else { return XCTFail("got \(String(describing: e))") }
        XCTAssertEqual(message, "JPEG declares 60000×60000 pixels, over the limit of 12000 pixels a side")
    }

    /// The sides and the total are separate limits, and the message names the one crossed.
    func testADeclaredSizeNamesTheLimitItCrosses() throws {
        let jpeg = try PhotoFixtures.bytes("chelsea.jpg")  // 96×64
        XCTAssertEqual(error(jpeg, limits: ImageLimits(maxPixels: 6_000)),
                       .tooLarge("JPEG declares 96×64 pixels, 6144 in all, over the limit of 6000 in all"))
        XCTAssertEqual(error(jpeg, limits: ImageLimits(maxWidth: 90, maxHeight: 200)),
                       .tooLarge("JPEG declares 96×64 pixels, over the limit of 90 pixels wide"))
        XCTAssertEqual(error(jpeg, limits: ImageLimits(maxWidth: 200, maxHeight: 60)),
                       .tooLarge("JPEG declares 96×64 pixels, over the limit of 60 pixels high"))
        let webp = try PhotoFixtures.bytes("chelsea.webp")
        XCTAssertEqual(error(webp, limits: ImageLimits(maxWidth: 64, maxHeight: 64)),
                       .tooLarge("WebP declares 96×64 pixels, over the limit of 64 pixels a side"))
    }

    /// An extended WebP's canvas is 24 bits a side; libwebp refuses one of 2^32 pixels or more
    /// as a "bitstream error". It is named by the size it declares, as other formats are.
    func testAWebPCanvasTooLargeForLibwebpIsNamedBySize() throws {
        var webp = try PhotoFixtures.bytes("animated.webp")
        XCTAssertEqual(Array(webp[12..<16]), Array("VP8X".utf8))
        for (side, limits, expected) in [
            (16_777_216, ImageLimits.photo, "WebP declares 16777216×16777216 pixels, over the limit of 12000 pixels a side"),
            (70_000, ImageLimits.default, "WebP declares 70000×70000 pixels, over the limit of 8192 pixels a side"),
        ] {
            for offset in [24, 27] {
                webp[offset] = UInt8((side - 1) & 0xFF)
                webp[offset + 1] = UInt8((side - 1) >> 8 & 0xFF)
                webp[offset + 2] = UInt8((side - 1) >> 16)
            }
            XCTAssertEqual(error(webp, limits: limits), .tooLarge(expected))
        }
    }

    func testTextFileNamedJPG() throws {
        let e = error(try PhotoFixtures.bytes("not-a-photo.jpg"))
        guard case .unsupportedFormat(let message)? = e else { return XCTFail("got \(String(describing: e))") }
        XCTAssertTrue(message.contains("not a JPEG, PNG, WebP or HEIC"), message)
    }

    func testEmptyAndOversizedFiles() throws {
        XCTAssertEqual(error([]), .unsupportedFormat("the file is empty"))
        let jpeg = try PhotoFixtures.bytes("chelsea.jpg")
        guard case .tooLarge(let message)? = error(jpeg, limits: ImageLimits(maxFileBytes: 1000)) else { return XCTFail() }
        XCTAssertTrue(message.contains("over the limit of 1000"), message)
        guard case .tooLarge? = error(jpeg, limits: ImageLimits(maxPixels: 96 * 64 - 1)) else { return XCTFail() }
    }

    func testEveryPrefixAndCorruptionOfAJPEGAndAWebPFailsCleanly() throws {
        for name in ["chelsea.jpg", "chelsea-progressive.jpg", "chelsea.webp", "cmyk.jpg"] {
            let bytes = try PhotoFixtures.bytes(name)
            for length in stride(from: 0, to: bytes.count, by: 97) {
                XCTAssertNotNil(error(Array(bytes.prefix(length))), "\(name) cut at \(length) decoded")
            }
            var flipped = bytes
            for i in stride(from: 20, to: bytes.count, by: 37) { flipped[i] ^= 0x5A }
            _ = error(flipped) // any outcome but a crash
        }
    }
}
