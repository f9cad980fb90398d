import Photos
import Raster
import XCTest

/// PngSuite (Fixtures/pngsuite, from pypng's source distribution) through the photo decoder:
/// every image decodes, and each interlaced image as its non-interlaced twin.
final class PngSuiteTests: XCTestCase {
    func testEveryImageDecodes() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: PhotoFixtures.directory.appendingPathComponent("pngsuite").path)
            .filter { $0.hasSuffix(".png") }
        XCTAssertEqual(names.count, 28, "make-pngsuite.py writes 28 images")
        for name in names {
            let photo = try Photo(data: PhotoFixtures.bytes("pngsuite/" + name))
            XCTAssertEqual([photo.image.width, photo.image.height], name.hasPrefix("s09") ? [9, 9] : [32, 32], name)
        }
    }

    func testInterlacedFilesDecodeAsTheirNonInterlacedTwins() throws {
        // PngSuite stores each basi image also as basn, the same pixels without interlacing.
        // libpng's simplified reader (Debian's 1.6.39-2+deb12u4) got the 16-bit ones wrong
        // (libpng issue #853): half the samples of basi2c16 came out as other pixels' bytes.
        for pair in ["0g01", "0g02", "0g04", "0g08", "0g16", "2c08", "2c16", "6a08"] {
            let interlaced = try Photo(data: PhotoFixtures.bytes("pngsuite/basi\(pair).png")).image
            let plain = try Photo(data: PhotoFixtures.bytes("pngsuite/basn\(pair).png")).image
            XCTAssertEqual(interlaced.premultipliedARGB, plain.premultipliedARGB, pair)
        }
    }
}
