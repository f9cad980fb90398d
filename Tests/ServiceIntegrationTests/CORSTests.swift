@testable import CardService
import Foundation
import TestSupport
import HTTPTypes
import XCTest

/// CORS over real sockets: preflights, the allow and expose fields on actual answers (errors
/// and 304s included) for allowed origins only, `*` only when configured.
final class CORSTests: XCTestCase {
    static let app = "http://127.0.0.1:9000"

    func start(_ origins: [String]) throws -> RunningService {
        var configuration = try Repository.configuration()
        configuration.cors = try CORSPolicy(origins: origins)
        return try startService(configuration)
    }

    func testPreflightFromAnAllowedOrigin() throws {
        let port = try start([Self.app, "https://app.example.com"]).port
        let response = try fetch(port, "OPTIONS", "/v1/cards", headers: [
            "Origin: \(Self.app)", "Access-Control-Request-Method: POST", "Access-Control-Request-Headers: content-type"])
        XCTAssertEqual(response.status, 204, response.text)
        XCTAssertEqual(response.body, [])
        XCTAssertEqual(response.header("Access-Control-Allow-Origin"), Self.app)
        XCTAssertEqual(response.header("Access-Control-Allow-Methods"), "POST, OPTIONS")
        XCTAssertEqual(response.header("Access-Control-Allow-Headers"), "Accept, Content-Type, If-Match, If-None-Match")
        XCTAssertEqual(response.header("Access-Control-Max-Age"), "600")
        XCTAssertEqual(response.header("Vary"), "Origin")
        XCTAssertEqual(response.header("Allow"), "POST, OPTIONS")

        let card = try fetch(port, "OPTIONS", "/v1/cards/classic.png?title=x", headers: [
            "Origin: https://app.example.com", "Access-Control-Request-Method: GET"])
        XCTAssertEqual(card.status, 204)
        XCTAssertEqual(card.header("Access-Control-Allow-Origin"), "https://app.example.com")
        XCTAssertEqual(card.header("Access-Control-Allow-Methods"), "GET, HEAD, OPTIONS")
        // not a preflight: just the methods
        let plain = try fetch(port, "OPTIONS", "/v1/templates")
        XCTAssertEqual(plain.status, 204)
        XCTAssertEqual(plain.header("Allow"), "GET, HEAD, OPTIONS")
        XCTAssertNil(plain.header("Access-Control-Allow-Origin"))
        assertError(try fetch(port, "OPTIONS", "/nowhere", headers: ["Origin: \(Self.app)", "Access-Control-Request-Method: GET"]), 404, "not_found")
    }

    /// Spaces and tabs after the `Origin` value are not part of it (RFC 9110 §5.5), as those
    /// before it are not: libmicrohttpd drops only the leading ones, and an allowed origin
    /// with a trailing space was refused (403 on a preflight, no allow field on a GET). The
    /// allow field carries the origin without them.
    func testWhitespaceAroundTheOriginIsNotPartOfIt() throws {
        let port = try start([Self.app]).port
        for origin in ["\(Self.app) ", "\(Self.app)\t", " \(Self.app) \t"] {
            let preflight = try fetch(port, "OPTIONS", "/v1/cards", headers: ["Origin: \(origin)", "Access-Control-Request-Method: POST"])
            XCTAssertEqual(preflight.status, 204, origin.debugDescription)
            XCTAssertEqual(preflight.header("Access-Control-Allow-Origin"), Self.app, origin.debugDescription)
            let card = try fetch(port, "GET", "/v1/templates", headers: ["Origin: \(origin)"])
            XCTAssertEqual(card.header("Access-Control-Allow-Origin"), Self.app, origin.debugDescription)
        }
        let other = try fetch(port, "GET", "/v1/templates", headers: ["Origin: \(Self.app)x "])
        XCTAssertNil(other.header("Access-Control-Allow-Origin"))
    }

    /// `Origin` holds one origin; two such fields read as their combined value (RFC 9110
    /// §5.3: "a, b"), which is no origin, so neither is allowed, whichever comes first: on a
    /// preflight (403, naming both) and on an answer (the server layer's own errors:
    /// `ServerLayerCORSTests`).
    func testTwoOriginFieldsAllowNeither() throws {
        let port = try start([Self.app]).port
        for pair in [[Self.app, "http://evil.example"], ["http://evil.example", Self.app], [Self.app, Self.app]] {
            let fields = pair.map { "Origin: \($0)" }
            let preflight = try fetch(port, "OPTIONS", "/v1/cards", headers: fields + ["Access-Control-Request-Method: POST"])
            assertError(preflight, 403, "cors_origin_not_allowed", field: nil)
            XCTAssertTrue(try preflight.errorObject().message.contains(pair.joined(separator: ", ")), preflight.text)
            XCTAssertNil(preflight.header("Access-Control-Allow-Origin"), "\(pair)")
            let answer = try fetch(port, "GET", "/v1/templates", headers: fields)
            XCTAssertEqual(answer.status, 200)
            XCTAssertNil(answer.header("Access-Control-Allow-Origin"), "\(pair)")
        }
    }

    /// With CORS on a route answers OPTIONS too, so a 405's Allow lists it as the preflight's
    /// own Allow does (RFC 9110 §15.5.6: the methods the resource supports).
    func testAMethodNotAllowedListsOptionsWhenCORSIsOn() throws {
        let port = try start([Self.app]).port
        for (method, target, allow) in [("PUT", "/v1/cards/classic.png?title=x", "GET, HEAD, OPTIONS"), ("GET", "/v1/cards", "POST, OPTIONS")] {
            let refused = try fetch(port, method, target)
            XCTAssertEqual(refused.status, 405, refused.text)
            XCTAssertEqual(refused.header("Allow"), allow, "\(method) \(target)")
            let preflight = try fetch(port, "OPTIONS", target, headers: ["Origin: \(Self.app)", "Access-Control-Request-Method: GET"])
            XCTAssertEqual(preflight.header("Allow"), allow, "OPTIONS \(target)")
        }
    }

    func testRefusedOriginsGetNoAllowField() throws {
        let port = try start([Self.app]).port
        for origin in ["http://127.0.0.1:9001", "https://127.0.0.1:9000", "null", "http://evil.example"] {
            let preflight = try fetch(port, "OPTIONS", "/v1/cards", headers: ["Origin: \(origin)", "Access-Control-Request-Method: POST"])
            assertError(preflight, 403, "cors_origin_not_allowed", field: nil)
            XCTAssertNil(preflight.header("Access-Control-Allow-Origin"))
            XCTAssertEqual(preflight.header("Vary"), "Origin")
            let actual = try fetch(port, "/v1/cards/classic.png?title=Hi", headers: ["Origin: \(origin)"])
            XCTAssertEqual(actual.status, 200)
            XCTAssertNil(actual.header("Access-Control-Allow-Origin"), origin)
            XCTAssertNil(actual.header("Access-Control-Expose-Headers"), origin)
            XCTAssertEqual(actual.header("Vary"), "Origin", "a cache must not hand this answer to an allowed origin")
        }
    }

    func testActualAnswersCarryTheAllowAndExposeFields() throws {
        let port = try start([Self.app]).port
        let origin = "Origin: \(Self.app)"
        let card = try fetch(port, "/v1/cards/classic.png?title=Cross%20origin", headers: [origin])
        XCTAssertEqual(card.status, 200)
        XCTAssertEqual(card.header("Access-Control-Allow-Origin"), Self.app)
        XCTAssertEqual(card.header("Access-Control-Expose-Headers"), "ETag, Sharecard-Missing-Glyphs, Retry-After, Allow, Accept-Post")
        XCTAssertEqual(card.header("Vary"), "Origin")
        let notModified = try fetch(port, "/v1/cards/classic.png?title=Cross%20origin", headers: [origin, "If-None-Match: \(card.header("ETag")!)"])
        XCTAssertEqual(notModified.status, 304)
        XCTAssertEqual(notModified.header("Access-Control-Allow-Origin"), Self.app)
        let posted = try fetch(port, "POST", "/v1/cards", headers: [origin, "Accept: application/json"], body: Array(#"{"title":"Posted"}"#.utf8))
        XCTAssertEqual(posted.status, 200, posted.text)
        XCTAssertEqual(posted.header("Access-Control-Allow-Origin"), Self.app)
        // errors too, so the page can read what went wrong
        let error = try fetch(port, "/v1/cards/classic.png?title=Hi&scale=9", headers: [origin])
        assertError(error, 400, "invalid_parameter", field: "scale")
        XCTAssertEqual(error.header("Access-Control-Allow-Origin"), Self.app)
        // no CORS configured: no fields at all, and OPTIONS is a method no route takes
        let off = try startService().port
        let none = try fetch(off, "/v1/cards/classic.png?title=Hi", headers: [origin])
        XCTAssertNil(none.header("Access-Control-Allow-Origin"))
        XCTAssertNil(none.header("Vary"))
        let refused = try fetch(off, "OPTIONS", "/v1/cards", headers: [origin, "Access-Control-Request-Method: POST"])
        assertError(refused, 405, "method_not_allowed")
        XCTAssertNil(refused.header("Access-Control-Allow-Origin"))
    }

    func testAnyOriginOnlyWhenGiven() throws {
        let port = try start(["*"]).port
        let card = try fetch(port, "/v1/templates", headers: ["Origin: https://anyone.example"])
        XCTAssertEqual(card.header("Access-Control-Allow-Origin"), "*")
        XCTAssertNil(card.header("Vary"), "the answer is the same for every origin")
        XCTAssertNil(card.header("Access-Control-Allow-Credentials"))
        let preflight = try fetch(port, "OPTIONS", "/v1/cards", headers: ["Origin: https://anyone.example", "Access-Control-Request-Method: POST"])
        XCTAssertEqual(preflight.status, 204)
        XCTAssertEqual(preflight.header("Access-Control-Allow-Origin"), "*")
    }

    func testOriginsAreValidated() {
        for good in [["*"], ["http://127.0.0.1:9000"], ["https://app.example.com", "http://[::1]:8080"]] {
            XCTAssertNoThrow(try CORSPolicy(origins: good), "\(good)")
        }
        for bad in ["", "null", "app.example.com", "https://app.example.com/", "https://App.example.com", "https://a.example:0",
                    "https://a.example:99999", "https://a.example:08", "ftp://a.example", "https://", "https://a b",
                    "https://a..example", "https://-a.example", "https://a.example."] {
            XCTAssertThrowsError(try CORSPolicy(origins: [bad]), bad)
        }
    }
}
