import CardService
import Foundation
import HTTPTypes
import TestSupport
import XCTest

/// `color=#rrggbb` (and two stops) over HTTP: the card, the chosen foreground and contrast in
/// the JSON answer, the canonical spelling in imageURL, and errors naming the field.
final class CustomColorRouteTests: XCTestCase {
    func testHexColoursInQueriesAndBodies() throws {
        let running = try startService()
        let v = running.service.contentVersion
        let upper = try fetch(running.port, "/v1/cards/classic.png?title=Hex&color=%231E88E5")
        XCTAssertEqual(upper.status, 200, upper.text)
        let lower = try fetch(running.port, "/v1/cards/classic.png?title=Hex&color=%231e88e5")
        XCTAssertEqual(lower.header("ETag"), upper.header("ETag"), "one colour, one spelling")
        XCTAssertNotEqual(lower.header("ETag"), try fetch(running.port, "/v1/cards/classic.png?title=Hex").header("ETag"))

        let described = try fetch(running.port, "POST", "/v1/cards", headers: ["Accept: application/json"],
                                  body: Array(##"{"title":"Hex","color":"#1E88E5,#8e24aa","template":"gradient"}"##.utf8))
        XCTAssertEqual(described.status, 200, described.text)
        let json = try XCTUnwrap(try described.json() as? [String: Any])
        XCTAssertEqual(json["foreground"] as? String, "#ffffff")
        // Measured on the ground drawn under the title: a short title in the middle of the card is
        // away from the #1e88e5 stop (3.68:1 against white) and from the lit top left.
        XCTAssertEqual(json["contrast"] as? Double, 4.66)
        XCTAssertEqual(json["imageURL"] as? String, "/v1/cards/gradient.png?title=Hex&color=%231e88e5%2C%238e24aa&v=\(v)")
        XCTAssertEqual(try fetch(running.port, json["imageURL"] as! String).status, 200)

        let palette = try fetch(running.port, "POST", "/v1/cards", headers: ["Accept: application/json"], body: Array(##"{"title":"Named"}"##.utf8))
        XCTAssertEqual((try palette.json() as? [String: Any])?["foreground"] as? String, "#ffffff")
        XCTAssertNotNil((try palette.json() as? [String: Any])?["contrast"] as? Double)
    }

    func testBadHexIsRefusedNamingTheField() throws {
        let port = try startService().port
        for bad in ["%2312", "%23zzzzzz", "%231e88e5,%238e24aa,%23000000", "%231e88e5%2C"] {
            assertError(try fetch(port, "/v1/cards/classic.png?title=Hex&color=\(bad)"), 422, "invalid_event", field: "color")
        }
        for bad in ["#12", "#1e88e5,#8e24aa,#000000", "#1e88e5ff"] {
            let body = try JSONSerialization.data(withJSONObject: ["title": "Hex", "color": bad])
            assertError(try fetch(port, "POST", "/v1/cards", body: Array(body)), 422, "invalid_event", field: "color")
        }
    }
}
