import Foundation
import TestSupport
import XCTest

/// The locales that used to end the server (a trap inside Foundation's date formatters),
/// over real loopback connections: each is a card or an error naming the locale, and the
/// server still answers afterwards.
final class LocaleSurvivalTests: XCTestCase {
    static let accepted = ["en-u-nu-latn", "de-u-nu-latn", "ar-u-nu-arab", "hi-u-nu-deva", "th-TH-u-nu-thai",
                           "EN_u_NU_latn", "th-TH-u-ca-buddhist"]
    static let refused = ["en-u-nu-bogus", "en-u-nu", "en-u-nu-roman", "en-u-hc-h23", "en-t-ja", "en-x-private",
                          "qaa", "und", "iw", "en--u"]
    static let ranges: [(date: String, endDate: String?)] = [
        ("2024-06-01", nil), ("2024-06-01", "2024-06-03"), ("2024-06-01T18:30:00%2B02:00", "2024-06-03T09:00:00%2B02:00"),
    ]

    func testGetSurvivesTheNumberingSystemClass() throws {
        let port = try startService().port
        for locale in Self.accepted + Self.refused {
            for range in Self.ranges {
                var target = "/v1/cards/dated.png?title=x&date=\(range.date)&locale=\(locale)"
                if let end = range.endDate { target += "&endDate=\(end)" }
                let response = try fetch(port, target)
                if Self.accepted.contains(locale) {
                    XCTAssertEqual(response.status, 200, "\(target): \(response.text)")
                    XCTAssertEqual(pngSize(response.body)?.width, 1024, target)
                } else {
                    assertError(response, 422, "invalid_event", field: "locale")
                }
            }
        }
        XCTAssertEqual(try fetch(port, "/healthz").status, 200)
    }

    func testPostedShareTextSurvivesTheNumberingSystemClass() throws {
        let port = try startService().port
        for locale in Self.accepted + Self.refused {
            let body = Array(#"{"title":"x","date":"2024-06-01T18:30:00+02:00","endDate":"2024-06-03T09:00:00+02:00","template":"dated","locale":"\#(locale)"}"#.utf8)
            let response = try fetch(port, "POST", "/v1/cards", headers: ["Accept: application/json"], body: body)
            if Self.accepted.contains(locale) {
                XCTAssertEqual(response.status, 200, "\(locale): \(response.text)")
                let json = try XCTUnwrap(try response.json() as? [String: Any])
                let shareText = try XCTUnwrap(json["shareText"] as? String)
                XCTAssertTrue(shareText.hasPrefix("x — "), shareText)
            } else {
                assertError(response, 422, "invalid_event", field: "locale")
            }
        }
        let latn = try fetch(port, "POST", "/v1/cards", headers: ["Accept: application/json"],
                             body: Array(#"{"title":"x","date":"2024-06-01","endDate":"2024-06-03","locale":"en-u-nu-latn"}"#.utf8))
        let latnJSON = try XCTUnwrap(try latn.json() as? [String: Any], latn.text)
        XCTAssertEqual(latnJSON["shareText"] as? String, "x — June 1\u{2009}–\u{2009}3, 2024")
        XCTAssertEqual(try fetch(port, "/healthz").status, 200)
    }

    /// One canonical URL per locale: spellings of one tag share the card's ETag.
    func testSpellingsOfOneLocaleShareAnETag() throws {
        let port = try startService().port
        let base = "/v1/cards/dated.png?title=x&date=2024-06-01&locale="
        let tags = try ["th-TH-u-nu-thai", "TH_th_U_nu_THAI", "th-th-u-nu-thai"].map { try fetch(port, base + $0).header("ETag") }
        XCTAssertNotNil(tags[0])
        XCTAssertEqual(Set(tags).count, 1, "\(tags)")
    }
}
