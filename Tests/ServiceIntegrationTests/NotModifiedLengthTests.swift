import Foundation
import TestSupport
import XCTest

/// A 304's Content-Length (RFC 9110 §8.6): the length of the 200 it stands for, or none at
/// all — never the 0 libmicrohttpd 0.9.75 writes by itself. Read off a raw loopback socket.
final class NotModifiedLengthTests: XCTestCase {
    /// The PNG is in the cache: the 304 states its length and the connection stays open.
    func testNotModifiedStatesTheLengthOfTheCachedCard() throws {
        let first = try firstCard("/v1/cards/classic.png?title=Length%20of%20a%20304")
        let (client, target, card, etag) = (first.client, first.target, first.response, first.etag)
        for method in ["GET", "HEAD"] {
            let notModified = try client.request(method, target, headers: ["If-None-Match: \(etag)"])
            XCTAssertEqual(notModified.status, 304, method)
            XCTAssertEqual(notModified.headers.filter { $0.name.lowercased() == "content-length" }.map(\.value),
                           [String(card.body.count)], method)
            XCTAssertNil(notModified.header("Transfer-Encoding"), method)
        }
        XCTAssertTrue(client.staysQuiet(for: 0.2), "a 304 has no body and keeps the connection")
        XCTAssertEqual(try client.request("GET", target).body, card.body)
    }

    /// A card this server never drew (a client's `*`, or a tag from before a restart): no
    /// length is known, so the 304 carries no Content-Length and the connection closes after it.
    func testNotModifiedWithoutAKnownLengthHasNoContentLength() throws {
        let running = try startService()
        let client = try LoopbackHTTPClient(port: running.port)
        let notModified = try client.request("GET", "/v1/cards/classic.png?title=Never%20drawn",
                                             headers: ["If-None-Match: *"])
        XCTAssertEqual(notModified.status, 304)
        XCTAssertNil(notModified.header("Content-Length"))
        XCTAssertNil(notModified.header("Transfer-Encoding"))
        XCTAssertEqual(notModified.header("Connection")?.lowercased(), "close")
        XCTAssertTrue(client.closedByPeer(within: 2))
    }
}
