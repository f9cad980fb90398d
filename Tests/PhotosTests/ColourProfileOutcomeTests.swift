import Foundation
import Photos
import TestSupport
import XCTest

/// What became of a photo's colour description, which the commands warn of when it could not
/// be used: none (or sRGB's own), converted, or ignored — present, but nothing lcms2 can use,
/// so the stored values are read as sRGB. Every format's profile is judged the same way.
final class ColourProfileOutcomeTests: XCTestCase {
    /// `jpeg` with an APP2 ICC_PROFILE segment holding `profile` (one segment of one) after SOI.
    static func withICC(_ jpeg: [UInt8], _ profile: [UInt8]) -> [UInt8] {
        let body = Array("ICC_PROFILE".utf8) + [0, 1, 1] + profile
        let length = body.count + 2
        return Array(jpeg[0..<2]) + [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + body + Array(jpeg[2...])
    }

    /// 200 bytes that say they are a 200-byte profile and are nothing lcms2 can read.
    static let junk = HandBuiltPNG.bigEndian32(200) + [UInt8](repeating: 0x41, count: 196)

    func testJPEGProfiles() throws {
        let jpeg = try PhotoFixtures.bytes("chelsea.jpg")
        XCTAssertEqual(try Photo(data: jpeg).profile, .none)
        XCTAssertEqual(try Photo(data: try PhotoFixtures.bytes("swapped-profile.jpg")).profile, .converted)
        let srgb = PNGColourProfileTests.profile(description: "sRGB IEC61966-2.1", gamma: 2.2)
        XCTAssertEqual(try Photo(data: Self.withICC(jpeg, srgb)).profile, .converted, "a 2.2 curve is not sRGB's")
        let ignored = try Photo(data: Self.withICC(jpeg, Self.junk))
        XCTAssertEqual(ignored.profile, .ignored)
        XCTAssertEqual(ignored.image.premultipliedARGB, try Photo(data: jpeg).image.premultipliedARGB, "the stored values, as sRGB")
        XCTAssertNotNil(ignored.profile.warning)
        XCTAssertNil(Photo.Profile.converted.warning)
        // A CMYK file whose profile is for RGB: the naive inversion, and said so.
        let cmyk = try PhotoFixtures.bytes("cmyk.jpg")
        XCTAssertEqual(try Photo(data: cmyk).profile, .none)
        XCTAssertEqual(try Photo(data: Self.withICC(cmyk, srgb)).profile, .ignored)
    }

    func testPNGProfilesAndChromaticities() throws {
        XCTAssertEqual(try Photo(data: PNGColourProfileTests.tagged.get()).profile, .converted)
        let restored = try PNGColourProfileTests.restored()
        XCTAssertEqual(try Photo(data: restored).profile, .none)
        let junk = HandBuiltPNG.chunk("iCCP", Array("junk".utf8) + [0, 0] + HandBuiltPNG.zlibStored(Self.junk))
        XCTAssertEqual(try Photo(data: PNGColourProfileTests.withChunks(junk, into: restored)).profile, .ignored)
        // Chromaticities: P3's converted; sRGB's own, or an sRGB chunk, nothing to do; a white
        // point of 0 cannot be used.
        func chrm(_ values: [Int]) -> [UInt8] { HandBuiltPNG.chunk("cHRM", values.flatMap(HandBuiltPNG.bigEndian32)) }
        let p3 = chrm([31270, 32900, 68000, 32000, 26500, 69000, 15000, 6000])
        XCTAssertEqual(try Photo(data: PNGColourProfileTests.withChunks(p3, into: restored)).profile, .converted)
        XCTAssertEqual(try Photo(data: PNGColourProfileTests.withChunks(HandBuiltPNG.chunk("sRGB", [0]) + p3, into: restored)).profile, .none)
        XCTAssertEqual(try Photo(data: PNGColourProfileTests.withChunks(chrm([31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000]),
                                                                       into: restored)).profile, .none)
        let noWhite = chrm([0, 0, 68000, 32000, 26500, 69000, 15000, 6000])
        XCTAssertEqual(try Photo(data: PNGColourProfileTests.withChunks(noWhite, into: restored)).profile, .ignored)
    }

    func testWebPAndHEICProfiles() throws {
        XCTAssertEqual(try Photo(data: try PhotoFixtures.bytes("chelsea.webp")).profile, .none)
        XCTAssertEqual(try Photo(data: try PhotoFixtures.bytes("p3-chelsea.heic")).profile, .converted)
        XCTAssertEqual(try Photo(data: try PhotoFixtures.bytes("p3-chelsea-nclx.heic")).profile, .converted)
        XCTAssertEqual(try Photo(data: try PhotoFixtures.bytes("chelsea.heic")).profile, .none)
    }
}
