import CardService
import Foundation
import TestSupport
import XCTest

/// An HTML form (`method="get"`) sends every field, a blank one as `date=`: an optional
/// parameter left blank is read as not given, so a form with an empty date, emoji or size
/// still makes the card the bare URL makes. A blank title or colour is still refused, with
/// the reason; names are still checked, and a signature still covers the query as sent.
final class BlankFormFieldTests: XCTestCase {
    static let blanks = "date=&endDate=&subtitle=&emoji=&palette=&locale=&size=&scale=&photo=&format=&quality="

    func testBlankOptionalFieldsAreNotGiven() throws {
        let running = try startService()
        for (bare, target) in [("/v1/cards/classic.png?title=Hi", "/v1/cards/classic.png?title=Hi&" + Self.blanks),
                               ("/v1/cards/dated.png?title=Hi&date=2024-06-01", "/v1/cards/dated.png?title=Hi&date=2024-06-01&endDate=&emoji="),
                               ("/v1/share?title=Hi", "/v1/share?title=Hi&template=&" + Self.blanks.replacingOccurrences(of: "&format=&quality=", with: ""))] {
            let plain = try fetch(running.port, bare), blank = try fetch(running.port, target)
            XCTAssertEqual(plain.status, 200, plain.text)
            XCTAssertEqual(blank.status, 200, "\(target): \(blank.text)")
            XCTAssertEqual(blank.header("ETag"), plain.header("ETag"), target)
            XCTAssertEqual(blank.body, plain.body, target)
        }
        // The JSON description hands out the bare URL, which renders the same bytes.
        let described = try fetch(running.port, "POST", "/v1/cards?size=&scale=&format=&quality=", headers: ["Accept: application/json"],
                                  body: Array(#"{"title":"Hi"}"#.utf8))
        XCTAssertEqual(described.status, 200, described.text)
        let json = try XCTUnwrap(try described.json() as? [String: Any])
        XCTAssertEqual(json["imageURL"] as? String, "/v1/cards/classic.png?title=Hi&v=\(running.service.contentVersion)")
        XCTAssertEqual(json["width"] as? Int, 1024)
    }

    /// A form serialized to JSON sends its blank fields as `""`: as if not given there too, so
    /// a GET and a POST of the same form agree.
    func testBlankFieldsOfAJSONEventAreNotGiven() throws {
        let port = try startService().port
        func posted(_ json: String) throws -> HTTPWireResponse {
            try fetch(port, "POST", "/v1/cards", headers: ["Accept: image/png"], body: Array(json.utf8))
        }
        let plain = try posted(#"{"title":"Hi"}"#)
        let blank = try posted(#"{"title":"Hi","date":"","endDate":"","subtitle":"","emoji":"","palette":"","template":"","locale":"","size":""}"#)
        XCTAssertEqual(plain.status, 200, plain.text)
        XCTAssertEqual(blank.status, 200, blank.text)
        XCTAssertEqual(blank.body, plain.body)
        // `null` counts as absent, as a batch line's does.
        let null = try posted(#"{"title":"Hi","date":null,"subtitle":null,"size":null}"#)
        XCTAssertEqual(null.status, 200, null.text)
        XCTAssertEqual(null.body, plain.body)
        assertError(try posted(#"{"title":"Hi","size":12}"#), 422, "invalid_event", field: "size")
        assertError(try posted(#"{"title":"","date":""}"#), 422, "invalid_event", field: "title")
        assertError(try posted(#"{"title":"Hi","color":""}"#), 422, "invalid_event", field: "color")
    }

    func testABlankTitleOrColourIsStillRefused() throws {
        let port = try startService().port
        assertError(try fetch(port, "/v1/cards/classic.png?title=&date="), 422, "invalid_event", field: "title")
        let colour = try fetch(port, "/v1/cards/classic.png?title=Hi&color=")
        assertError(colour, 422, "invalid_event", field: "color")
        XCTAssertTrue(try colour.errorObject().message.contains("%23"), "names the unencoded # it may come from")
        // Names are judged on the query as sent: blank or not, a field given twice is refused.
        assertError(try fetch(port, "/v1/cards/classic.png?title=Hi&date=&date=2024-06-01"), 400, "duplicate_parameter", field: "date")
        assertError(try fetch(port, "/v1/cards/classic.png?title=Hi&colour="), 400, "unknown_parameter", field: "colour")
    }

    /// The signature covers the query as sent, blank fields too: a URL signed with them opens,
    /// and dropping one breaks it.
    func testASignatureCoversBlankFields() throws {
        let key = "blank-form-fields-key-0123456789abcdef"
        let port = try startService(try Repository.configuration(signingKeys: [key], now: 1_800_000_000)).port
        let signed = try URLSigner(keys: [key]).sign(path: "/v1/cards/classic.png", items: [("title", "Hi"), ("date", ""), ("emoji", "")],
                                                     expires: 1_800_000_600)
        XCTAssertEqual(try fetch(port, signed).status, 200)
        assertError(try fetch(port, signed.replacingOccurrences(of: "&date=", with: "")), 403, "signature_invalid")
    }
}
