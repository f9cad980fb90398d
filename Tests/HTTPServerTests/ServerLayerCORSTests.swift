import Foundation
import TestSupport
import XCTest
@testable import HTTPServer
import HTTPTypes

/// The errors the server layer answers itself (413, 414, 431, 400, 429) carry the CORS fields
/// of the configured policy, as the handler's answers do, so that a page on an allowed origin
/// can read the JSON error instead of seeing a network error. Over real loopback sockets.
final class ServerLayerCORSTests: XCTestCase {
    static let app = "http://127.0.0.1:9000"

    /// One worker, no queue and no busy delay: a second request for the worker is answered
    /// 429 at once. Limits well inside libmicrohttpd's memory, so the server's own checks answer.
    private func start(_ origins: [String], gate: Gate) throws -> Int {
        var configuration = try testConfiguration(workers: 1, queueLimit: 0, connectionMemoryLimitBytes: 16 * 1024,
                                                  maxBodyBytes: 1000, maxURLBytes: 1024, maxHeaderBytes: 2048)
        configuration.cors = try CORSPolicy(origins: origins)
        let (server, port) = try startServer(configuration) { request in
            if request.path == "/block" { gate.pass() }
            return .text("ok")
        }
        // the worker is held until the test ends
        let running = try LoopbackHTTPClient(port: port)
        try running.send("GET /block HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(gate.waitForEntry())
        addTeardownBlock { gate.open(); _ = server }
        return port
    }

    /// Each kind of error the server layer makes, sent with `origin`, as the wire answer.
    private func serverErrors(_ port: Int, origin: String) throws -> [(name: String, status: Int, response: HTTPWireResponse)] {
        let field = "Origin: \(origin)"
        var answers: [(String, Int, HTTPWireResponse)] = []
        let body = try LoopbackHTTPClient(port: port)
        try body.send("POST /upload HTTP/1.1\r\nHost: x\r\n\(field)\r\nContent-Length: 5000\r\n\r\n")
        answers.append(("body too large", 413, try body.readResponse()))
        answers.append(("URL too long", 414, try LoopbackHTTPClient(port: port).request(
            "GET", "/" + String(repeating: "a", count: 1024), headers: [field])))
        answers.append(("headers too large", 431, try LoopbackHTTPClient(port: port).request(
            "GET", "/", headers: [field, "X-Pad: " + String(repeating: "p", count: 2100)])))
        let framing = try LoopbackHTTPClient(port: port)
        try framing.send("POST /upload HTTP/1.1\r\nHost: x\r\n\(field)\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
        answers.append(("ambiguous framing", 400, try framing.readResponse()))
        answers.append(("queue full", 429, try LoopbackHTTPClient(port: port).request("GET", "/render", headers: [field])))
        return answers
    }

    func testServerLayerErrorsCarryTheCORSFieldsOfAnAllowedOrigin() throws {
        let port = try start([Self.app], gate: Gate())
        for (name, status, response) in try serverErrors(port, origin: Self.app) {
            XCTAssertEqual(response.status, status, name)
            XCTAssertEqual(response.header("Content-Type"), "application/json", name)
            XCTAssertNotNil(try? response.errorObject(), "\(name): \(response.text)")
            XCTAssertEqual(response.header("Access-Control-Allow-Origin"), Self.app, name)
            XCTAssertEqual(response.header("Access-Control-Expose-Headers"), CORSPolicy.exposedHeaders, name)
            XCTAssertEqual(response.header("Vary"), "Origin", name)
            XCTAssertEqual(response.header("Cache-Control"), "no-store", name)
            XCTAssertEqual(response.header("X-Content-Type-Options"), "nosniff", name)
        }
    }

    func testOtherOriginsGetOnlyVary() throws {
        let port = try start([Self.app], gate: Gate())
        for (name, status, response) in try serverErrors(port, origin: "http://evil.example") {
            XCTAssertEqual(response.status, status, name)
            XCTAssertNil(response.header("Access-Control-Allow-Origin"), name)
            XCTAssertNil(response.header("Access-Control-Expose-Headers"), name)
            XCTAssertEqual(response.header("Vary"), "Origin", "\(name): a cache must not hand this answer to an allowed origin")
        }
    }

    /// Two `Origin` fields combine into "a, b" (RFC 9110 §5.3), no origin at all: whichever
    /// comes first, the server layer's errors allow neither. (The second field is sent as the
    /// first one's value followed by a line break, so every kind of error carries both.)
    func testTwoOriginFieldsAllowNeither() throws {
        let port = try start([Self.app], gate: Gate())
        for pair in [[Self.app, "http://evil.example"], ["http://evil.example", Self.app], [Self.app, Self.app]] {
            for (name, status, response) in try serverErrors(port, origin: pair.joined(separator: "\r\nOrigin: ")) {
                XCTAssertEqual(response.status, status, name)
                XCTAssertNil(response.header("Access-Control-Allow-Origin"), "\(name) \(pair)")
                XCTAssertEqual(response.header("Vary"), "Origin", name)
            }
        }
    }

    func testAnyOriginAndNoPolicy() throws {
        let any = try start(["*"], gate: Gate())
        for (name, _, response) in try serverErrors(any, origin: "https://anyone.example") {
            XCTAssertEqual(response.header("Access-Control-Allow-Origin"), "*", name)
            XCTAssertNil(response.header("Vary"), name)
        }
        let off = try start([], gate: Gate())
        for (name, _, response) in try serverErrors(off, origin: Self.app) {
            XCTAssertNil(response.header("Access-Control-Allow-Origin"), name)
            XCTAssertNil(response.header("Vary"), name)
        }
    }

    /// The 503 a request on an open connection gets once shutdown has begun.
    func testShuttingDownAnswerCarriesTheCORSFields() throws {
        let gate = Gate()
        var configuration = try testConfiguration(workers: 1)
        configuration.cors = try CORSPolicy(origins: [Self.app])
        let server = HTTPServer(configuration: configuration) { request in
            if request.path == "/slow" { gate.pass() }
            return .text("done")
        }
        let port = try server.start()
        addTeardownBlock { gate.open(); server.shutdown() }
        let idle = try LoopbackHTTPClient(port: port)
        XCTAssertEqual(try idle.request("GET", "/warm").status, 200)
        let inFlight = try LoopbackHTTPClient(port: port)
        try inFlight.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(gate.waitForEntry())
        Thread { server.shutdown() }.start()
        XCTAssertTrue(eventually {
            do { _ = try LoopbackHTTPClient(port: port, timeout: 1); return false } catch let error as ClientError {
                return error.refused
            } catch { return false }
        }, "shutdown has begun")
        let refused = try idle.request("GET", "/late", headers: ["Origin: \(Self.app)"])
        XCTAssertEqual(refused.status, 503)
        XCTAssertEqual(try refused.errorObject().code, "shutting_down")
        XCTAssertEqual(refused.header("Access-Control-Allow-Origin"), Self.app)
        XCTAssertEqual(refused.header("Vary"), "Origin")
        XCTAssertEqual(refused.header("Cache-Control"), "no-store")
        gate.open()
        XCTAssertEqual(try inFlight.readResponse().status, 200)
    }
}
