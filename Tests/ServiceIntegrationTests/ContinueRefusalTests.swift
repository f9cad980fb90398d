import CardService
import Foundation
import TestSupport
import XCTest

/// A client that sends `Expect: 100-continue` waits for the server before sending its body. A
/// `POST /v1/cards` whose header already decides a refusal (its query, `Accept`, its type, no
/// such route or method) gets that refusal instead of `100 Continue`, with the message the
/// whole request would get, and never sends the megabytes of a photo it would be refused.
final class ContinueRefusalTests: XCTestCase {
    private static let event = Array(#"{"title": "Hi"}"#.utf8)

    /// Sends only the header, as a waiting client does, and reads the first answer.
    private func headOnly(_ port: Int, _ method: String, _ target: String, _ fields: [String]) throws -> (HTTPWireResponse, LoopbackHTTPClient) {
        let client = try LoopbackHTTPClient(port: port)
        let lines = ["\(method) \(target) HTTP/1.1", "Host: x", "Content-Length: \(Self.event.count)", "Expect: 100-continue"] + fields
        try client.send(lines.joined(separator: "\r\n") + "\r\n\r\n")
        return (try client.readResponse(), client)
    }

    func testAHeaderThatDecidesARefusalGetsItInsteadOfContinue() throws {
        let port = try startService().port
        let json = "Content-Type: application/json"
        let cases: [(method: String, target: String, fields: [String], status: Int, code: String)] = [
            ("POST", "/v1/cards?bogus=1", [json], 400, "unknown_parameter"),
            ("POST", "/v1/cards?scale=9", [json], 400, "invalid_parameter"),
            ("POST", "/v1/cards?size=huge", [json], 422, "invalid_event"),
            ("POST", "/v1/cards?format=gif", [json], 400, "invalid_parameter"),
            ("POST", "/v1/cards", [json, "Accept: image/gif"], 406, "not_acceptable"),
            ("POST", "/v1/cards", ["Content-Type: text/plain"], 415, "unsupported_media_type"),
            ("POST", "/v1/cards", [json, "Content-Encoding: gzip"], 415, "unsupported_media_type"),
            ("PUT", "/v1/cards", [json], 405, "method_not_allowed"),
            ("POST", "/v1/nothing", [json], 404, "not_found"),
        ]
        for c in cases {
            let (early, client) = try headOnly(port, c.method, c.target, c.fields)
            assertError(early, c.status, c.code)
            XCTAssertEqual(early.header("Connection"), "close", "\(c.method) \(c.target)")
            XCTAssertTrue(client.closedByPeer(within: 2), "\(c.method) \(c.target)")
            // The same answer as when the body is sent without waiting.
            let whole = try fetch(port, c.method, c.target, headers: c.fields, body: Self.event)
            XCTAssertEqual(whole.status, early.status, "\(c.method) \(c.target)")
            XCTAssertEqual(try whole.errorObject().message, try early.errorObject().message, "\(c.method) \(c.target)")
        }
    }

    func testAHeaderThatCouldBeAnsweredInvitesTheBody() throws {
        let port = try startService().port
        for fields in [["Content-Type: application/json"], ["Content-Type: application/json", "Accept: application/json"],
                       ["Content-Type: application/json; charset=utf-8", "Accept: image/webp"]] {
            let (invited, client) = try headOnly(port, "POST", "/v1/cards?size=og", fields)
            XCTAssertEqual(invited.status, 100, "\(fields)")
            try client.send(Self.event)
            let card = try client.readResponse()
            XCTAssertEqual(card.status, 200, card.text)
        }
        // A body's own faults are found only in the body: invited, then refused.
        let (invited, client) = try headOnly(port, "POST", "/v1/cards", ["Content-Type: application/json"])
        XCTAssertEqual(invited.status, 100)
        try client.send(Array(#"{"titel": "Hi"}"#.utf8))  // as long as the declared event
        XCTAssertEqual(try client.readResponse().status, 422)
    }

    func testPostingWhileSigningIsRefusedBeforeTheBody() throws {
        let port = try startService(try Repository.configuration(signingKeys: ["continue-test-key-0123456789abcdef"])).port
        let (early, _) = try headOnly(port, "POST", "/v1/cards", ["Content-Type: application/json"])
        assertError(early, 403, "signing_enabled")
    }
}
