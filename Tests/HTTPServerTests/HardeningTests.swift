import Foundation
import TestSupport
import XCTest
@testable import HTTPServer
import HTTPTypes

/// Hostile and malformed input at the server layer, sent as raw bytes on loopback sockets.
final class HardeningTests: XCTestCase {
    private func assertRefused(_ client: LoopbackHTTPClient, _ status: Int, _ code: String,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let response = try client.readResponse()
        XCTAssertEqual(response.status, status, response.text, file: file, line: line)
        XCTAssertEqual(response.header("Content-Type"), "application/json", file: file, line: line)
        XCTAssertEqual(try? response.errorObject().code, code, response.text, file: file, line: line)
        XCTAssertEqual(response.header("Cache-Control"), "no-store", file: file, line: line)
        XCTAssertEqual(response.header("X-Content-Type-Options"), "nosniff", file: file, line: line)
        XCTAssertEqual(response.header("Connection"), "close", file: file, line: line)
        XCTAssertTrue(client.closedByPeer(within: 2), "nothing follows the error", file: file, line: line)
    }

    /// RFC 9112 §5.2: a folded line is refused. libmicrohttpd would glue the continuation to
    /// the field's name and ignore the framing field, so the body would be read as a second
    /// request (two answers).
    func testObsoleteLineFoldingIs400() throws {
        let seen = Locked<[String]>([])
        let (_, port) = try startServer(try testConfiguration()) { request in
            seen.update { $0.append(request.path) }
            return .text("ok")
        }
        let smuggled = "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n"
        for framing in ["Content-Length:\r\n \(smuggled.utf8.count)", "Transfer-Encoding:\r\n chunked",
                        "X-Note: a\r\n\tb"] {
            let client = try LoopbackHTTPClient(port: port)
            try client.send("POST /v1/cards HTTP/1.1\r\nHost: x\r\n\(framing)\r\n\r\n" + smuggled)
            try assertRefused(client, 400, "malformed_request")
        }
        XCTAssertEqual(seen.get(), [], "neither request reached the handler")
    }

    /// A bare CR (or another control character) inside a header value is refused, not kept.
    /// A NUL too, although libmicrohttpd hands the value over cut at it: in the last field or
    /// another, with CRLF or bare LF line ends. (A NUL just before a bare LF, which hides no
    /// byte, looks like a CRLF: docs/operations.md.)
    func testControlCharacterInHeaderValueIs400() throws {
        let (_, port) = try startServer(try testConfiguration(), handler: echoHandler)
        for value in ["a\rb", "a\u{01}b", "a\u{7F}", "a\u{0}b", "\u{0}b", "a\u{0}", "a\u{0} \u{0}", "a\u{0}\u{0}"] {
            var heads = ["GET / HTTP/1.1\r\nHost: x\r\nX-Note: \(value)\r\n\r\n",
                         "GET / HTTP/1.1\r\nX-Note: \(value)\r\nHost: x\r\n\r\n"]
            if value != "a\u{0}" { heads.append("GET / HTTP/1.1\nX-Note: \(value)\nHost: x\n\n") }
            for head in heads {
                let client = try LoopbackHTTPClient(port: port)
                try client.send(head)
                try assertRefused(client, 400, "malformed_request")
            }
        }
        // empty values and bare LF line ends are fine, whichever field is last
        for head in ["GET / HTTP/1.1\r\nX-Empty:\r\nHost: x\r\nX-Last:\r\n\r\n", "GET / HTTP/1.1\nX-Empty:\nHost: x\n\n",
                     "GET / HTTP/1.1\r\nHost: x\nX-Note: a \r\n\n"] {
            let client = try LoopbackHTTPClient(port: port)
            try client.send(head)
            XCTAssertEqual(try client.readResponse().status, 200, head)
        }
        // a tab is fine
        XCTAssertEqual(try LoopbackHTTPClient(port: port).request("GET", "/", headers: ["X-Note: a\tb"]).status, 200)
    }

    /// RFC 9112 §3.2: a Host that is not a host name, IPv4 address or [IP literal] with an
    /// optional port is 400, as is a missing one in HTTP/1.1 and a second one.
    func testAnInvalidHostIs400() throws {
        let (_, port) = try startServer(try testConfiguration(), handler: echoHandler)
        for host in ["a b", "a/b", "u@a", "a:8x", "[::1", "[::1]x", "a\\b", "a?b", "a#b", "\"a\""] {
            let client = try LoopbackHTTPClient(port: port)
            try client.send("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n")
            try assertRefused(client, 400, "malformed_request")
        }
        for host in ["example.com", "example.com:8080", "127.0.0.1", "[::1]:80", "[::1]", "xn--bcher-kva.example", "a_b-c~d.e",
                     "%65xample.com", " example.com ", "", "example.com:"] {
            let client = try LoopbackHTTPClient(port: port)
            try client.send("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n")
            XCTAssertEqual(try client.readResponse().status, 200, "Host: \(host)")
        }
    }

    /// RFC 9112 §2.3: a higher minor version of HTTP/1 is read as 1.1, the highest this server
    /// knows, as libmicrohttpd answers it: such a request needs its Host field too.
    /// HTTP/1.0 needs none.
    func testHigherMinorVersionsAreReadAs11() throws {
        let (_, port) = try startServer(try testConfiguration(), handler: echoHandler)
        for version in ["HTTP/1.2", "HTTP/1.9"] {
            let missing = try LoopbackHTTPClient(port: port)
            try missing.send("GET / \(version)\r\n\r\n")
            try assertRefused(missing, 400, "malformed_request")
            let given = try LoopbackHTTPClient(port: port)
            try given.send("GET / \(version)\r\nHost: x\r\n\r\n")
            XCTAssertEqual(try given.readResponse().status, 200, version)
        }
        let old = try LoopbackHTTPClient(port: port)
        try old.send("GET / HTTP/1.0\r\n\r\n")
        XCTAssertEqual(try old.readResponse().status, 200)
    }

    /// RFC 9112 §6.1: Transfer-Encoding in an HTTP/1.0 request is faulty framing (an
    /// HTTP/1.0 recipient does not know it, so a proxy would read the body otherwise). In
    /// HTTP/1.1 the value must be `chunked` exactly: libmicrohttpd would not read "chunked "
    /// as chunked, so it gets a clear 400 rather than a body read as the next request.
    func testTransferEncodingIsForHTTP11Only() throws {
        let (_, port) = try startServer(try testConfiguration(), handler: echoHandler)
        for head in ["POST /upload HTTP/1.0\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n",
                     "POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked \r\n\r\n"] {
            let client = try LoopbackHTTPClient(port: port)
            try client.send(head + "5\r\nhello\r\n0\r\n\r\n")
            try assertRefused(client, 400, "malformed_request")
        }
        let chunked = try LoopbackHTTPClient(port: port)
        try chunked.send("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
        XCTAssertEqual(try chunked.readResponse().status, 200)
    }

    /// RFC 9112 §6.1: codings the server does not implement before a final chunked are 501
    /// (the body is delimited, but would have to be decoded); §6.3: a list that does not end
    /// in chunked cannot be delimited, 400. Either way the connection closes.
    func testTransferCodingsBeforeChunkedAre501() throws {
        let (_, port) = try startServer(try testConfiguration(), handler: echoHandler)
        for codings in ["gzip, chunked", "gzip,chunked", "deflate , chunked", "br, gzip, Chunked", "gzip, , chunked", "gzip;q=1 ; p=2, chunked"] {
            let client = try LoopbackHTTPClient(port: port)
            try client.send("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: \(codings)\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
            try assertRefused(client, 501, "coding_not_implemented")
        }
        for codings in ["gzip", "chunked, gzip", "chunked, chunked", "gzip, chunked, chunked", ", chunked", "chunked,", "chunkedx", "x-chunked",
                       "\"gzip\", chunked", "gzip;p=\", chunked", "gz ip, chunked", ";, chunked", "gzip;p=\"a,b\", chunked"] {
            let client = try LoopbackHTTPClient(port: port)
            try client.send("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: \(codings)\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
            try assertRefused(client, 400, "malformed_request")
        }
    }

    /// A NUL cuts libmicrohttpd's target (`/healthz\0/../metrics` would be served as
    /// `/healthz`); raw bytes that are not UTF-8 are refused like percent-encoded ones.
    func testNulAndRawNonUTF8InTargetAre400() throws {
        let (_, port) = try startServer(try testConfiguration(), handler: echoHandler)
        let cases: [[UInt8]] = [
            Array("GET /healthz".utf8) + [0] + Array("/../metrics HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
            Array("GET /caf".utf8) + [0xE9] + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
            Array("GET /?title=".utf8) + [0xFF, 0xFE] + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
        ]
        for bytes in cases {
            let client = try LoopbackHTTPClient(port: port)
            try client.send(bytes)
            try assertRefused(client, 400, "malformed_request")
        }
        // raw UTF-8 is still accepted, as before
        let ok = try LoopbackHTTPClient(port: port).request("GET", "/café")
        XCTAssertEqual(try decodeEcho(ok).path, "/café")
    }

    /// A chunked body is answered 413 (JSON) as soon as it crosses the limit, while the
    /// client is still sending it, not after the whole body (or never, for a long one).
    func testChunkedBodyIs413AsSoonAsTheLimitIsCrossed() throws {
        let (server, port) = try startServer(try testConfiguration(maxBodyBytes: 1000), handler: echoHandler)
        let client = try LoopbackHTTPClient(port: port, timeout: 2)
        let chunk = "400\r\n" + String(repeating: "a", count: 1024) + "\r\n"
        try client.send("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk)
        // the body is not finished: no terminating chunk
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 413)
        XCTAssertEqual(try response.errorObject().code, "body_too_large")
        XCTAssertEqual(response.header("Cache-Control"), "no-store")
        XCTAssertEqual(response.header("X-Content-Type-Options"), "nosniff")
        XCTAssertEqual(response.header("Connection"), "close")
        XCTAssertTrue(eventually { server.statistics.responsesByStatus[413] == 1 && server.liveRequests == 0 })
    }

    /// Every Content-Length up to 2^64 − 1 is read as the number it is and answered 413 when
    /// over the limit. The overflow guard refused the last six (…610 to …615) as if they did
    /// not fit, and they were answered 400 "framing is ambiguous". (Above 2^64 − 1,
    /// libmicrohttpd answers itself: `LibmicrohttpdAnswerTests`.)
    func testTheLargestContentLengthsAre413() throws {
        let (_, port) = try startServer(try testConfiguration(maxBodyBytes: 1000), handler: echoHandler)
        for length in ["18446744073709551609", "18446744073709551610", "18446744073709551615", "1001"] {
            let client = try LoopbackHTTPClient(port: port, timeout: 5)
            try client.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: \(length)\r\n\r\n")
            let response = try client.readResponse()
            XCTAssertEqual(response.status, 413, length)
            XCTAssertEqual(try response.errorObject().code, "body_too_large", length)
        }
    }

    /// Bodies are buffered as they arrive: connections that declare 60,000 bytes and send a
    /// few hold a few kilobytes each, not what they declared.
    func testBodiesAreNotAllocatedFromTheDeclaredLength() throws {
        let (server, port) = try startServer(try testConfiguration(maxBodyBytes: 64 * 1024), handler: echoHandler)
        var clients: [LoopbackHTTPClient] = []
        for _ in 0..<20 {
            let client = try LoopbackHTTPClient(port: port)
            try client.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 60000\r\n\r\n"
                + String(repeating: "b", count: 100))
            clients.append(client)
        }
        XCTAssertTrue(eventually { server.liveRequests == 20 && server.bufferedBodyBytes > 0 })
        usleep(100_000)
        XCTAssertLessThanOrEqual(server.bufferedBodyBytes, 20 * 4096, "held: \(server.bufferedBodyBytes) bytes")
        for client in clients { client.close() }
        XCTAssertTrue(eventually { server.liveRequests == 0 && server.bufferedBodyBytes == 0 })
    }

    /// A body is held once: the buffer it arrived in grows only to its declared length (not to
    /// the next power of two) and is freed when the handler's copy is made, so requests waiting
    /// for a worker hold their copies alone. Before, a waiting upload of 9.5 MB held 16 MB of
    /// buffer beside its 9.5 MB copy.
    func testAWaitingBodyIsHeldOnce() throws {
        let release = DispatchSemaphore(value: 0)
        let (server, port) = try startServer(try testConfiguration(workers: 1, maxBodyBytes: 100_000)) { request in
            release.wait()
            return echoHandler(request)
        }
        let partial = try LoopbackHTTPClient(port: port)
        try partial.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 70000\r\n\r\n" + String(repeating: "p", count: 69_000))
        XCTAssertTrue(eventually { server.bufferedBodyBytes >= 69_000 })
        usleep(100_000)
        XCTAssertEqual(server.bufferedBodyBytes, 70_000, "grown to its declared length, not to 131,072")

        var waiting: [LoopbackHTTPClient] = []
        for _ in 0..<3 {
            let client = try LoopbackHTTPClient(port: port, timeout: 10)
            try client.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 50000\r\n\r\n" + String(repeating: "w", count: 50_000))
            waiting.append(client)
        }
        // One in the worker, two queued: all three bodies complete and copied, no buffer left
        // but the unfinished one's.
        XCTAssertTrue(eventually { server.liveRequests == 4 && server.bufferedBodyBytes == 70_000 }, "held: \(server.bufferedBodyBytes) bytes")
        for _ in 0..<4 { release.signal() }
        for client in waiting { XCTAssertEqual(try decodeEcho(try client.readResponse()).bodyLength, 50_000) }
        try partial.send(String(repeating: "p", count: 1_000))
        XCTAssertEqual(try decodeEcho(try partial.readResponse()).bodyLength, 70_000)
        XCTAssertTrue(eventually { server.liveRequests == 0 && server.bufferedBodyBytes == 0 })
    }

    /// Every answer says `nosniff`; every error says `no-store`, the handler's and the
    /// server's own alike (400, 413, 414, 431).
    func testSecurityHeadersOnEveryAnswer() throws {
        let (_, port) = try startServer(try testConfiguration(maxBodyBytes: 100, maxURLBytes: 1024,
                                                              maxHeaderBytes: 1024)) { request in
            if request.path == "/missing" { return .error(status: 404, code: "not_found", message: "no") }
            var response = HTTPResponse.text("ok")
            response.headers.append("Cache-Control", "public, max-age=60")
            return response
        }
        let ok = try LoopbackHTTPClient(port: port).request("GET", "/")
        XCTAssertEqual(ok.header("X-Content-Type-Options"), "nosniff")
        XCTAssertEqual(ok.header("Cache-Control"), "public, max-age=60", "success keeps its caching")
        let answers = [
            try LoopbackHTTPClient(port: port).request("GET", "/missing"),
            try LoopbackHTTPClient(port: port).request("GET", "/a%zz"),
            try LoopbackHTTPClient(port: port).request("POST", "/", body: [UInt8](repeating: 1, count: 200)),
            try LoopbackHTTPClient(port: port).request("GET", "/" + String(repeating: "u", count: 1100)),
            try LoopbackHTTPClient(port: port).request("GET", "/", headers: ["X-Pad: " + String(repeating: "p", count: 1100)]),
        ]
        XCTAssertEqual(answers.map(\.status), [404, 400, 413, 414, 431])
        for answer in answers {
            XCTAssertEqual(answer.header("Cache-Control"), "no-store", "\(answer.status)")
            XCTAssertEqual(answer.header("X-Content-Type-Options"), "nosniff", "\(answer.status)")
        }
    }

    /// A client trickling its header (a byte every 300 ms, so never idle) is cut at the header
    /// deadline; before, only idleness was timed and such a client was held for ever.
    func testTricklingHeaderIsCutAtTheDeadline() throws {
        let configuration = try HTTPServer.Configuration(
            host: "127.0.0.1", port: 0, ioThreads: 2, workers: 1, maxConnections: 64,
            connectionTimeoutSeconds: 30, headerTimeoutSeconds: 1)
        let (server, port) = try startServer(configuration) { _ in .text("ok") }
        let slow = try LoopbackHTTPClient(port: port, timeout: 1)
        let header = Array("GET / HTTP/1.1\r\nHost: x\r\nX-Pad: ".utf8) + [UInt8](repeating: 0x7A, count: 100)
        let started = Date()
        var cut = false
        for byte in header {
            do { try slow.send([byte]) } catch { cut = true; break }
            if !slow.staysQuiet(for: 0.3) { cut = true; break }
        }
        XCTAssertTrue(cut, "the trickling client was disconnected")
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertGreaterThan(elapsed, 0.9)
        XCTAssertLessThan(elapsed, 3)
        XCTAssertEqual(server.statistics.headerTimeouts, 1)
        // a normal client is unaffected, and one that sends a request, then waits a little
        // (under the deadline) before the next on the same connection, is kept
        let normal = try LoopbackHTTPClient(port: port)
        XCTAssertEqual(try normal.request("GET", "/").status, 200)
        usleep(500_000)
        XCTAssertEqual(try normal.request("GET", "/").status, 200)
    }

    /// A client that half-closes its side after its requests (as `nc -N` does): answers made
    /// on the I/O thread reach it, pipelined ones included, and then the connection is closed
    /// within about a second, not at the 30-second header deadline it used to wait for
    /// (libmicrohttpd under epoll missed the end of stream that came with the request). One that
    /// sends half a request line and ends is let go as soon. A request for a worker from such a
    /// client is answered too when no other request waits (`QueueTests` has the requests
    /// dropped under contention). A client that keeps its side open is kept.
    func testHalfClosedClientsAreAnsweredAndLetGo() throws {
        let configuration = try HTTPServer.Configuration(
            host: "127.0.0.1", port: 0, ioThreads: 2, workers: 2, maxConnections: 64,
            connectionTimeoutSeconds: 30, headerTimeoutSeconds: 30)
        let server = HTTPServer(configuration: configuration,
                                answerImmediately: { $0.path.hasPrefix("/worker") ? nil : .text("answer to \($0.path)") },
                                handler: { _ in usleep(200_000); return .text("from a worker") })
        let port = try server.start()
        addTeardownBlock { server.shutdown() }

        /// The answers to `bytes` sent and half-closed, and the seconds until the server closed.
        func exchange(_ bytes: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
            let client = try LoopbackHTTPClient(port: port, timeout: 5)
            try client.send(bytes)
            client.finishSending()
            let started = Date()
            var answers: [String] = []
            while let answer = try? client.readResponse() { answers.append(answer.text) }
            XCTAssertTrue(client.closedByPeer(within: 3), "closed", file: file, line: line)
            XCTAssertLessThan(Date().timeIntervalSince(started), 2.5, "closed within the half-close grace", file: file, line: line)
            return answers
        }
        XCTAssertEqual(try exchange("GET /one HTTP/1.1\r\nHost: x\r\n\r\n"), ["answer to /one"])
        XCTAssertEqual(try exchange("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\nGET /c HTTP/1.1\r\nHost: x\r\n\r\n"),
                       ["answer to /a", "answer to /b", "answer to /c"])
        XCTAssertEqual(try exchange("GET /unfinis"), [])
        // How many the guard closed is not asserted: libmicrohttpd sometimes sees the end of
        // stream itself (all three, once, in a loaded run). The closing time above is the promise.
        XCTAssertEqual(try exchange("GET /worker HTTP/1.1\r\nHost: x\r\n\r\n"), ["from a worker"])
        XCTAssertEqual(try exchange("GET /one HTTP/1.1\r\nHost: x\r\n\r\nGET /worker HTTP/1.1\r\nHost: x\r\n\r\n"),
                       ["answer to /one", "from a worker"])
        XCTAssertEqual(server.statistics.abandoned, 0)
        XCTAssertEqual(server.statistics.headerTimeouts, 0)
        let halfClosedBefore = server.statistics.halfClosed

        let open = try LoopbackHTTPClient(port: port, timeout: 5)
        XCTAssertEqual(try open.request("GET", "/open").status, 200)
        XCTAssertTrue(open.staysQuiet(for: 1.5), "an idle keep-alive connection stays open")
        XCTAssertEqual(try open.request("GET", "/worker").text, "from a worker")
        XCTAssertEqual(server.statistics.halfClosed, halfClosedBefore, "the open connection was not closed")
    }

    /// Under pressure (open connections at 3/4 of the limit) trickling clients are cut after
    /// one second whatever the deadline, so new clients find room.
    func testTricklingClientsLoseTheirPlaceUnderPressure() throws {
        let configuration = try HTTPServer.Configuration(
            host: "127.0.0.1", port: 0, ioThreads: 2, workers: 1, maxConnections: 40,
            maxConnectionsPerIP: 0, connectionTimeoutSeconds: 30, headerTimeoutSeconds: 30)
        let (server, port) = try startServer(configuration) { _ in .text("ok") }
        var slow: [LoopbackHTTPClient] = []
        for _ in 0..<40 {
            let client = try LoopbackHTTPClient(port: port, timeout: 1)
            try client.send("GET / HTTP/1.1\r\n")
            slow.append(client)
        }
        // Pressure lasts while 3/4 of the places are taken, so how many are cut before it
        // lifts depends on how fast the clients connected; what must hold is that some are
        // cut within the short allowance (not the 30 s deadline) and a new client gets in.
        XCTAssertTrue(eventually(within: 10) { server.statistics.headerTimeouts >= 10 })
        XCTAssertTrue(eventually { (try? LoopbackHTTPClient(port: port, timeout: 1).request("GET", "/").status) == 200 })
        for client in slow { client.close() }
    }

    /// Per-address limits count each IPv4 address apart (127.0.0.2 and 127.0.0.3 are two
    /// clients), and an IPv6 /64 as one.
    func testPerAddressLimitsByIPv4AddressAndIPv6Prefix() throws {
        let (server, port) = try startServer(try testConfiguration(maxConnectionsPerIP: 1), handler: echoHandler)
        let a = try LoopbackHTTPClient(port: port, sourceAddress: "127.0.0.2")
        let b = try LoopbackHTTPClient(port: port, sourceAddress: "127.0.0.3")
        XCTAssertEqual(try a.request("GET", "/").status, 200)
        XCTAssertEqual(try b.request("GET", "/").status, 200)
        let second = try LoopbackHTTPClient(port: port, timeout: 2, sourceAddress: "127.0.0.2")
        XCTAssertThrowsError(try second.request("GET", "/"), "a second connection from 127.0.0.2 is refused")
        XCTAssertEqual(server.statistics.perAddressRefusals, 1)

        XCTAssertTrue(ClientAddress.sameClient("2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:ffff"))
        XCTAssertFalse(ClientAddress.sameClient("2001:db8:1:2::1", "2001:db8:1:3::1"))
        XCTAssertTrue(ClientAddress.sameClient("::ffff:192.0.2.1", "192.0.2.1"))
        XCTAssertFalse(ClientAddress.sameClient("192.0.2.1", "192.0.2.2"))
    }
}
