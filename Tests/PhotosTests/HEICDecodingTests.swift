import Photos
import Raster
import XCTest

/// HEIC photos (libheif): pixels close to the photo they were encoded from, HEIF's own
/// rotation applied once, colour profiles converted, limits checked before decoding, and
/// broken files refused naming HEIC. Fixtures from Fixtures/make-heic-fixtures.py.
final class HEICDecodingTests: XCTestCase {
    private func decode(_ name: String, width: Int = 0, height: Int = 0, limits: ImageLimits = .default) throws -> Photo {
        try Photo(data: try PhotoFixtures.bytes(name), targetWidth: width, targetHeight: height, limits: limits)
    }

    private func error(_ bytes: [UInt8], limits: ImageLimits = .default) -> PhotoError? {
        do {
            _ = try Photo(data: bytes, targetWidth: 1024, targetHeight: 576, limits: limits)
            return nil
        } catch { return error }
    }

    /// The mean per-channel difference of two images of the same size.
    private func meanDifference(_ a: Image, _ b: Image) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var total = 0
        for (p, q) in zip(a.premultipliedARGB, b.premultipliedARGB) {
            for shift in stride(from: 0, through: 16, by: 8) {
                total += abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF))
            }
        }
        return Double(total) / Double(a.width * a.height * 3)
    }

    func testHEICIsCloseToThePhotoItWasEncodedFrom() throws {
        let photo = try decode("chelsea.heic")
        XCTAssertEqual(photo.format, .heic)
        XCTAssertEqual([photo.image.width, photo.image.height], [96, 64])
        XCTAssertEqual([photo.sourceWidth, photo.sourceHeight], [96, 64])
        XCTAssertEqual(photo.orientation, 1)
        XCTAssertTrue(photo.image.isOpaque)
        // HEVC at quality 90 with 4:2:0 chroma: close on average (libheif's heif-convert: mean
        // 0.8, at most 12 levels off), a few edges further off.
        let source = try Image(pngData: try PhotoFixtures.bytes("chelsea-pillow.png"))
        let mean = meanDifference(photo.image, source)
        XCTAssertLessThan(mean, 2, "mean difference \(mean)")
        XCTAssertLessThanOrEqual(PhotoFixtures.maxDifference(photo.image, source), 24)
    }

    func testHEICDecodesTheSameBytesEveryTimeAndWhole() throws {
        let first = try decode("chelsea.heic")
        let second = try decode("chelsea.heic", width: 30, height: 10)
        // No reduced decode for HEVC: the whole image, to be resampled when drawn.
        XCTAssertEqual([second.image.width, second.image.height], [96, 64])
        XCTAssertEqual(first.image.premultipliedARGB, second.image.premultipliedARGB)
    }

    func testRotationIsAppliedOnceAndEXIFOrientationIsNotAppliedAgain() throws {
        let bytes = try PhotoFixtures.bytes("orientation-6-irot.heic")
        // The file says "turn 90° clockwise" twice: an irot box and an EXIF orientation of 6
        // (big-endian tag 0x0112, type SHORT, count 1, value 6).
        let exifOrientation6: [UInt8] = [0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06]
        XCTAssertNotNil(bytes.indices.first { Array(bytes[$0..<min(bytes.count, $0 + 10)]) == exifOrientation6 })
        XCTAssertNotNil(bytes.indices.first { Array(bytes[$0..<min(bytes.count, $0 + 4)]) == Array("irot".utf8) })
        let photo = try Photo(data: bytes)
        XCTAssertEqual(photo.orientation, 1)
        XCTAssertEqual([photo.sourceWidth, photo.sourceHeight], [48, 32])
        // Red, green, blue, white quadrants when upright.
        XCTAssertEqual([photo.image.width, photo.image.height], [48, 32])
        let samples = [(6, 4), (42, 4), (6, 28), (42, 28)].map { PhotoFixtures.argb(photo.image, $0.0, $0.1) }
        let expected = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
        for (got, want) in zip(samples, expected) {
            XCTAssertLessThanOrEqual(max(abs(got.r - want.0), abs(got.g - want.1), abs(got.b - want.2)), 16, "got \(got), want \(want)")
        }
    }

    /// HEIF's mirroring, applied by libheif as ISO/IEC 23008-12:2022 6.5.12 defines it: `imir`
    /// axis 0 exchanges the top and bottom parts (EXIF orientation 4), axis 1 the left and right
    /// parts (EXIF orientation 2). The same files read by pillow-heif's libheif 1.23 give the
    /// same quadrants (make-heic-fixtures.py checks it).
    func testMirroringIsAppliedAlongTheAxisTheStandardNames() throws {
        let upright = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]  // red, green, blue, white
        for (name, order) in [("imir-0.heic", [2, 3, 0, 1]), ("imir-1.heic", [1, 0, 3, 2])] {
            let bytes = try PhotoFixtures.bytes(name)
            XCTAssertNotNil(bytes.indices.first { Array(bytes[$0..<min(bytes.count, $0 + 4)]) == Array("imir".utf8) })
            let photo = try Photo(data: bytes)
            XCTAssertEqual(photo.orientation, 1, name)
            XCTAssertEqual([photo.image.width, photo.image.height], [48, 32], name)
            let samples = [(6, 4), (42, 4), (6, 28), (42, 28)].map { PhotoFixtures.argb(photo.image, $0.0, $0.1) }
            for (got, want) in zip(samples, order.map { upright[$0] }) {
                XCTAssertLessThanOrEqual(max(abs(got.r - want.0), abs(got.g - want.1), abs(got.b - want.2)), 16,
                                         "\(name): got \(got), want \(want)")
            }
        }
    }

    func testICCProfileIsConvertedAsPNGsIs() throws {
        let reference = try Image(pngData: try PhotoFixtures.bytes("p3-chelsea-srgb-pillow.png"))
        let stored = try Image(pngData: try PhotoFixtures.bytes("p3-chelsea.png"))  // libpng alone: the values unconverted
        let photo = try decode("p3-chelsea.heic")
        let converted = meanDifference(photo.image, reference), unconverted = meanDifference(stored, reference)
        XCTAssertLessThan(converted, 2, "mean difference \(converted)")
        XCTAssertGreaterThan(unconverted, 2 * converted + 2, "the fixture's profile must matter: \(unconverted)")
    }

    func testNCLXPrimariesOtherThanSRGBAreConverted() throws {
        let reference = try Image(pngData: try PhotoFixtures.bytes("p3-chelsea-srgb-pillow.png"))
        let stored = try Image(pngData: try PhotoFixtures.bytes("p3-chelsea.png"))
        let photo = try decode("p3-chelsea-nclx.heic")
        let converted = meanDifference(photo.image, reference), unconverted = meanDifference(stored, reference)
        XCTAssertLessThan(converted, 2, "mean difference \(converted)")
        XCTAssertGreaterThan(unconverted, 2 * converted + 2)
    }

    func testGridIsAssembledFromItsTilesAndCutToItsSize() throws {
        // Four cells of the 96×64 photo, shown at 160 × 100: each cell is the photo's own
        // decode, the right column cut to 64 pixels and the bottom row to 36.
        let grid = try decode("grid-2x2.heic"), tile = try decode("chelsea.heic").image
        XCTAssertEqual([grid.image.width, grid.image.height, grid.sourceWidth, grid.sourceHeight], [160, 100, 160, 100])
        for (x0, y0) in [(0, 0), (96, 0), (0, 64), (96, 64)] {
            for y in 0..<min(64, 100 - y0) {
                for x in 0..<min(96, 160 - x0) where grid.image.pixel(x: x0 + x, y: y0 + y) != tile.pixel(x: x, y: y) {
                    return XCTFail("cell at \(x0),\(y0) differs from the tile at \(x),\(y)")
                }
            }
        }
    }

    func testDeclaredSizeOverTheLimitsIsRefusedBeforeDecoding() throws {
        // The ispe of a 96×64 file edited to 60000×60000: refused from the declaration alone.
        guard case .tooLarge(let message)? = error(try PhotoFixtures.bytes("bomb-60000.heic")) else { return XCTFail() }
        XCTAssertTrue(message.contains("HEIC"), message)
        XCTAssertTrue(message.contains("60000x60000") || message.contains("60000×60000"), message)
        // Each limit exactly at the image's size decodes; one less is refused.
        let chelsea = try PhotoFixtures.bytes("chelsea.heic")
        XCTAssertNil(error(chelsea, limits: ImageLimits(maxWidth: 96, maxHeight: 64, maxPixels: 96 * 64)))
        for limits in [ImageLimits(maxWidth: 95), ImageLimits(maxHeight: 63), ImageLimits(maxPixels: 96 * 64 - 1)] {
            guard case .tooLarge(let message)? = error(chelsea, limits: limits) else { return XCTFail("\(limits)") }
            XCTAssertTrue(message.contains("HEIC"), message)
        }
        guard case .tooLarge? = error(chelsea, limits: ImageLimits(maxFileBytes: chelsea.count - 1)) else { return XCTFail() }
    }

    func testTruncatedAndCorruptHEICAreNamed() throws {
        guard case .corrupt(let message)? = error(try PhotoFixtures.bytes("truncated.heic")) else { return XCTFail() }
        XCTAssertTrue(message.contains("HEIC"), message)
        // An ftyp box and nothing else.
        let header: [UInt8] = [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
        guard case .corrupt(let bare)? = error(header) else { return XCTFail() }
        XCTAssertTrue(bare.contains("HEIC"), bare)
        let chelsea = try PhotoFixtures.bytes("chelsea.heic")
        for length in stride(from: 0, to: chelsea.count, by: 53) {
            XCTAssertNotNil(error(Array(chelsea.prefix(length))), "cut at \(length) decoded")
        }
        var flipped = chelsea
        for i in stride(from: 40, to: chelsea.count, by: 29) { flipped[i] ^= 0x5A }
        _ = error(flipped) // any outcome but a crash
    }

    func testTextNamedHEICAndAVIFAreNamed() throws {
        guard case .unsupportedFormat(let text)? = error(try PhotoFixtures.bytes("not-a-photo.heic")) else { return XCTFail() }
        XCTAssertTrue(text.contains("not a JPEG, PNG, WebP or HEIC file"), text)
        let avif: [UInt8] = [0, 0, 0, 24] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("mif1avif".utf8)
        guard case .unsupportedFormat(let message)? = error(avif) else { return XCTFail() }
        XCTAssertTrue(message.contains("AVIF"), message)
    }

    func testEveryHEVCBrandIsSniffedAndReadForItsStillImage() throws {
        let chelsea = try PhotoFixtures.bytes("chelsea.heic")
        for brand in ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"] {
            let bytes: [UInt8] = [0, 0, 0, 16] + Array("ftyp\(brand)".utf8) + [0, 0, 0, 0]
            XCTAssertEqual(PhotoFormat(sniffing: bytes), .heic, brand)
            // libheif's heif_check_filetype calls heim, heis, hevc, hevx and msf1 unsupported;
            // the primary image of such a file is read all the same.
            var rebranded = chelsea
            rebranded.replaceSubrange(8..<12, with: Array(brand.utf8))
            XCTAssertEqual(try Photo(data: rebranded).image.premultipliedARGB, try Photo(data: chelsea).image.premultipliedARGB, brand)
        }
        // Without a still image, the brand is named.
        let sequence: [UInt8] = [0, 0, 0, 24] + Array("ftyphevc".utf8) + [0, 0, 0, 0] + Array("msf1hevc".utf8)
        guard case .unsupportedFormat(let message)? = error(sequence) else { return XCTFail() }
        XCTAssertTrue(message.contains("brand 'hevc'"), message)
        XCTAssertNil(PhotoFormat(sniffing: [0, 0, 0, 16] + Array("ftypisom".utf8) + [0, 0, 0, 0]))  // an MP4 video
    }
}
