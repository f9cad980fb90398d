import Photos
import Raster
import TestSupport
import XCTest

/// A PNG's `eXIf` chunk turns it upright as a JPEG's or WebP's EXIF does (Pillow's
/// `exif_transpose` and browsers honour it; a phone's PNG screenshot or edit carries one).
/// The expected pixels come from TIFF 6.0's definition of the eight orientations, not from
/// the decoder's own orientation code.
final class PNGOrientationTests: XCTestCase {
    static let width = 5, height = 3

    /// Stored pixel (x, y): red and green say where it was stored.
    static func stored(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) { (20 + 40 * x, 20 + 60 * y, 100) }

    /// Where upright pixel (x, y) was stored, for a stored width × height image.
    static func source(of x: Int, _ y: Int, orientation: Int) -> (Int, Int) {
        let w = width, h = height
        switch orientation {
        case 2: return (w - 1 - x, y)          // mirrored left to right
        case 3: return (w - 1 - x, h - 1 - y)  // turned 180°
        case 4: return (x, h - 1 - y)          // mirrored top to bottom
        case 5: return (y, x)                  // transposed
        case 6: return (y, h - 1 - x)          // to be turned 90° clockwise
        case 7: return (w - 1 - y, h - 1 - x)  // transversed
        case 8: return (w - 1 - y, x)          // to be turned 90° anticlockwise
        default: return (x, y)
        }
    }

    /// A little-endian TIFF header and one IFD holding Orientation (0x0112, SHORT).
    static func exif(orientation: Int) -> [UInt8] {
        [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, UInt8(orientation), 0, 0, 0, 0, 0, 0, 0]
    }

    static func png(orientation: Int, afterImageData: Bool = false) -> [UInt8] {
        let plain = MiniPNG.rgb(width: width, height: height, bitDepth: 8, pixelAt: stored)
        let chunk = HandBuiltPNG.chunk("eXIf", exif(orientation: orientation))
        // After IHDR (33 bytes in), or just before IEND (the last 12).
        return afterImageData ? Array(plain.dropLast(12)) + chunk + Array(plain.suffix(12))
                              : Array(plain.prefix(33)) + chunk + Array(plain.dropFirst(33))
    }

    func assertUpright(_ photo: Photo, orientation: Int, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let transposes = orientation >= 5
        XCTAssertEqual([photo.image.width, photo.image.height], transposes ? [Self.height, Self.width] : [Self.width, Self.height],
                       what, file: file, line: line)
        XCTAssertEqual(photo.orientation, orientation, what, file: file, line: line)
        guard photo.image.width * photo.image.height == Self.width * Self.height else { return }
        for y in 0..<photo.image.height {
            for x in 0..<photo.image.width {
                let (sx, sy) = Self.source(of: x, y, orientation: orientation)
                let got = PhotoFixtures.argb(photo.image, x, y), want = Self.stored(sx, sy)
                XCTAssertTrue(got.r == want.r && got.g == want.g && got.b == want.b,
                              "\(what): upright (\(x), \(y)) is \(got), stored (\(sx), \(sy)) is \(want)", file: file, line: line)
            }
        }
    }

    func testAllEightOrientationsComeOutUpright() throws {
        for orientation in 1...8 {
            assertUpright(try Photo(data: Self.png(orientation: orientation)), orientation: orientation, "orientation \(orientation)")
        }
    }

    func testAnEXIFChunkAfterTheImageDataCountsToo() throws {
        assertUpright(try Photo(data: Self.png(orientation: 6, afterImageData: true)), orientation: 6, "after IDAT")
    }

    func testABadCRCOrMalformedEXIFLeavesTheImageAsStored() throws {
        var bad = Self.png(orientation: 6)
        bad[33 + 8 + 26] ^= 0xFF  // the chunk's CRC
        assertUpright(try Photo(data: bad), orientation: 1, "bad CRC")
        for junk in [[UInt8](repeating: 0xFF, count: 26), [0x49, 0x49, 0x2A, 0x00, 0xFF, 0xFF, 0xFF, 0x7F], [0x4D, 0x4D]] {
            let plain = MiniPNG.rgb(width: Self.width, height: Self.height, bitDepth: 8, pixelAt: Self.stored)
            let png = Array(plain.prefix(33)) + HandBuiltPNG.chunk("eXIf", junk) + Array(plain.dropFirst(33))
            assertUpright(try Photo(data: png), orientation: 1, "junk \(junk.prefix(8))")
        }
    }

    /// An IFD0 out of TIFF's tag order, with a pointer past the data listed before Orientation
    /// (libexif stops reading the IFD there): Orientation is still read, as Pillow reads it.
    func testOrientationAfterABadPointerInAnUnsortedIFDCounts() throws {
        for bigEndian in [false, true] {
            func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
            func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
            let exif: [UInt8] = (bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]) + u16(42) + u32(8) + u16(2)
                + u16(0x8769) + u16(4) + u32(1) + u32(0xFFFF)  // the Exif IFD, pointing past the end
                + u16(0x0112) + u16(3) + u32(1) + u16(6) + u16(0)  // Orientation 6, after it
                + u32(0)
            let plain = MiniPNG.rgb(width: Self.width, height: Self.height, bitDepth: 8, pixelAt: Self.stored)
            let png = Array(plain.prefix(33)) + HandBuiltPNG.chunk("eXIf", exif) + Array(plain.dropFirst(33))
            assertUpright(try Photo(data: png), orientation: 6, bigEndian ? "big-endian" : "little-endian")
        }
    }

    func testAReducedPNGIsReducedForItsUprightTarget() throws {
        // Stored 64 × 32 under orientation 6, upright 32 × 64: an 8 × 16 target is a quarter
        // of it upright, so the stored rows are reduced by boxes of 2, the largest keeping
        // each side at least twice the target (with the target unswapped, 8 × 16 against the
        // stored 64 × 32 would allow only 1).
        let plain = MiniPNG.rgb(width: 64, height: 32, bitDepth: 8) { x, y in (x * 4, y * 8, 0) }
        let png = Array(plain.prefix(33)) + HandBuiltPNG.chunk("eXIf", Self.exif(orientation: 6)) + Array(plain.dropFirst(33))
        let photo = try Photo(data: png, targetWidth: 8, targetHeight: 16)
        XCTAssertEqual([photo.image.width, photo.image.height], [16, 32])
        XCTAssertEqual([photo.sourceWidth, photo.sourceHeight], [32, 64])
        // Upright top-left was the stored bottom-left box: x 0–1, y 30–31.
        let corner = PhotoFixtures.argb(photo.image, 0, 0)
        XCTAssertEqual([corner.r, corner.g], [2, 244])
    }
}
