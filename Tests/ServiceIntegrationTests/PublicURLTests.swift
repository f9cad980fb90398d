@testable import CardService
import HTTPTypes
import Foundation
import TestSupport
import XCTest

/// With `--public-url`, every URL the service hands out is absolute under it.
final class PublicURLTests: XCTestCase {
    func testHandedOutURLsAreAbsolute() throws {
        var configuration = try Repository.configuration()
        configuration.publicURL = try PublicURL("https://Cards.example.com/")
        let running = try startService(configuration)
        let v = running.service.contentVersion
        let posted = try fetch(running.port, "POST", "/v1/cards", headers: ["Accept: application/json"], body: Array(#"{"title":"Absolute"}"#.utf8))
        XCTAssertEqual((try posted.json() as? [String: Any])?["imageURL"] as? String, "https://cards.example.com/v1/cards/classic.png?title=Absolute&v=\(v)")
        XCTAssertEqual((try posted.json() as? [String: Any])?["shareURL"] as? String, "https://cards.example.com/v1/share?title=Absolute&v=\(v)")
        let templates = try XCTUnwrap(try fetch(running.port, "/v1/templates").json() as? [[String: Any]])
        XCTAssertEqual(templates.first?["cardURL"] as? String, "https://cards.example.com/v1/cards/\(Repository.catalog.templates[0].name).png?v=\(v)")
        let palettes = try XCTUnwrap(try fetch(running.port, "/v1/palettes").json() as? [[String: Any]])
        XCTAssertTrue(palettes.allSatisfy { ($0["previewURL"] as? String)?.hasPrefix("https://cards.example.com/v1/palettes/") == true })
    }

    func testAPathPrefixIsKept() throws {
        XCTAssertEqual(try PublicURL("http://127.0.0.1:8080/cards/").text, "http://127.0.0.1:8080/cards")
        XCTAssertEqual(try PublicURL("http://127.0.0.1:8080/cards/").origin, "http://127.0.0.1:8080")
        XCTAssertEqual(try PublicURL("https://cards.example.com").text, "https://cards.example.com")
        for bad in ["", "/cards", "cards.example.com", "mailto:a@b", "https://", "https://a.example/?q", "https://a.example/#f",
                    "https://u:p@a.example", "https://a.example/\"x", "https://a.example/<x>", "https://a.example/é"] {
            XCTAssertThrowsError(try PublicURL(bad), bad)
        }
        // An impossible port or host name would be handed out in every URL and in the share
        // page's Content-Security-Policy.
        XCTAssertThrowsError(try PublicURL("https://a.example.com:99999")) {
            XCTAssertEqual("\($0)", #"--public-url "https://a.example.com:99999": port must be from 1 to 65535, got 99999"#)
        }
        for bad in ["https://a.example.com:0", "https://a..b", "https://-a.example", "https://a-.example", "https://a.example.", "https://.a.example"] {
            XCTAssertThrowsError(try PublicURL(bad), bad)
        }
        XCTAssertEqual(try PublicURL("http://[::1]:8080/cards").origin, "http://[::1]:8080")
        XCTAssertEqual(try PublicURL("https://x-1.example.com:65535").origin, "https://x-1.example.com:65535")
    }
}
