import Foundation
import XCTest
@testable import HTTPServer
import HTTPTypes

/// Requests, responses, headers and configurations as plain values (no sockets).
final class ValueTests: XCTestCase {
    func testRequestTargetForms() throws {
        let origin = try HTTPRequest(target: "/v1/cards/classic.png?title=A+B&color=user_purple")
        XCTAssertEqual(origin.path, "/v1/cards/classic.png")
        XCTAssertEqual(origin.rawQuery, "title=A+B&color=user_purple")
        XCTAssertEqual(origin.queryValue("title"), "A B")
        XCTAssertEqual(origin.queryValue("missing"), nil)

        let bare = try HTTPRequest(target: "/x?")
        XCTAssertEqual(bare.rawQuery, "")
        XCTAssertEqual(bare.queryItems, [])
        XCTAssertNil(try HTTPRequest(target: "/x").rawQuery)

        let absolute = try HTTPRequest(target: "http://example.com:8080/a%20b?q=1")
        XCTAssertEqual(absolute.path, "/a b")
        XCTAssertEqual(absolute.queryValue("q"), "1")
        XCTAssertEqual(try HTTPRequest(target: "http://example.com").path, "/")
        XCTAssertEqual(try HTTPRequest(target: "http://example.com?q=2").queryValue("q"), "2")
        XCTAssertEqual(try HTTPRequest(method: "OPTIONS", target: "*").path, "*")
        XCTAssertEqual(try HTTPRequest(target: "/a#frag").path, "/a")

        XCTAssertThrowsError(try HTTPRequest(target: "relative")) {
            XCTAssertEqual($0 as? HTTPTargetError, .unsupportedForm)
        }
        XCTAssertThrowsError(try HTTPRequest(target: "")) {
            XCTAssertEqual($0 as? HTTPTargetError, .unsupportedForm)
        }
        for bad in ["/a b", "/a\tb", "/a\u{7F}", "/?q=\r\n"] {
            XCTAssertThrowsError(try HTTPRequest(target: bad)) {
                XCTAssertEqual($0 as? HTTPTargetError, .invalidCharacter)
            }
        }
    }

    func testQueryDecoding() throws {
        let request = try HTTPRequest(target: "/?a=1&a=2&=v&k=&k2&x=%3D%26&y=a=b&%E2%9C%93=%e2%9c%93")
        XCTAssertEqual(request.queryItems.map { [$0.name, $0.value] },
                       [["a", "1"], ["a", "2"], ["", "v"], ["k", ""], ["k2", ""], ["x", "=&"],
                        ["y", "a=b"], ["✓", "✓"]])
        XCTAssertEqual(request.queryValues("a"), ["1", "2"])
        XCTAssertThrowsError(try HTTPRequest(target: "/?a=%")) {
            XCTAssertEqual($0 as? HTTPTargetError, .invalidPercentEncoding("query"))
        }
        XCTAssertThrowsError(try HTTPRequest(target: "/?a=%4")) {
            XCTAssertEqual($0 as? HTTPTargetError, .invalidPercentEncoding("query"))
        }
        XCTAssertThrowsError(try HTTPRequest(target: "/?a=%C3%28")) {
            XCTAssertEqual($0 as? HTTPTargetError, .invalidUTF8("query"))
        }
        XCTAssertThrowsError(try HTTPRequest(target: "/a%2")) {
            XCTAssertEqual($0 as? HTTPTargetError, .invalidPercentEncoding("path"))
        }
        XCTAssertThrowsError(try HTTPRequest(target: "/a%00b")) {
            XCTAssertEqual($0 as? HTTPTargetError, .nulInPath)
        }
    }

    func testHeaders() {
        var headers: HTTPHeaders = ["Content-Type": "text/plain", "Vary": "Accept", "vary": "Origin"]
        XCTAssertEqual(headers["content-type"], "text/plain")
        XCTAssertEqual(headers["VARY"], "Accept")
        XCTAssertEqual(headers.values(for: "Vary"), ["Accept", "Origin"])
        XCTAssertTrue(headers.contains("CONTENT-TYPE"))
        XCTAssertFalse(headers.contains("Content-Typ"))
        headers.set("vary", "*")
        XCTAssertEqual(headers.fields, [HTTPField(name: "Content-Type", value: "text/plain"),
                                        HTTPField(name: "Vary", value: "*")])
        headers.append("X-A", "1")
        headers.remove("content-type")
        XCTAssertEqual(headers.map(\.name), ["Vary", "X-A"])
        XCTAssertEqual(headers.count, 2)
    }

    func testErrorShape() throws {
        let response = HTTPResponse.error(status: 422, code: "invalid_color",
                                          message: "Unknown colour \"teal\"\n(see /palettes)", field: "color")
        XCTAssertEqual(response.status, 422)
        XCTAssertEqual(response.headers["Content-Type"], "application/json")
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self),
                       #"{"error":{"code":"invalid_color","message":"Unknown colour \"teal\"\n(see /palettes)","field":"color"}}"#)
        let plain = HTTPResponse.error(status: 429, code: "queue_full", message: "busy\u{1}")
        XCTAssertEqual(String(decoding: plain.body, as: UTF8.self),
                       #"{"error":{"code":"queue_full","message":"busy\u0001","field":null}}"#)
        XCTAssertNil(response.problem)
    }

    func testJSONResponseIsDeterministic() throws {
        let response = try HTTPResponse.json(["b": "x/y", "a": "1"], status: 201)
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), #"{"a":"1","b":"x/y"}"#)
        XCTAssertEqual(response.status, 201)
    }

    func testResponseProblems() {
        XCTAssertNotNil(HTTPResponse(status: 99).problem)
        XCTAssertNotNil(HTTPResponse(status: 600).problem)
        XCTAssertNotNil(HTTPResponse(headers: ["Bad Name": "v"]).problem)
        XCTAssertNotNil(HTTPResponse(headers: ["X": "a\nb"]).problem)
        XCTAssertNotNil(HTTPResponse(headers: ["X": "a\u{0}b"]).problem)
        XCTAssertNil(HTTPResponse(headers: ["X-Ok": "tab\tand ünïcode"]).problem)
    }

    func testConfigurationDefaultsAndValidation() throws {
        let defaults = try HTTPServer.Configuration()
        XCTAssertEqual(defaults.host, "127.0.0.1")
        XCTAssertGreaterThanOrEqual(defaults.workers, 1)
        XCTAssertGreaterThanOrEqual(defaults.connectionMemoryLimitBytes,
                                    defaults.maxURLBytes + defaults.maxHeaderBytes + HTTPServer.Configuration.memoryHeadroom)
        XCTAssertNoThrow(try HTTPServer.Configuration(host: "::1"))
        XCTAssertNoThrow(try HTTPServer.Configuration(host: "0.0.0.0", port: 0, queueLimit: 0, maxConnectionsPerIP: 0))

        func field(_ make: () throws -> HTTPServer.Configuration) -> String? {
            do { _ = try make(); return nil } catch { return (error as? HTTPServer.ConfigurationError)?.field }
        }
        XCTAssertEqual(field { try .init(host: "localhost") }, "host")
        XCTAssertEqual(field { try .init(host: "") }, "host")
        XCTAssertEqual(field { try .init(port: 70000) }, "port")
        XCTAssertEqual(field { try .init(ioThreads: 0) }, "ioThreads")
        XCTAssertEqual(field { try .init(workers: 0) }, "workers")
        XCTAssertEqual(field { try .init(queueLimit: -1) }, "queueLimit")
        XCTAssertEqual(field { try .init(maxConnections: 0) }, "maxConnections")
        XCTAssertEqual(field { try .init(maxConnections: 10, maxConnectionsPerIP: 11) }, "maxConnectionsPerIP")
        XCTAssertEqual(field { try .init(connectionTimeoutSeconds: 0) }, "connectionTimeoutSeconds")
        XCTAssertEqual(field { try .init(maxBodyBytes: -1) }, "maxBodyBytes")
        XCTAssertEqual(field { try .init(maxURLBytes: 10) }, "maxURLBytes")
        XCTAssertEqual(field { try .init(maxHeaderBytes: 10) }, "maxHeaderBytes")
        XCTAssertEqual(field { try .init(connectionMemoryLimitBytes: 16 * 1024) }, "connectionMemoryLimitBytes")
        XCTAssertEqual(field { try .init(listenBacklog: 0) }, "listenBacklog")
        let error = HTTPServer.ConfigurationError(field: "port", expected: "0...65535")
        XCTAssertEqual(error.description, "port must be 0...65535")
    }

    func testSummaryCutsLongTargets() throws {
        let long = "/" + String(repeating: "é", count: 2000)
        let summary = try HTTPRequest(target: long).summary
        XCTAssertLessThanOrEqual(summary.target.utf8.count, HTTPRequestSummary.maxTargetBytes)
        XCTAssertTrue(summary.target.hasSuffix("..."))
        XCTAssertFalse(summary.target.contains("\u{FFFD}"))
    }
}
