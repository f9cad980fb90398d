import CardService
import Foundation
import TestSupport
import XCTest

/// RFC 9110 §9.1: a method the server does not know is 501, one it knows but a route does not
/// take 405 with `Allow`; methods are case-sensitive, so `get` is unknown. RFC 9112 §3.2.4: the
/// target `*` is for OPTIONS only, which asks what the server as a whole takes.
final class MethodAndTargetFormTests: XCTestCase {
    func testUnknownMethodsAre501AndKnownOnes405() throws {
        let running = try startService()
        for method in ["FOO", "get", "BREW", "PROPFIND"] {
            let client = try LoopbackHTTPClient(port: running.port)
            try client.send("\(method) /v1/cards/classic.png?title=x HTTP/1.1\r\nHost: x\r\n\r\n")
            let answer = try client.readResponse()
            XCTAssertEqual(answer.status, 501, method)
            XCTAssertEqual(try answer.errorObject().code, "method_not_implemented", method)
            XCTAssertNil(answer.header("Allow"), method)
        }
        for method in ["PUT", "DELETE", "PATCH", "QUERY"] {
            let answer = try fetch(running.port, method, "/v1/cards/classic.png?title=x")
            XCTAssertEqual(answer.status, 405, method)
            XCTAssertEqual(answer.header("Allow"), "GET, HEAD", method)
        }
    }

    func testTheAsteriskTargetIsForOptionsOnly() throws {
        let running = try startService()
        let options = try LoopbackHTTPClient(port: running.port)
        try options.send("OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n")
        let answer = try options.readResponse()
        XCTAssertEqual(answer.status, 204)
        XCTAssertEqual(answer.header("Allow"), "GET, HEAD, POST, OPTIONS")
        let get = try LoopbackHTTPClient(port: running.port)
        try get.send("GET * HTTP/1.1\r\nHost: x\r\n\r\n")
        let refused = try get.readResponse()
        XCTAssertEqual(refused.status, 400)
        XCTAssertEqual(try refused.errorObject().message, "the request target * is for OPTIONS only")
    }
}
