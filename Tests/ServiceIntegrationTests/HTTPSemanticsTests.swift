import CardService
import Foundation
import HTTPServer
import HTTPTypes
import TestSupport
import XCTest

/// Conditional requests, content negotiation and request-body strictness, over loopback.
final class HTTPSemanticsTests: XCTestCase {
    static let card = "/v1/cards/classic.png?title=Conditions"
    static let json = "Content-Type: application/json"

    func post(_ port: Int, _ body: String, headers: [String] = [HTTPSemanticsTests.json]) throws -> HTTPWireResponse {
        try LoopbackHTTPClient(port: port).request("POST", "/v1/cards", headers: headers, body: Array(body.utf8))
    }

    /// Every If-None-Match field line counts (RFC 9110 §5.3: a list may be split across lines).
    func testIfNoneMatchReadsEveryFieldLine() throws {
        let port = try startService().port
        let first = try fetch(port, Self.card)
        let etag = try XCTUnwrap(first.header("ETag"))
        for lines in [["If-None-Match: \"other\"", "If-None-Match: \(etag)"],
                      ["If-None-Match: \"a,b\", \(etag)"],
                      ["If-None-Match: \"x\"", "If-None-Match: W/\(etag), \"y\""]] {
            let response = try fetch(port, Self.card, headers: lines)
            XCTAssertEqual(response.status, 304, "\(lines)")
            XCTAssertEqual(response.header("ETag"), etag)
            XCTAssertTrue(response.body.isEmpty)
        }
        // no tag matches, or the field is malformed: the card itself
        for lines in [["If-None-Match: \"other\"", "If-None-Match: \"more\""], ["If-None-Match: \(etag.dropFirst())"]] {
            XCTAssertEqual(try fetch(port, Self.card, headers: lines).status, 200, "\(lines)")
        }
    }

    /// If-Match holds only for the current strong tag (or `*`); otherwise 412, before rendering.
    func testIfMatch() throws {
        let port = try startService().port
        let etag = try XCTUnwrap(try fetch(port, Self.card).header("ETag"))
        for lines in [["If-Match: \(etag)"], ["If-Match: *"], ["If-Match: \"x\"", "If-Match: \(etag)"]] {
            XCTAssertEqual(try fetch(port, Self.card, headers: lines).status, 200, "\(lines)")
        }
        for lines in [["If-Match: \"other\""], ["If-Match: W/\(etag)"], ["If-Match: not-a-tag"]] {
            assertError(try fetch(port, Self.card, headers: lines), 412, "precondition_failed", field: nil)
        }
        // If-Match is evaluated before If-None-Match
        assertError(try fetch(port, Self.card, headers: ["If-Match: \"other\"", "If-None-Match: \(etag)"]), 412, "precondition_failed", field: nil)
        // the palette preview has a tag too; the catalog has none, so only * holds
        let preview = "/v1/palettes/default/preview.png"
        let previewTag = try XCTUnwrap(try fetch(port, preview).header("ETag"))
        XCTAssertEqual(try fetch(port, preview, headers: ["If-Match: \(previewTag)"]).status, 200)
        assertError(try fetch(port, preview, headers: ["If-Match: \(etag)"]), 412, "precondition_failed", field: nil)
        XCTAssertEqual(try fetch(port, "/v1/palettes", headers: ["If-Match: *"]).status, 200)
        assertError(try fetch(port, "/v1/palettes", headers: ["If-Match: \"x\""]), 412, "precondition_failed", field: nil)
        // POST /v1/cards has no current representation: even * fails
        assertError(try post(port, #"{"title":"x"}"#, headers: [Self.json, "If-Match: *"]), 412, "precondition_failed", field: nil)
        // a bad request is still a 400, whatever If-Match says
        assertError(try fetch(port, Self.card + "&scale=9", headers: ["If-Match: \"x\""]), 400, "invalid_parameter", field: "scale")
    }

    /// A share page's strong tag holds for If-Match as it does for If-None-Match (RFC 9110
    /// §13.1.1), and a request that would not be a 2xx without its conditions keeps its own
    /// status on every route (§13.2.1): an unknown palette or template is a 404, a bad share
    /// query a 4xx, a malformed POST body a 400, never a 412.
    func testIfMatchOnSharePagesAndInvalidRequests() throws {
        let port = try startService().port
        let share = "/v1/share?title=Hi&template=classic"
        let shareTag = try XCTUnwrap(try fetch(port, share).header("ETag"))
        XCTAssertEqual(try fetch(port, share, headers: ["If-Match: \(shareTag)"]).status, 200)
        XCTAssertEqual(try fetch(port, share, headers: ["If-Match: \"x\"", "If-Match: \(shareTag)"]).status, 200)
        XCTAssertEqual(try LoopbackHTTPClient(port: port).request("HEAD", share, headers: ["If-Match: \(shareTag)"]).status, 200)
        let failed = try fetch(port, share, headers: ["If-Match: \"x\""])
        assertError(failed, 412, "precondition_failed", field: nil)
        XCTAssertEqual(try failed.errorObject().message, "If-Match does not match: the current entity tag is \(shareTag)")

        let notMatching = ["If-Match: \"x\""]
        assertError(try fetch(port, "/v1/palettes/nope", headers: notMatching), 404, "unknown_palette", field: "palette")
        XCTAssertEqual(try fetch(port, "/v1/templates/nope", headers: notMatching).status, 404)
        XCTAssertEqual(try fetch(port, "/v1/share?template=nope&title=x", headers: notMatching).status, 404)
        XCTAssertEqual(try fetch(port, "/v1/share?title=", headers: notMatching).status, 422)
        assertError(try fetch(port, "/v1/share?title=x&scale=9", headers: notMatching), 400, "invalid_parameter", field: "scale")
        assertError(try post(port, #"{"title":"#, headers: [Self.json, "If-Match: *"]), 400, "malformed_body", field: nil)
        XCTAssertEqual(try post(port, #"{"title":""}"#, headers: [Self.json, "If-Match: *"]).status, 422)
        // the catalog's own answers still take only *
        XCTAssertEqual(try fetch(port, "/v1/templates/classic", headers: ["If-Match: *"]).status, 200)
        assertError(try fetch(port, "/v1/templates/classic", headers: notMatching), 412, "precondition_failed", field: nil)
    }

    /// Accept is read with q-values: q=0 refuses a type; the highest weight wins.
    func testAcceptWeights() throws {
        let port = try startService().port
        let body = #"{"title":"Negotiated"}"#
        let cases: [(lines: [String], type: String?)] = [
            (["Accept: application/json;q=0"], nil),
            (["Accept: application/json;q=0, image/png"], "image/png"),
            (["Accept: image/png;q=0.5, application/json"], "application/json"),
            (["Accept: application/json;q=0.5, image/png"], "image/png"),
            (["Accept: image/*;q=0, */*"], "application/json"),
            (["Accept: text/html", "Accept: application/json"], "application/json"),
            (["Accept: text/html, image/png;q=0.1"], "image/png"),
            (["Accept: application/jsonp"], nil),
            (["Accept: */*"], "image/png"),
            ([], "image/png"),
        ]
        for c in cases {
            let response = try post(port, body, headers: [Self.json] + c.lines)
            if let type = c.type {
                XCTAssertEqual(response.status, 200, "\(c.lines): \(response.text)")
                XCTAssertEqual(response.header("Content-Type"), type, "\(c.lines)")
            } else {
                assertError(response, 406, "not_acceptable", field: nil)
            }
        }
    }

    /// POST takes JSON (or a multipart photo upload); anything else is 415 with Accept-Post, before the body is read.
    func testPostRequiresJSON() throws {
        let port = try startService().port
        let body = #"{"title":"Typed"}"#
        for lines in [[], ["Content-Type: text/plain"], ["Content-Type: application/x-www-form-urlencoded"],
                      ["Content-Type: application/json; charset=latin1"], ["Content-Type: application/json", "Content-Type: application/json"],
                      ["Content-Type: json"]] {
            let response = try post(port, body, headers: lines)
            assertError(response, 415, "unsupported_media_type", field: "Content-Type")
            XCTAssertEqual(response.header("Accept-Post"), "application/json, multipart/form-data")
        }
        // A coded body is refused by its coding (RFC 9110 §15.5.16), not judged as malformed
        // JSON, nor taken as plain when labelled br; identity is no coding at all.
        for coding in ["gzip", "br", "identity, gzip", "deflate"] {
            let response = try post(port, body, headers: ["Content-Type: application/json", "Content-Encoding: \(coding)"])
            assertError(response, 415, "unsupported_media_type", field: "Content-Encoding")
            XCTAssertEqual(response.header("Accept-Encoding"), "identity", coding)
        }
        XCTAssertEqual(try post(port, body, headers: ["Content-Type: application/json", "Content-Encoding: identity"]).status, 200)
        let multipart = try post(port, "--b\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nx\r\n--b--\r\n",
                                 headers: ["Content-Type: multipart/form-data; boundary=b"])
        assertError(multipart, 400, "unknown_part", field: "title")
        for type in ["application/json", "application/json; charset=utf-8", "Application/JSON;charset=\"UTF-8\""] {
            let response = try post(port, body, headers: ["Content-Type: \(type)"])
            XCTAssertEqual(response.status, 200, "\(type): \(response.text)")
        }
    }

    /// A key given twice is a malformed body naming the key, at any depth.
    func testDuplicateKeysAreRefused() throws {
        let port = try startService().port
        let cases: [(body: String, field: String)] = [
            (#"{"title":"First","title":"Second"}"#, "title"),
            (#"{"title":"First","\u0074itle":"Second"}"#, "title"),
            (#"{"title":"x","color":"user_red","palette":"default","color":"user_blue"}"#, "color"),
            (#"{"title":"x","subtitle":{"a":1,"a":2}}"#, "subtitle.a"),
        ]
        for c in cases {
            let response = try post(port, c.body)
            assertError(response, 400, "duplicate_key", field: c.field)
            XCTAssertTrue(response.text.contains("appears more than once"), response.text)
        }
        XCTAssertEqual(try post(port, #"{"title":"x","subtitle":"x"}"#).status, 200)
    }

    /// The body is read by the same strict parser as every other JSON input, once: what it
    /// refuses is a 400 JSON error over the socket (never a crash, never a card), a
    /// well-formed body whose `size` is not a size a 422.
    func testBodiesAreStrictJSON() throws {
        let port = try startService().port
        func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
            Array(text.utf16).flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        }
        let malformed: [(body: [UInt8], message: String)] = [
            (Array(#"{"title":"x",}"#.utf8), "expected a key in quotes"),
            (Array(#"{"title":"x","size":"og",}"#.utf8), "expected a key in quotes"),
            (Array(#"{"title":"x","subtitle":["a",]}"#.utf8), "expected a value"),
            (Array(#"{"title":"x","size":NaN}"#.utf8), "expected a value"),
            (Array(#"{"title":"x","size":Infinity}"#.utf8), "expected a value"),
            (Array(#"{"title":"x","size":1e400}"#.utf8), "number 1e400 is out of range"),
            (Array(#"{"title":"\ud800 alone"}"#.utf8), "without a low one after it"),
            (Array((#"{"title":"x","subtitle":"# + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}").utf8),
             "nested more than 128 levels deep"),
            ([0xFF, 0xFE] + utf16(#"{"title":"x"}"#, bigEndian: false), "UTF-16"),
            (utf16(#"{"title":"x"}"#, bigEndian: true), "UTF-16"),
            ([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array(#"{"title":"x"}"#.utf8), "expected a value"),
        ]
        for c in malformed {
            let response = try LoopbackHTTPClient(port: port).request("POST", "/v1/cards", headers: [Self.json], body: c.body)
            assertError(response, 400, "malformed_body", field: nil)
            XCTAssertTrue(try response.errorObject().message.contains(c.message), response.text)
        }
        for (body, field) in [(#"{"title":"x","size":"og","size":"story"}"#, "size"), (#"{"size":"og","title":"x","title":"y"}"#, "title")] {
            let response = try post(port, body)
            assertError(response, 400, "duplicate_key", field: field)
            XCTAssertEqual(try response.errorObject().message, "\(field): appears more than once in one object")
        }
        for body in [#"{"title":"x","size":1e300}"#, #"{"title":"x","size":1200}"#, #"{"title":"x","size":["og"]}"#, #"{"title":"x","size":"9999x9999"}"#] {
            assertError(try post(port, body), 422, "invalid_event", field: "size")
        }
        // One leading byte-order mark is skipped; a null size is the template's own size.
        let plain = try post(port, #"{"title":"x"}"#)
        XCTAssertEqual(plain.status, 200, plain.text)
        for body in [[0xEF, 0xBB, 0xBF] + Array(#"{"title":"x"}"#.utf8), Array(#"{"title":"x","size":null}"#.utf8)] {
            let response = try LoopbackHTTPClient(port: port).request("POST", "/v1/cards", headers: [Self.json], body: body)
            XCTAssertEqual(response.status, 200, response.text)
            XCTAssertEqual(response.header("ETag"), plain.header("ETag"))
        }
        // The size in the body and the same size as a parameter are the same card.
        let sized = try post(port, #"{"title":"x","size":"og"}"#)
        XCTAssertEqual(sized.status, 200, sized.text)
        XCTAssertEqual(sized.body, try LoopbackHTTPClient(port: port).request("POST", "/v1/cards?size=og", headers: [Self.json], body: Array(#"{"title":"x"}"#.utf8)).body)
    }

    /// One emoji may be a long sequence, but not thousands of code points.
    func testEmojiCodePointLimit() throws {
        let port = try startService().port
        let flood = "🎉" + String(repeating: "\u{301}", count: 20_000)
        let response = try post(port, "{\"title\":\"x\",\"emoji\":\"\(flood)\"}", headers: [Self.json, "Accept: application/json"])
        assertError(response, 422, "invalid_event", field: "emoji")
        XCTAssertTrue(response.text.contains("over the limit of 16"), response.text)
        let query = "/v1/cards/classic.png?title=x&emoji=%F0%9F%8E%89" + String(repeating: "%CC%81", count: 16)
        assertError(try fetch(port, query), 422, "invalid_event", field: "emoji")
        // the longest real sequences: a family of four with skin tones (11 code points), a
        // kiss with skin tones (10), the flag of Scotland (7)
        for emoji in ["👨🏻‍👩🏻‍👧🏻‍👦🏻", "👩🏻‍❤️‍💋‍👨🏼", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"] {
            let accepted = try post(port, "{\"title\":\"x\",\"emoji\":\"\(emoji)\"}", headers: [Self.json, "Accept: application/json"])
            XCTAssertEqual(accepted.status, 200, "\(emoji.unicodeScalars.count) code points: \(accepted.text)")
        }
    }
}
