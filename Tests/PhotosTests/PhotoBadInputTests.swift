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

    func testJPEGDeclaring60000x60000IsRefusedBeforeDecoding() throws {
        let e = error(try PhotoFixtures.bytes("bomb-60000.jpg"))
        guard case .tooLarge(let message)? = e else { return XCTFail("got \(String(describing: e))") }
        XCTAssertTrue(message.contains("60000×60000"), message)
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
