import CardService
import Foundation
import HTTPServer
import HTTPTypes
import TestSupport
import XCTest

/// The server judges an event by the event's own rules, as the command line does: a title
/// with nothing visible is blank, the title limit counts code points, and a message quotes the
/// value it refuses short and escaped.
final class EventValidationServiceTests: XCTestCase {
    func testTitleWithNothingVisibleIsBlank() throws {
        let port = try startService().port
        for title in ["%E2%80%8B", "%E2%81%A0", "%EF%BB%BF", "%E2%80%8F", "%CD%8F", "%E2%A0%80", "%20%E2%80%8B%0A%E3%85%A4"] {
            let response = try fetch(port, "/v1/cards/classic.png?title=" + title)
            assertError(response, 422, "invalid_event", field: "title")
            XCTAssertEqual(try response.errorObject().message, "title: must not be empty or blank", title)
        }
        XCTAssertEqual(try fetch(port, "/v1/cards/classic.png?title=a%E2%80%8B").status, 200)
    }

    func testMessagesQuoteHostileValuesShortAndEscaped() throws {
        let port = try startService().port
        let hostile = "\u{202E}" + String(repeating: "x", count: 60_000)
        let quoted = #""\u{202E}"# + String(repeating: "x", count: 79) + "…\""
        for field in ["palette", "template", "color", "size", "date"] {
            let body = try JSONSerialization.data(withJSONObject: ["title": "x", field: hostile])
            let response = try fetch(port, "POST", "/v1/cards", body: Array(body))
            assertError(response, 422, "invalid_event", field: field)
            let message = try response.errorObject().message
            XCTAssertLessThan(message.utf8.count, 300, field)
            XCTAssertFalse(message.unicodeScalars.contains("\u{202E}"), field)
            XCTAssertTrue(message.contains(quoted), "\(field): \(message)")
        }
    }

    func testTitleLimitIsTheEventsOwn() throws {
        let port = try startService().port
        // The code-point limit is the event's own now; the answer is as before.
        let zalgo = try fetch(port, "/v1/cards/classic.png?title=a" + String(repeating: "%CC%81", count: 600))
        assertError(zalgo, 422, "invalid_event", field: "title")
        XCTAssertEqual(try zalgo.errorObject().message, "title: is 601 code points long, over the limit of 500")
    }
}
