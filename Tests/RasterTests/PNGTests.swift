import Foundation
import Raster
import TestSupport
import XCTest

final class PNGTests: XCTestCase {
    func sampleCard() throws -> Canvas {
        let canvas = try Canvas(size: .init(width: 1024, height: 576), background: Color(hex: "#7b4397")!)
        canvas.fill(.init(roundedRect: .init(x: 40, y: 140, width: 944, height: 300), cornerRadius: 24), with: .solid(.white.withAlpha(0.2)))
        canvas.fill(.init(ellipseIn: .init(x: 900, y: 40, width: 80, height: 80)), with: .solid(.white))
        return canvas
    }

    /// Chunk types in order, after the signature.
    func chunkTypes(_ png: [UInt8]) -> [String] {
        var chunks: [String] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            chunks.append(String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self))
            offset += 12 + length
        }
        return chunks
    }

    func testEncodesOpaqueImagesWithOnlyCriticalChunks() throws {
        // The card has a few hundred colours at most: indexed. With noise it has thousands: RGB.
        let card = try sampleCard()
        let png = try card.pngData()
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(png[24], 8, "bit depth")
        XCTAssertEqual(png[25], 3, "colour type indexed: no alpha channel")
        XCTAssertEqual(chunkTypes(png), ["IHDR", "PLTE", "IDAT", "IEND"], "no time, text, gamma or transparency chunks")
        var rng = SeededGenerator(seed: 7)
        let noise = try Image(width: 64, height: 64, premultipliedARGB: (0..<4096).map { _ in 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &rng) })
        let rgb = try noise.pngData()
        XCTAssertEqual(rgb[24], 8, "bit depth")
        XCTAssertEqual(rgb[25], 2, "colour type RGB: no alpha channel")
        XCTAssertEqual(chunkTypes(rgb), ["IHDR", "IDAT", "IEND"])
    }

    func testEncodingIsDeterministicAndRoundTrips() throws {
        let canvas = try sampleCard()
        let a = try canvas.pngData(), b = try canvas.pngData()
        XCTAssertEqual(a, b)
        let decoded = try Image(pngData: a)
        XCTAssertEqual(decoded.premultipliedARGB, canvas.makeImage().premultipliedARGB)
        for filter in PNGEncoding.LibpngSettings.RowFilter.allCases {
            for level in [0, 1, 6, 9] {
                let encoding = PNGEncoding.libpng(try .init(zlibLevel: level, filter: filter, strategy: .default))
                XCTAssertEqual(try Image(pngData: canvas.pngData(encoding: encoding)).premultipliedARGB,
                               canvas.makeImage().premultipliedARGB, "\(filter) level \(level)")
            }
        }
    }

    func testTranslucentPixelsAreFlattenedOverTheMatte() throws {
        let image = try Image(width: 2, height: 1, premultipliedARGB: [0x0000_0000, 0x8040_0000])
        let decoded = try Image(pngData: image.pngData(matte: .white))
        XCTAssertEqual(decoded.pixel(x: 0, y: 0), 0xFFFF_FFFF)
        XCTAssertEqual(decoded.pixel(x: 1, y: 0), 0xFFBF_7F7F)
    }

    func testDecodesTranslucentPNGAsPremultiplied() throws {
        // 1×1 RGBA (255, 0, 0, 128), written by a reference encoder (Python's zlib + struct).
        let png = Self.makePNG(width: 1, height: 1, colorType: 6, raw: [0, 255, 0, 0, 128])
        let image = try Image(pngData: png)
        XCTAssertEqual(image.pixel(x: 0, y: 0), 0x8080_0000)
    }

    // MARK: Bad input

    func decodeError(_ bytes: [UInt8], limits: ImageLimits = .default) -> String {
        do {
            _ = try Image(pngData: bytes, limits: limits)
            XCTFail("expected an error")
            return ""
        } catch {
            return "\(error)"
        }
    }

    func testRejectsEmptyAndNonPNG() {
        XCTAssertEqual(decodeError([]), "cannot read PNG: not a PNG file (bad signature)")
        XCTAssertEqual(decodeError(Array("GIF89a not a png at all".utf8)), "cannot read PNG: not a PNG file (bad signature)")
    }

    func testRejectsTruncatedFile() throws {
        let png = try sampleCard().pngData()
        for cut in [9, 20, 33, png.count / 2, png.count - 13] {
            XCTAssertTrue(decodeError(Array(png.prefix(cut))).hasPrefix("cannot read PNG:"), "cut at \(cut)")
        }
    }

    func testRejectsBadCRC() throws {
        var png = try sampleCard().pngData()
        png[29] ^= 0xFF  // inside IHDR's CRC
        XCTAssertTrue(decodeError(png).lowercased().contains("crc"), decodeError(png))
        var idat = try sampleCard().pngData()
        idat[idat.count - 20] ^= 0x55  // inside IDAT's data
        XCTAssertTrue(decodeError(idat).hasPrefix("cannot read PNG:"))
    }

    func testRejectsHugeHeaderBeforeAllocating() {
        let png = Self.makePNG(width: 100_000, height: 100_000, colorType: 2, raw: [0, 1, 2, 3])
        XCTAssertEqual(decodeError(png), "PNG declares 100000×100000 pixels, over the limit of 8192 pixels a side")
        // Each limit is named alone: sides within 8192 but 64 million pixels in all.
        let square = Self.makePNG(width: 8000, height: 8000, colorType: 2, raw: [0, 1, 2, 3])
        XCTAssertEqual(decodeError(square), "PNG declares 8000×8000 pixels, 64000000 in all, over the limit of 40000000 in all")
        let tall = Self.makePNG(width: 10, height: 50, colorType: 2, raw: [0, 1, 2, 3])
        XCTAssertEqual(decodeError(tall, limits: ImageLimits(maxWidth: 100, maxHeight: 40, maxPixels: 1_000)),
                       "PNG declares 10×50 pixels, over the limit of 40 pixels high")
        let small = Self.makePNG(width: 64, height: 64, colorType: 2, raw: [UInt8](repeating: 0, count: 64 * 193))
        XCTAssertTrue(decodeError(small, limits: ImageLimits(maxWidth: 32, maxHeight: 32, maxPixels: 1024)).contains("over the limit"))
        XCTAssertTrue(decodeError(small, limits: ImageLimits(maxFileBytes: 10)).contains("over the limit of 10"))
    }

    func testGarbageAfterValidHeaderIsRejected() {
        var png = Self.makePNG(width: 4, height: 4, colorType: 2, raw: [UInt8](repeating: 7, count: 4 * 13))
        let idatStart = 8 + 25 + 8
        for i in idatStart..<min(idatStart + 6, png.count - 12) { png[i] = 0xFF }
        XCTAssertTrue(decodeError(png).hasPrefix("cannot read PNG:"))
    }

    /// A PNG with correct CRCs, for crafting hostile headers. `raw` is the filtered scanline data before zlib.
    static func makePNG(width: UInt32, height: UInt32, colorType: UInt8, raw: [UInt8]) -> [UInt8] {
        HandBuiltPNG.file(width: Int(width), height: Int(height), colorType: colorType, raw: raw)
    }
}
