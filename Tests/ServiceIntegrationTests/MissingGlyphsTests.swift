import Foundation
import XCTest

/// A title with a character no font has (Kawi, Unicode 15, has no Noto face in Debian 12)
/// still renders, and every answer says which characters were drawn as boxes.
final class MissingGlyphsTests: XCTestCase {
    static let title = "Kawi \u{11F04} and \u{11F05}"

    func testJSONAnswerListsTheCodePoints() throws {
        let running = try startService()
        let body = Array(try JSONSerialization.data(withJSONObject: ["title": Self.title]))
        let described = try fetch(running.port, "POST", "/v1/cards", headers: ["Accept: application/json"], body: body)
        XCTAssertEqual(described.status, 200, described.text)
        let json = try XCTUnwrap(try described.json() as? [String: Any])
        XCTAssertEqual(json["missingGlyphs"] as? [String], ["U+11F04", "U+11F05"])
    }

    /// The subtitle and the date chip are the card's text too: a character no font has in them
    /// is listed after the title's, each once.
    func testTheSubtitleAndTheDateAreReportedToo() throws {
        let running = try startService()
        let body = Array(try JSONSerialization.data(withJSONObject: [
            "title": "Hello \u{11F04}", "subtitle": "Our \u{11F05} and \u{11F04} timeline", "template": "dated", "date": "2024-06-01"]))
        let described = try fetch(running.port, "POST", "/v1/cards", headers: ["Accept: application/json"], body: body)
        XCTAssertEqual(described.status, 200, described.text)
        let json = try XCTUnwrap(try described.json() as? [String: Any])
        XCTAssertEqual(json["missingGlyphs"] as? [String], ["U+11F04", "U+11F05"])
        let png = try fetch(running.port, "/v1/cards/dated.png?title=Hello&subtitle=Our%20%F0%91%BC%85")
        XCTAssertEqual(png.header("Sharecard-Missing-Glyphs"), "U+11F05")
    }

    func testImageAnswerCarriesTheHeaderEvenFromTheCache() throws {
        let running = try startService()
        let target = "/v1/cards/classic.png?title=Kawi%20%F0%91%BC%84"
        for _ in 0..<2 {
            let png = try fetch(running.port, target)
            XCTAssertEqual(png.status, 200, png.text)
            XCTAssertEqual(png.header("Sharecard-Missing-Glyphs"), "U+11F04")
        }
        let clean = try fetch(running.port, "/v1/cards/classic.png?title=Hello")
        XCTAssertEqual(clean.status, 200)
        XCTAssertNil(clean.header("Sharecard-Missing-Glyphs"))
    }
}
