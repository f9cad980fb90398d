import Foundation
import TestSupport
import XCTest
@testable import HTTPServer
import HTTPTypes

/// The requests libmicrohttpd 0.9.75 refuses itself, before the server sees them, with its own
/// short HTML page (docs/operations.md, "Answers libmicrohttpd makes itself"). Pinned here so
/// that a change of library, or of what reaches the server, is noticed and the docs updated.
final class LibmicrohttpdAnswerTests: XCTestCase {
    /// serve's limits: a 16 KiB target and header in 64 KiB of connection memory; CORS on, to
    /// show these answers carry no CORS fields.
    private func serveLikeServer() throws -> Int {
        var configuration = try HTTPServer.Configuration(port: 0, workers: 1, connectionMemoryLimitBytes: 64 * 1024,
                                                         maxURLBytes: 16 * 1024, maxHeaderBytes: 16 * 1024)
        configuration.cors = try CORSPolicy(origins: ["*"])
        return try startServer(configuration) { _ in .text("ok") }.1
    }

    /// Sends `bytes` and reads one answer, which must be libmicrohttpd's: `status`, HTML, none
    /// of the server's fields, and (unless `doubled`) the connection closed after it. `doubled`:
    /// the header block is sent twice, so the declared length ends inside the HTML, whose
    /// title is then not checked.
    private func assertLibraryAnswer(_ port: Int, _ bytes: String, _ status: Int, _ title: String, doubled: Bool = false,
                                     file: StaticString = #filePath, line: UInt = #line) throws -> HTTPWireResponse {
        let client = try LoopbackHTTPClient(port: port, timeout: 5)
        try client.send(bytes)
        let response = try client.readResponse()
        XCTAssertEqual(response.status, status, response.text, file: file, line: line)
        XCTAssertNil(response.header("Content-Type"), file: file, line: line)
        XCTAssertNil(response.header("Access-Control-Allow-Origin"), file: file, line: line)
        XCTAssertNil(response.header("X-Content-Type-Options"), file: file, line: line)
        XCTAssertEqual(response.header("Connection"), "close", file: file, line: line)
        if doubled {
            XCTAssertTrue(response.text.hasPrefix("HTTP/1.1 \(status) \(title)\r\n"), response.text, file: file, line: line)
            return response
        }
        XCTAssertTrue(response.text.contains("<html><head><title>\(title)</title>"), response.text, file: file, line: line)
        XCTAssertTrue(client.closedByPeer(within: 2), file: file, line: line)
        return response
    }

    func testRequestLineRefusals() throws {
        let port = try serveLikeServer()
        let origin = "Host: x\r\nOrigin: https://app.example\r\n"
        for request in ["GET /healthz HTTP/2.0\r\n\(origin)\r\n", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"] {
            _ = try assertLibraryAnswer(port, request, 505, "Requested HTTP version is not supported")
        }
        for request in ["GET /healthz\r\n\(origin)\r\n", "GET /healthz http/1.1\r\n\(origin)\r\n",
                        "GET /healthz HTTP/1.1\r\n\(origin)No colon here\r\n\r\n"] {
            _ = try assertLibraryAnswer(port, request, 400, "Request malformed")
        }
        // no space in the request line: closed without a byte
        let tabs = try LoopbackHTTPClient(port: port, timeout: 5)
        try tabs.send("GET\t/healthz\tHTTP/1.1\r\n\(origin)\r\n")
        XCTAssertTrue(tabs.closedByPeer(within: 2))
        XCTAssertThrowsError(try tabs.readResponse())
    }

    /// A Content-Length that is not only digits (trailing whitespace included: 0.9.75 strips
    /// it before a value, not after) or is over 2^64 - 1: the header block is sent twice, the
    /// second time as the start of the body.
    func testContentLengthRefusals() throws {
        let port = try serveLikeServer()
        let post = "POST /upload HTTP/1.1\r\nHost: x\r\nOrigin: https://app.example\r\n"
        _ = try assertLibraryAnswer(port, post + "Content-Length: 14 \r\n\r\n{\"title\":\"x\"}", 400, "Bad Request", doubled: true)
        _ = try assertLibraryAnswer(port, post + "Content-Length: 99999999999999999999999\r\n\r\n", 413, "Content Too Large", doubled: true)
    }

    func testChunkedBodyRefusals() throws {
        let port = try serveLikeServer()
        let post = "POST /upload HTTP/1.1\r\nHost: x\r\nOrigin: https://app.example\r\nTransfer-Encoding: chunked\r\n\r\n"
        for body in ["zz\r\nabc\r\n0\r\n\r\n", "-5\r\nabc\r\n0\r\n\r\n", "5\r\nab\r\n0\r\n\r\n"] {
            _ = try assertLibraryAnswer(port, post + body, 400, "Request malformed")
        }
        _ = try assertLibraryAnswer(port, post + "ffffffffffffffffff\r\nab\r\n", 413, "Request content too large")
    }

    /// Each header field costs a 64-byte record of connection memory besides its bytes: at 64 KiB
    /// a header of 1,000 fields of 15 bytes (15 KB, inside the 16 KiB limit) does not fit, while
    /// 800 do and reach the server.
    func testManySmallFieldsExhaustConnectionMemory() throws {
        let port = try serveLikeServer()
        func head(_ count: Int) -> String {
            "GET /healthz HTTP/1.1\r\nHost: x\r\n" + (0..<count).map { String(format: "X-%05d: vvvv\r\n", $0) }.joined() + "\r\n"
        }
        let served = try LoopbackHTTPClient(port: port, timeout: 5)
        try served.send(head(800))
        XCTAssertEqual(try served.readResponse().status, 200)
        _ = try assertLibraryAnswer(port, head(1000), 431, "Request too big")
    }
}
