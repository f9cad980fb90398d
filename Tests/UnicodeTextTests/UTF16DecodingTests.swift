import UnicodeText
import XCTest

/// `String(utf16Units:)` must give exactly what the standard library's
/// `String(decoding:as: UTF16.self)` gives, lone and reversed surrogates included.
final class UTF16DecodingTests: XCTestCase {
    func assertSame(_ units: [UInt16], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let expected = String(decoding: units, as: UTF16.self)
        let decoded = String(utf16Units: units[...])
        XCTAssertEqual(Array(decoded.unicodeScalars), Array(expected.unicodeScalars), what, file: file, line: line)
    }

    func testEdgeCases() {
        assertSame([], "empty")
        assertSame(Array("Our first apartment together".utf16), "ASCII")
        assertSame(Array("شقتنا الأولى معًا 🎉 東京 👩‍👩‍👧".utf16), "Arabic, emoji, CJK, ZWJ sequence")
        assertSame([0xD83C], "a lone lead surrogate at the end")
        assertSame([0xDF89, 0x41], "a lone trail surrogate")
        assertSame([0xDF89, 0xD83C], "a reversed pair")
        assertSame([0xD83C, 0xD83C, 0xDF89], "a lead before a pair")
        assertSame([0x41, 0xD800, 0x42, 0xDFFF, 0xFFFF, 0xFFFE, 0], "surrogates between letters, noncharacters, NUL")
    }

    func testSlicesAreReadFromTheirOwnStart() {
        let units = Array("ab🎉cd".utf16)
        XCTAssertEqual(String(utf16Units: units[2..<4]), "🎉")
        XCTAssertEqual(String(utf16Units: units[3..<6]), "\u{FFFD}cd", "a slice starting inside a pair")
    }

    func testRandomUnitsAgreeWithTheStandardLibrary() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for round in 0..<2_000 {
            var units: [UInt16] = []
            for _ in 0..<(round % 23) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let r = UInt16(truncatingIfNeeded: state >> 33)
                // Mostly surrogates and ASCII, where decoding can go wrong.
                switch r % 4 {
                case 0: units.append(0xD800 | (r & 0x7FF))
                case 1: units.append(0x20 + (r & 0x5F))
                default: units.append(r)
                }
            }
            assertSame(units, "round \(round): \(units.map { String($0, radix: 16) })")
        }
    }
}
