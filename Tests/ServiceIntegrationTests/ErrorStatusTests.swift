import CardService
import Foundation
import HTTPServer
import HTTPTypes
import TestSupport
import XCTest

/// Every error status the API documents, each in the one JSON error shape.
final class ErrorStatusTests: XCTestCase {
    func testBadRequests() throws {
        let port = try startService().port
        let card = "/v1/cards/classic.png?title=Hello"
        let cases: [(target: String, code: String, field: String?)] = [
            (card + "&colour=user_red", "unknown_parameter", "colour"),
            (card + "&template=dated", "unknown_parameter", "template"),
            (card + "&title=Again", "duplicate_parameter", "title"),
            (card + "&scale=2&scale=2", "duplicate_parameter", "scale"),
            ("/v1/cards/classic.png?date=2024-06-01", "invalid_event", "title"),
            (card + "&date=2023-02-29", "invalid_event", "date"),
            (card + "&date=June%201", "invalid_event", "date"),
            (card + "&date=2024-06-01T25:00", "invalid_event", "date"),
            (card + "&date=2024-06-01T10:00%2B15:00", "invalid_event", "date"),
            (card + "&endDate=2024-06-01", "invalid_event", "endDate"),
            (card + "&date=2024-06-02&endDate=2024-06-01", "invalid_event", "endDate"),
            (card + "&scale=0", "invalid_parameter", "scale"),
            (card + "&scale=4", "invalid_parameter", "scale"),
            (card + "&scale=two", "invalid_parameter", "scale"),
            (card + "&scale=1.5", "invalid_parameter", "scale"),
            // digits as a URL writes them: no sign, no leading zero (Int("+2") and Int("02") are 2)
            (card + "&scale=%2B2", "invalid_parameter", "scale"),
            (card + "&scale=02", "invalid_parameter", "scale"),
            ("/v1/cards/classic.jpg?title=T&quality=%2B50", "invalid_parameter", "quality"),
            ("/v1/cards/classic.jpg?title=T&quality=050", "invalid_parameter", "quality"),
            (card + "&emoji=ab", "invalid_event", "emoji"),
            (card + "&locale=en%20US", "invalid_event", "locale"),
            ("/v1/cards/classic.png?title=%20%20", "invalid_event", "title"),
            // control characters are removed before the blank check (TextCleaning): only controls is blank
            ("/v1/cards/classic.png?title=%00%09%01", "invalid_event", "title"),
            ("/v1/cards/classic.png?title=" + String(repeating: "x", count: 501), "invalid_event", "title"),
            // the limit counts code points: one letter with 600 combining marks is over it
            ("/v1/cards/classic.png?title=a" + String(repeating: "%CC%81", count: 600), "invalid_event", "title"),
            (card + "&subtitle=" + String(repeating: "e%CC%81", count: 251), "invalid_event", "subtitle"),
            ("/v1/cards/bad%20name.png?title=x", "invalid_event", "template"),
            (card + "&expires=soon", "invalid_parameter", "expires"),
            // as a signing server reads it: digits only
            (card + "&expires=-5", "invalid_parameter", "expires"),
            (card + "&expires=%2B5", "invalid_parameter", "expires"),
            (card + "&sig=not-a-signature", "invalid_parameter", "sig"),
            ("/healthz?verbose=1", "unexpected_query", "verbose"),
            ("/v1/palettes?x", "unexpected_query", "x"),
        ]
        // the request's own syntax is 400; the event it describes is judged as POST judges it: 422
        for c in cases {
            assertError(try fetch(port, c.target), c.code == "invalid_event" ? 422 : 400, c.code, field: c.field)
        }
        // the longest title is accepted, and well-formed expires and sig are ignored without keys
        XCTAssertEqual(try fetch(port, "/v1/cards/classic.png?title=" + String(repeating: "é", count: 500)).status, 200)
        XCTAssertEqual(try fetch(port, card + "&expires=1700000000&sig=" + String(repeating: "A", count: 43)).status, 200)

        // requests the server cannot read
        assertError(try fetch(port, "/v1/cards/classic.png?title=%ZZ"), 400, "malformed_request", field: nil)
        assertError(try fetch(port, "/v1/cards/classic.png?title=%FF"), 400, "malformed_request", field: nil)

        // POST: the query takes only scale, size, format and quality, each once; the body must be a JSON object
        let body = Array(#"{"title":"Hello"}"#.utf8)
        assertError(try fetch(port, "POST", "/v1/cards?title=x", body: body), 400, "unknown_parameter", field: "title")
        for duplicated in ["format=png&format=jpeg", "size=og&size=story", "format=jpeg&quality=10&quality=90", "scale=1&scale=1"] {
            let field = String(duplicated.split(separator: "&").last!.split(separator: "=")[0])
            assertError(try fetch(port, "POST", "/v1/cards?" + duplicated, body: body), 400, "duplicate_parameter", field: field)
        }
        assertError(try fetch(port, "POST", "/v1/cards?scale=5", body: body), 400, "invalid_parameter", field: "scale")
        for malformed in ["", "{", "[1]", "\"title\"", "null", "{\"title\":\"x\"} trailing"] {
            assertError(try fetch(port, "POST", "/v1/cards", body: Array(malformed.utf8)), 400, "malformed_body", field: nil)
        }
        assertError(try fetch(port, "POST", "/v1/cards", body: [0xFF, 0xFE]), 400, "malformed_body", field: nil)
    }

    func testNotFound() throws {
        let port = try startService().port
        for target in ["/nowhere", "/v1", "/v1/cards/", "/v1/cards/.png", "/v1/cards/classic", "/v1/palettes/", "/v1/palettes/default/other.png",
                       "/v1/cards/classic.png/x", "//healthz"] {
            assertError(try fetch(port, target), 404, "not_found", field: nil)
        }
        assertError(try fetch(port, "/v1/cards/nope.png?title=x"), 404, "unknown_template", field: "template")
        assertError(try fetch(port, "/v1/cards/classic.png?title=x&palette=nope"), 404, "unknown_palette", field: "palette")
        assertError(try fetch(port, "/v1/cards/classic.png?title=x&color=user_magenta"), 404, "unknown_color", field: "color")
        assertError(try fetch(port, "/v1/palettes/nope"), 404, "unknown_palette", field: "palette")
        assertError(try fetch(port, "/v1/palettes/nope/preview.png"), 404, "unknown_palette", field: "palette")
        assertError(try fetch(port, "POST", "/v1/cards", body: Array(#"{"title":"x","template":"nope"}"#.utf8)), 404, "unknown_template", field: "template")
        assertError(try fetch(port, "POST", "/v1/cards", body: Array(#"{"title":"x","color":"nope"}"#.utf8)), 404, "unknown_color", field: "color")
        // The path is quoted as any value is: cut to 80 code points, with controls and bidi
        // overrides escaped (an 8,000-character path used to come back whole, U+202E raw).
        let long = try fetch(port, "/" + String(repeating: "a", count: 8_000))
        assertError(long, 404, "not_found", field: nil)
        XCTAssertLessThan(long.body.count, 400)
        let hostile = try fetch(port, "/%1b%5d0;x%07%e2%80%ae")
        let error = try XCTUnwrap((try hostile.json() as? [String: Any])?["error"] as? [String: Any])
        XCTAssertEqual(error["message"] as? String, #"no such route: "/\u{1B}]0;x\u{07}\u{202E}""#)
        // HEAD of an error: same status and headers, no body
        let head = try fetch(port, "HEAD", "/v1/cards/nope.png?title=x")
        XCTAssertEqual(head.status, 404)
        XCTAssertEqual(head.header("Content-Type"), "application/json")
        XCTAssertTrue(head.body.isEmpty)
    }

    func testMethodNotAllowedListsTheAllowedMethods() throws {
        let port = try startService().port
        let cases: [(method: String, target: String, allow: String)] = [
            ("DELETE", "/v1/cards/classic.png?title=x", "GET, HEAD"),
            ("POST", "/v1/cards/classic.png?title=x", "GET, HEAD"),
            ("GET", "/v1/cards", "POST"),
            ("HEAD", "/v1/cards", "POST"),
            ("PUT", "/v1/cards", "POST"),
            ("PUT", "/healthz", "GET, HEAD"),
            ("OPTIONS", "/", "GET, HEAD"),
            ("PATCH", "/v1/palettes/default", "GET, HEAD"),
            ("POST", "/metrics", "GET, HEAD"),
        ]
        for c in cases {
            let response = try fetch(port, c.method, c.target)
            XCTAssertEqual(response.header("Allow"), c.allow, "\(c.method) \(c.target)")
            if c.method == "HEAD" {
                XCTAssertEqual(response.status, 405)
            } else {
                assertError(response, 405, "method_not_allowed", field: nil)
            }
        }
    }

    func testNotAcceptable() throws {
        let port = try startService().port
        let response = try fetch(port, "POST", "/v1/cards", headers: ["Accept: text/html"], body: Array(#"{"title":"x"}"#.utf8))
        assertError(response, 406, "not_acceptable", field: nil)
    }

    func testUnprocessableEvents() throws {
        let port = try startService().port
        let cases: [(body: String, field: String)] = [
            (#"{"title":"x","colour":"user_red"}"#, "colour"),
            (#"{"title":5}"#, "title"),
            (#"{}"#, "title"),
            (#"{"title":null}"#, "title"),
            (#"{"title":"  \n "}"#, "title"),
            (#"{"title":"x","date":"tomorrow"}"#, "date"),
            (#"{"title":"x","endDate":"2024-01-01"}"#, "endDate"),
            (#"{"title":"x","date":"2024-01-02T00:00:00+01:00","endDate":"2024-01-01T22:59:59Z"}"#, "endDate"),
            (#"{"title":"x","emoji":"😀😀"}"#, "emoji"),
            (#"{"title":"x","template":"a b"}"#, "template"),
            (#"{"title":"x","locale":" "}"#, "locale"),  // empty is not given; a space is no locale
            (#"{"title":"x","scale":2}"#, "scale"),
            (#"{"title":["x"]}"#, "title"),
        ]
        for c in cases {
            assertError(try fetch(port, "POST", "/v1/cards", body: Array(c.body.utf8)), 422, "invalid_event", field: c.field)
        }
        // An unknown field's message lists every field the body takes, size included, and a
        // query parameter put in the body is told where it goes.
        func message(_ body: String) throws -> String? {
            let response = try fetch(port, "POST", "/v1/cards", body: Array(body.utf8))
            return ((try response.json() as? [String: Any])?["error"] as? [String: Any])?["message"] as? String
        }
        XCTAssertEqual(try message(#"{"title":"x","colour":"user_red"}"#),
                       "colour: unknown field (expected one of: color, date, emoji, endDate, locale, palette, size, subtitle, template, title)")
        XCTAssertEqual(try message(#"{"title":"x","scale":2}"#), "scale: goes in the query (POST /v1/cards?scale=…), not in the body")
        XCTAssertEqual(try message(#"{"title":"x","format":"webp"}"#), "format: goes in the query (POST /v1/cards?format=…), not in the body")
        let zalgo = "{\"title\":\"a" + String(repeating: "\u{301}", count: 600) + "\"}"
        assertError(try fetch(port, "POST", "/v1/cards", body: Array(zalgo.utf8)), 422, "invalid_event", field: "title")
        // null counts as absent
        let ok = try fetch(port, "POST", "/v1/cards", body: Array(#"{"title":"x","date":null,"emoji":null,"template":null}"#.utf8))
        XCTAssertEqual(ok.status, 200, ok.text)
    }

    /// A value the event cannot use gets the same answer through GET and POST: 422
    /// `invalid_event` naming the field (an unsupported locale among them).
    func testGetAndPostJudgeAnEventAlike() throws {
        let port = try startService().port
        let cases: [(query: String, json: String, field: String)] = [
            ("locale=en-u-nu-bogus", #""locale":"en-u-nu-bogus""#, "locale"),
            ("locale=xx-Zzzz-bogus1", #""locale":"xx-Zzzz-bogus1""#, "locale"),
            ("date=2023-02-29", #""date":"2023-02-29""#, "date"),
            ("date=2024-06-02&endDate=2024-06-01", #""date":"2024-06-02","endDate":"2024-06-01""#, "endDate"),
            ("emoji=ab", #""emoji":"ab""#, "emoji"),
        ]
        for c in cases {
            let get = try fetch(port, "/v1/cards/dated.png?title=x&" + c.query)
            assertError(get, 422, "invalid_event", field: c.field)
            let body = "{\"title\":\"x\",\"template\":\"dated\"," + c.json + "}"
            let post = try fetch(port, "POST", "/v1/cards", body: Array(body.utf8))
            assertError(post, 422, "invalid_event", field: c.field)
            XCTAssertEqual(try get.errorObject().message, try post.errorObject().message, c.query)
        }
    }

    func testBodyTooLarge() throws {
        // the server's own limit: refused before the body is read, and the connection closes
        let port = try startService(server: try serverConfiguration(maxBodyBytes: 4096)).port
        let client = try LoopbackHTTPClient(port: port)
        try client.send(Array("POST /v1/cards HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n".utf8))
        let response = try client.readResponse()
        assertError(response, 413, "body_too_large", field: nil)
        XCTAssertEqual(response.header("Connection"), "close")
        XCTAssertTrue(client.closedByPeer(within: 5))
        // a chunked body over the limit
        let chunked = try LoopbackHTTPClient(port: port)
        let chunk = "400\r\n" + String(repeating: "a", count: 1024) + "\r\n"
        try chunked.send(Array(("POST /v1/cards HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
            + String(repeating: chunk, count: 5) + "0\r\n\r\n").utf8))
        assertError(try chunked.readResponse(), 413, "body_too_large", field: nil)

        // the service's limit, when it is the lower one
        var configuration = try Repository.configuration()
        configuration.maxBodyBytes = 256
        let small = try startService(configuration).port
        let padded = #"{"title":"x","subtitle":""# + String(repeating: "s", count: 300) + #""}"#
        assertError(try fetch(small, "POST", "/v1/cards", body: Array(padded.utf8)), 413, "payload_too_large", field: nil)
    }

    /// The server layer's own refusals never reach the service's `sharecard_requests_total`;
    /// `sharecard_http_responses_total` counts them with every other answer.
    func testTheServerLayersRefusalsAreCounted() throws {
        let port = try startService().port
        func count(_ status: Int) throws -> Int {
            let text = try fetch(port, "/metrics").text
            let prefix = "sharecard_http_responses_total{status=\"\(status)\"} "
            return text.split(separator: "\n").first { $0.hasPrefix(prefix) }.flatMap { Int($0.dropFirst(prefix.count)) } ?? 0
        }
        let (before414, before400) = (try count(414), try count(400))
        XCTAssertEqual(try fetch(port, "/v1/cards/classic.png?title=" + String(repeating: "t", count: 8 * 1024)).status, 414)
        XCTAssertEqual(try fetch(port, "/v1/cards/classic.png?title=a%zz").status, 400)
        XCTAssertEqual(try count(414), before414 + 1)
        XCTAssertEqual(try count(400), before400 + 1)
        XCTAssertGreaterThanOrEqual(try count(200), 2, "the /metrics answers themselves")
    }

    func testURLTooLong() throws {
        let port = try startService().port
        let title = String(repeating: "t", count: 8 * 1024)
        let response = try fetch(port, "/v1/cards/classic.png?title=" + title)
        assertError(response, 414, "url_too_long", field: nil)
        XCTAssertEqual(response.header("Connection"), "close")
        // just under the limit it is the title's own limit that refuses it
        let under = "/v1/cards/classic.png?title=" + String(repeating: "t", count: 8 * 1024 - 28)
        XCTAssertEqual(under.utf8.count, 8 * 1024)
        assertError(try fetch(port, under), 422, "invalid_event", field: "title")
    }

    func testHeadersTooLarge() throws {
        let port = try startService().port
        let response = try fetch(port, "/healthz", headers: ["X-Padding: " + String(repeating: "p", count: 16 * 1024)])
        assertError(response, 431, "headers_too_large", field: nil)
        let many = (0..<300).map { "X-Field-\($0): " + String(repeating: "v", count: 50) }
        assertError(try fetch(port, "/healthz", headers: many), 431, "headers_too_large", field: nil)
        XCTAssertEqual(try fetch(port, "/healthz", headers: ["X-Padding: " + String(repeating: "p", count: 8 * 1024)]).status, 200)
    }
}
