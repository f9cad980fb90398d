import Foundation
import TestSupport
import XCTest
@testable import HTTPServer
import HTTPTypes

final class RoundTripTests: XCTestCase {
    func testGetAndHeadRoundTrip() throws {
        let (_, port) = try startServer(try testConfiguration()) { _ in
            var response = HTTPResponse.text("hello, world")
            response.headers.append("ETag", "\"v1\"")
            return response
        }
        let client = try LoopbackHTTPClient(port: port)
        let get = try client.request("GET", "/hello")
        XCTAssertEqual(get.status, 200)
        XCTAssertEqual(get.text, "hello, world")
        XCTAssertEqual(get.header("Content-Length"), "12")
        XCTAssertEqual(get.header("Content-Type"), "text/plain; charset=utf-8")
        XCTAssertEqual(get.header("ETag"), "\"v1\"")
        XCTAssertNotNil(get.header("Date"))

        // HEAD: same headers and Content-Length, no body; the connection stays usable
        let head = try client.request("HEAD", "/hello")
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.header("Content-Length"), "12")
        XCTAssertEqual(head.header("Content-Type"), "text/plain; charset=utf-8")
        XCTAssertEqual(head.header("ETag"), "\"v1\"")
        XCTAssertTrue(head.body.isEmpty)
        let again = try client.request("GET", "/hello")
        XCTAssertEqual(again.text, "hello, world", "no stray body bytes after HEAD")
    }

    func testQueryAndPathDecoding() throws {
        let (_, port) = try startServer(try testConfiguration(), handler: echoHandler)
        let client = try LoopbackHTTPClient(port: port)
        let target = "/caf%C3%A9/a+b?title=Hello+World%21&emoji=%F0%9F%8E%89&empty=&flag&a=1&a=2&plus=%2B&&sp=%20x"
        let response = try client.request("GET", target)
        XCTAssertEqual(response.status, 200)
        let echo = try decodeEcho(response)
        XCTAssertEqual(echo.path, "/café/a+b")
        XCTAssertEqual(echo.rawPath, "/caf%C3%A9/a+b")
        XCTAssertEqual(echo.rawQuery, "title=Hello+World%21&emoji=%F0%9F%8E%89&empty=&flag&a=1&a=2&plus=%2B&&sp=%20x")
        XCTAssertEqual(echo.query, [["title", "Hello World!"], ["emoji", "🎉"], ["empty", ""], ["flag", ""],
                                    ["a", "1"], ["a", "2"], ["plus", "+"], ["sp", " x"]])
        XCTAssertEqual(echo.version, "HTTP/1.1")
        XCTAssertEqual(echo.remoteAddress, "127.0.0.1")
    }

    func testMalformedPercentEncodingIs400() throws {
        let (_, port) = try startServer(try testConfiguration(), handler: echoHandler)
        for target in ["/x?title=%zz", "/x?title=%E", "/bad%FFpath", "/nul%00"] {
            let response = try LoopbackHTTPClient(port: port).request("GET", target)
            XCTAssertEqual(response.status, 400, target)
            XCTAssertEqual(try response.errorObject().code, "malformed_request", target)
        }
    }

    func testHeadersKeepOrderAndDuplicates() throws {
        let seen = Locked<[HTTPField]>([])
        let (_, port) = try startServer(try testConfiguration()) { request in
            seen.update { $0 = request.headers.fields }
            return HTTPResponse.text(request.headers.values(for: "x-tag").joined(separator: ","))
        }
        let response = try LoopbackHTTPClient(port: port).request(
            "GET", "/", headers: ["X-Tag: one", "Accept: */*", "x-tag: two", "X-TAG: three"])
        XCTAssertEqual(response.text, "one,two,three")
        XCTAssertEqual(seen.get().map(\.name), ["Host", "X-Tag", "Accept", "x-tag", "X-TAG"])
    }

    func testBodyIsDelivered() throws {
        let (_, port) = try startServer(try testConfiguration(maxBodyBytes: 1000), handler: echoHandler)
        let client = try LoopbackHTTPClient(port: port)
        let exact = try client.request("POST", "/upload", body: [UInt8](repeating: 0x61, count: 1000))
        XCTAssertEqual(exact.status, 200)
        XCTAssertEqual(try decodeEcho(exact).bodyLength, 1000)

        try client.send("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "1f4\r\n" + String(repeating: "b", count: 500) + "\r\n0\r\n\r\n")
        let chunked = try client.readResponse()
        XCTAssertEqual(chunked.status, 200)
        XCTAssertEqual(try decodeEcho(chunked).bodyLength, 500)
    }

    func testInvalidHandlerResponseBecomes500() throws {
        let notes = Locked<[String]>([])
        let (_, port) = try startServer(try testConfiguration(), diagnostics: { note in
            notes.update { $0.append(note) }
        }) { request in
            if request.path == "/status" { return HTTPResponse(status: 42) }
            return HTTPResponse(status: 200, headers: ["X-Evil": "a\r\nSet-Cookie: x=1"])
        }
        for path in ["/status", "/header"] {
            let response = try LoopbackHTTPClient(port: port).request("GET", path)
            XCTAssertEqual(response.status, 500, path)
            XCTAssertEqual(try response.errorObject().code, "internal_error")
            XCTAssertNil(response.header("Set-Cookie"))
        }
        XCTAssertEqual(notes.get().filter { $0.contains("replaced by 500") }.count, 2)
    }

    func testCompletionObserverAndStatistics() throws {
        let log = Locked<[(HTTPRequestSummary, Int, Duration, Int)]>([])
        let (server, port) = try startServer(try testConfiguration(), onRequestCompleted: { summary, status, duration, bytes in
            log.update { $0.append((summary, status, duration, bytes)) }
        }) { request in
            request.path == "/missing" ? .error(status: 404, code: "not_found", message: "No such card.")
                                       : .text("twelve bytes")
        }
        let client = try LoopbackHTTPClient(port: port)
        _ = try client.request("GET", "/a?x=1", headers: ["User-Agent: tests/1"])
        _ = try client.request("HEAD", "/a")
        _ = try client.request("GET", "/missing")
        XCTAssertTrue(eventually { log.get().count == 3 })
        let entries = log.get().sorted { $0.0.target < $1.0.target }
        XCTAssertEqual(entries.map(\.0.target), ["/a", "/a?x=1", "/missing"])
        XCTAssertEqual(entries.map(\.0.method), ["HEAD", "GET", "GET"])
        let get = try XCTUnwrap(entries.first { $0.0.target == "/a?x=1" })
        XCTAssertEqual(get.0.userAgent, "tests/1")
        XCTAssertEqual(get.0.remoteAddress, "127.0.0.1")
        XCTAssertEqual(get.1, 200)
        XCTAssertEqual(get.3, 12)
        XCTAssertGreaterThan(get.2, .zero)
        let head = try XCTUnwrap(entries.first { $0.0.method == "HEAD" })
        XCTAssertEqual(head.3, 0, "HEAD sends no body bytes")
        XCTAssertEqual(entries.first { $0.0.target == "/missing" }?.1, 404)

        let statistics = server.statistics
        XCTAssertEqual(statistics.completed, 3)
        XCTAssertEqual(statistics.responsesByStatus, [200: 2, 404: 1])
        XCTAssertEqual(statistics.inFlight, 0)
        XCTAssertEqual(statistics.queueDepth, 0)
    }

    /// Many clients at once on keep-alive connections: every response matches its request,
    /// and no request state is left behind.
    func testConcurrentClientsAllAnswered() throws {
        let (server, port) = try startServer(try testConfiguration(workers: 2, queueLimit: 64), handler: echoHandler)
        let failures = Locked<[String]>([])
        let group = DispatchGroup()
        for clientIndex in 0..<6 {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    let client = try LoopbackHTTPClient(port: port)
                    for index in 0..<150 {
                        let target = "/c\(clientIndex)/r\(index)?n=\(index)"
                        let response = try client.request(index % 5 == 0 ? "HEAD" : "GET", target)
                        if index % 5 == 0 { continue }
                        let echo = try decodeEcho(response)
                        if response.status != 200 || echo.rawPath != "/c\(clientIndex)/r\(index)" {
                            failures.update { $0.append("\(target): \(response.status) \(echo.rawPath)") }
                        }
                    }
                } catch {
                    failures.update { $0.append("client \(clientIndex): \(error)") }
                }
            }.start()
        }
        XCTAssertEqual(group.wait(timeout: .now() + 20), .success)
        XCTAssertEqual(failures.get(), [])
        XCTAssertTrue(eventually { server.statistics.completed == 900 })
        XCTAssertTrue(eventually { server.liveRequests == 0 }, "requests left: \(server.liveRequests)")
    }

    func testStartTwiceAndPortInUse() throws {
        let (server, port) = try startServer(try testConfiguration(), handler: echoHandler)
        XCTAssertThrowsError(try server.start()) { XCTAssertEqual($0 as? HTTPServerError, .alreadyStarted) }
        XCTAssertEqual(server.port, port)

        let configuration = try HTTPServer.Configuration(port: port, workers: 1)
        let second = HTTPServer(configuration: configuration, handler: echoHandler)
        XCTAssertThrowsError(try second.start()) { error in
            guard case .startFailed? = error as? HTTPServerError else { return XCTFail("\(error)") }
        }
        XCTAssertNil(second.port)
    }
}
