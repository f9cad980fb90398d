import Foundation
import Photos
import Raster
import TestSupport
import XCTest

/// A PNG photo's colour chunks are honoured as JPEG's and WebP's profiles are: an iCCP profile
/// (here Display P3) is converted to sRGB, matching Pillow's ImageCms on the same stored values;
/// without one, sRGB wins over cHRM, and cHRM primaries are converted. A malformed profile
/// leaves the stored values (read as sRGB), never a crash.
final class PNGColourProfileTests: XCTestCase {
    /// p3-chelsea.png: 96×64 under a Display P3 profile, with saturated corners.
    static let tagged = Result { try PhotoFixtures.bytes("p3-chelsea.png") }
    /// Pillow's ImageCms conversion of the same stored values to sRGB (make-icc-fixtures.py).
    static let reference = Result { try Image(pngData: PhotoFixtures.bytes("p3-chelsea-srgb-pillow.png")) }
    /// The stored values, as a reader that ignores colour chunks sees them.
    static let stored = Result { try Image(pngData: tagged.get()) }

    func testDisplayP3ProfileMatchesPillowsConversion() throws {
        let image = try Photo(data: Self.tagged.get()).image
        let reference = try Self.reference.get()
        // Both are lcms2 transforms at 8 bits from the same values: at most one level apart.
        XCTAssertLessThanOrEqual(PhotoFixtures.maxDifference(image, reference), 1)
        // And not the stored values: P3's saturated colours move by many levels.
        XCTAssertGreaterThan(PhotoFixtures.maxDifference(try Self.stored.get(), reference), 20)
    }

    func testSixteenBitPNGWithAProfileIsConverted() throws {
        let stored = try Self.stored.get()
        // The same values at 16 bits (v × 257, nudged by up to one unit so the low byte is not
        // a copy of the high one), under the same profile.
        let png = Self.withChunks(try Self.iccpChunk(), into: MiniPNG.rgb(width: 96, height: 64, bitDepth: 16, pixelAt: { x, y in
            let p = PhotoFixtures.argb(stored, x, y)
            func deep(_ v: Int) -> Int { min(65535, max(0, v * 257 + (x + y) % 3 - 1)) }
            return (deep(p.r), deep(p.g), deep(p.b))
        }))
        let image = try Photo(data: png).image
        // One level from the 16 → 8-bit reduction before the transform, one from the transform.
        XCTAssertLessThanOrEqual(PhotoFixtures.maxDifference(image, try Self.reference.get()), 2)
    }

    func testProfileWinsOverGammaAndSRGBChunks() throws {
        // PNG's precedence: with iCCP present, gAMA (which libpng would apply) and sRGB are ignored.
        let gamma = HandBuiltPNG.chunk("gAMA", HandBuiltPNG.bigEndian32(100_000)), srgb = HandBuiltPNG.chunk("sRGB", [0])
        let png = Self.withChunks(gamma + srgb + (try Self.iccpChunk()), into: try Self.restored())
        XCTAssertLessThanOrEqual(PhotoFixtures.maxDifference(try Photo(data: png).image, try Self.reference.get()), 1)
    }

    func testChromaticitiesWithoutProfileAreConverted() throws {
        // cHRM naming P3's primaries and D65, no gAMA (so the sRGB curve): the same colours as
        // the P3 profile, up to its curve being a 1024-entry table.
        let p3 = [31270, 32900, 68000, 32000, 26500, 69000, 15000, 6000].flatMap(HandBuiltPNG.bigEndian32)
        let png = Self.withChunks(HandBuiltPNG.chunk("cHRM", p3), into: try Self.restored())
        XCTAssertLessThanOrEqual(PhotoFixtures.maxDifference(try Photo(data: png).image, try Self.reference.get()), 2)
        // An sRGB chunk wins over cHRM: the stored values as they are.
        let both = Self.withChunks(HandBuiltPNG.chunk("sRGB", [0]) + HandBuiltPNG.chunk("cHRM", p3), into: try Self.restored())
        XCTAssertEqual(try Photo(data: both).image.premultipliedARGB, try Self.stored.get().premultipliedARGB)
    }

    func testMalformedProfilesLeaveTheStoredValues() throws {
        let stored = try Self.stored.get().premultipliedARGB
        let chunk = try Self.iccpChunk()
        let body = Array(chunk[8..<chunk.count - 4])
        let name = body.firstIndex(of: 0)!
        var garbled = body
        for i in stride(from: name + 20, to: garbled.count - 8, by: 7) { garbled[i] ^= 0x5A }
        // A profile of 200 bytes that says it is 200 bytes long and is nothing lcms2 can read.
        let junk = HandBuiltPNG.bigEndian32(200) + [UInt8](repeating: 0x41, count: 196)
        var badCRC = chunk
        badCRC[badCRC.count - 1] ^= 0xFF
        let cases: [(String, [UInt8])] = [
            ("a deflate stream that does not inflate", HandBuiltPNG.chunk("iCCP", garbled)),
            ("a bad CRC", badCRC),
            ("a profile lcms2 cannot parse", HandBuiltPNG.chunk("iCCP", Array("junk".utf8) + [0, 0] + HandBuiltPNG.zlibStored(junk))),
            ("a truncated chunk body", HandBuiltPNG.chunk("iCCP", Array(body.prefix(name + 40)))),
            ("no profile name", HandBuiltPNG.chunk("iCCP", Array(body[name...]))),
        ]
        for (what, iccp) in cases {
            let png = Self.withChunks(iccp, into: try Self.restored())
            XCTAssertEqual(try Photo(data: png).image.premultipliedARGB, stored, what)
        }
    }

    func testAProfileIsJudgedByItsContentsNotItsName() throws {
        // sRGB's own colourants with a linear curve, described as sRGB (GIMP's "Linear sRGB",
        // Elle Stone's g10 profiles): grey 128 stored is linear 0.502, sRGB-encoded 187.5, and
        // Pillow's ImageCms gives 188 for this profile.
        let linear = Self.profile(description: "sRGB (linear)", gamma: 1)
        // The same colourants under a 1.8 gamma with sRGB's own name: not sRGB's curve, so
        // converted too (128 → 1.055 × (128/255)^(1.8/2.4) − 0.055 = 0.5741 → 146).
        let gamma18 = Self.profile(description: "sRGB IEC61966-2.1", gamma: 1.8)
        for (name, profile, expected) in [("linear", linear, 188), ("gamma 1.8", gamma18, 146)] {
            let iccp = HandBuiltPNG.chunk("iCCP", Array("p".utf8) + [0, 0] + HandBuiltPNG.zlibStored(profile))
            let png = Self.withChunks(iccp, into: MiniPNG.rgb(width: 4, height: 4, bitDepth: 8) { _, _ in (128, 128, 128) })
            let pixel = PhotoFixtures.argb(try Photo(data: png).image, 1, 1)
            for channel in [pixel.r, pixel.g, pixel.b] { XCTAssertEqual(Double(channel), Double(expected), accuracy: 1, name) }
        }
    }

    /// An ICC v2 display profile with sRGB's D50-adapted colourants (as lcms2 builds them)
    /// and one gamma curve for all three channels.
    static func profile(description: String, gamma: Double) -> [UInt8] {
        func s15(_ v: Double) -> [UInt8] { HandBuiltPNG.bigEndian32(Int((v * 65536).rounded())) }
        func xyz(_ x: Double, _ y: Double, _ z: Double) -> [UInt8] { Array("XYZ ".utf8) + [0, 0, 0, 0] + s15(x) + s15(y) + s15(z) }
        let text = Array(description.utf8) + [0]
        let desc = Array("desc".utf8) + [0, 0, 0, 0] + HandBuiltPNG.bigEndian32(text.count) + text
            + [UInt8](repeating: 0, count: 8 + 3 + 67)
        let fixed88 = UInt16((gamma * 256).rounded())
        let curve = Array("curv".utf8) + [0, 0, 0, 0] + HandBuiltPNG.bigEndian32(1) + [UInt8(fixed88 >> 8), UInt8(fixed88 & 0xFF)]
        let d50 = (0.9642, 1.0, 0.8249)
        let tags: [(String, [UInt8])] = [
            ("desc", desc), ("wtpt", xyz(d50.0, d50.1, d50.2)),
            ("rXYZ", xyz(0.436_074_7, 0.222_504_5, 0.013_932_2)), ("gXYZ", xyz(0.385_064_9, 0.716_878_6, 0.097_104_5)),
            ("bXYZ", xyz(0.143_080_4, 0.060_616_9, 0.714_173_3)),
            ("rTRC", curve), ("gTRC", curve), ("bTRC", curve),
        ]
        let tableEnd = 128 + 4 + 12 * tags.count
        var table: [UInt8] = [], body: [UInt8] = []
        for (signature, data) in tags {
            let padded = data + [UInt8](repeating: 0, count: (4 - data.count % 4) % 4)
            table += Array(signature.utf8) + HandBuiltPNG.bigEndian32(tableEnd + body.count) + HandBuiltPNG.bigEndian32(padded.count)
            body += padded
        }
        var header = HandBuiltPNG.bigEndian32(tableEnd + body.count) + [0, 0, 0, 0] + HandBuiltPNG.bigEndian32(0x0210_0000)
        header += Array("mntrRGB XYZ ".utf8) + [UInt8](repeating: 0, count: 12) + Array("acsp".utf8) + [UInt8](repeating: 0, count: 24)
        header += HandBuiltPNG.bigEndian32(0) + s15(d50.0) + s15(d50.1) + s15(d50.2) + [UInt8](repeating: 0, count: 48)
        precondition(header.count == 128)
        return header + HandBuiltPNG.bigEndian32(tags.count) + table + body
    }

    // MARK: - Building the PNGs

    /// The fixture's iCCP chunk, whole (length, type, body, CRC).
    static func iccpChunk() throws -> [UInt8] {
        let png = try tagged.get()
        var at = 8
        while at + 12 <= png.count {
            let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: png[at + 4..<at + 8], as: UTF8.self) == "iCCP" { return Array(png[at..<at + 12 + length]) }
            at += 12 + length
        }
        throw XCTSkip("p3-chelsea.png has no iCCP chunk")
    }

    /// The stored values as an untagged 8-bit PNG.
    static func restored() throws -> [UInt8] {
        let stored = try Self.stored.get()
        return MiniPNG.rgb(width: 96, height: 64, bitDepth: 8) { x, y in
            let p = PhotoFixtures.argb(stored, x, y)
            return (p.r, p.g, p.b)
        }
    }

    /// `png` with `chunks` placed right after its IHDR.
    static func withChunks(_ chunks: [UInt8], into png: [UInt8]) -> [UInt8] {
        Array(png[0..<33]) + chunks + Array(png[33...])
    }
}
