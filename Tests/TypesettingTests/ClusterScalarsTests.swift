@testable import Typesetting
import XCTest

/// A cluster's scalars are read straight from UTF-16, as `String(decoding:as:)` reads them.
final class ClusterScalarsTests: XCTestCase {
    func testScalarsAgreeWithStringDecoding() {
        let samples: [[UInt16]] = [
            [], Array("Our first apartment".utf16), Array("شقتنا 🎉👩🏽‍🚀 你好".utf16),
            [0xD83C], [0xDF89], [0xDF89, 0xD83C], [0x41, 0xD800, 0x42], [0xD800, 0xD800, 0xDC00],
            [0xDBFF, 0xDFFF, 0xFFFF, 0x0], [0xD83C, 0x20, 0xDF89],
        ]
        for units in samples {
            XCTAssertEqual(Paragraph.scalars(units[...]), Array(String(decoding: units, as: UTF16.self).unicodeScalars), "\(units)")
        }
        let text = Array("xx🎉yy".utf16)
        XCTAssertEqual(Paragraph.scalars(text[2..<4]), ["🎉"])
        XCTAssertEqual(Paragraph.scalars(text[2..<3]), ["\u{FFFD}"])  // half a pair
    }
}
