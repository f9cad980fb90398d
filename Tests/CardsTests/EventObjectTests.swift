import Cards
import Foundation
import JSONData
import XCTest

/// An event's object parsed once by the strict parser: what it refuses, how each refusal is
/// worded, and taking out the members a receiver owns.
final class EventObjectTests: XCTestCase {
    private func refusal(_ bytes: [UInt8], maximumBytes: Int = EventDecoder.defaultMaximumBytes) -> EventObjectError? {
        do { _ = try EventObject(parsing: bytes, maximumBytes: maximumBytes); return nil } catch { return error }
    }

    private func refusal(_ json: String) -> EventObjectError? { refusal(Array(json.utf8)) }

    func testRepeatedKeysNameTheirPathAtAnyDepth() {
        let cases: [(String, String)] = [
            (#"{"title":"a","title":"b"}"#, "title"),
            (#"{"title":"a","\u0074itle":"b"}"#, "title"),
            (#"{"id":"a","title":"x","id":"b"}"#, "id"),
            (#"{"title":"x","size":"og","size":"story"}"#, "size"),
            (#"{"a":{"b":1,"b":2}}"#, "a.b"),
            (#"{"a":[{"x":1},{"x":1,"y":"\"","x":3}]}"#, "a[1].x"),
            (#"{"\ud83c\udf89":3,"🎉":4}"#, "🎉"),
        ]
        for (json, path) in cases {
            XCTAssertEqual(refusal(json), EventObjectError(kind: .repeatedKey, path: path, reason: "appears more than once"), json)
        }
        // the same key in sibling objects, and keys that only look alike, are fine
        XCTAssertNil(refusal(#"{"a":{"x":1},"b":{"x":1},"c":"x","x":"a"}"#))
        XCTAssertNil(refusal(#"{"t\"":1,"t":2,"\ud83c\udf89":3,"🎉x":4}"#))
    }

    /// What Foundation's parser let through, or crashed on, is a malformed object whose
    /// reason says what is wrong and where.
    func testHostileInputIsMalformedWithAReason() {
        let cases: [(bytes: [UInt8], reason: String)] = [
            (Array(#"{"title":"x",}"#.utf8), "malformed JSON: expected a key in quotes at byte 13"),
            (Array(#"{"title":"x","size":"og",}"#.utf8), "malformed JSON: expected a key in quotes at byte 25"),
            (Array(#"{"title":NaN}"#.utf8), "malformed JSON: expected a value at byte 9 (in title)"),
            (Array(#"{"title":"x","quality":Infinity}"#.utf8), "malformed JSON: expected a value at byte 23 (in quality)"),
            (Array(#"{"title":"x","size":-Infinity}"#.utf8), "malformed JSON: expected a digit at byte 21 (in size)"),
            (Array(#"{"title":"x","size":1e400}"#.utf8), "malformed JSON: number 1e400 is out of range at byte 20 (in size)"),
            (Array(#"{"title":"\ud800"}"#.utf8), #"malformed JSON: a high surrogate \uD800 without a low one after it at byte 16 (in title)"#),
            (Array(#"{"title":"\udc00x"}"#.utf8), #"malformed JSON: a low surrogate \uDC00 without a high one before it at byte 16 (in title)"#),
            (Array(String(repeating: "[", count: 10_000).utf8),
             "malformed JSON: nested more than 128 levels deep at byte 128 (in [0][0][0][0]…[0][0][0][0], 128 levels)"),
            (Array((String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000)).utf8),
             "malformed JSON: nested more than 128 levels deep at byte 640 (in a.a.a.a…a.a.a.a, 128 levels)"),
            (Array(#"{"title":"x"} {"title":"y"}"#.utf8), "malformed JSON: unexpected text after the value at byte 14"),
            ([], "malformed JSON: unexpected end of the document at byte 0"),
            (Array("[1]".utf8), "expected a JSON object with a title, found an array"),
            (Array("null".utf8), "expected a JSON object with a title, found null"),
            ([0xFF, 0xFE] + Array(#"{"title":"x"}"#.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, "event is UTF-16 or UTF-32; JSON must be UTF-8"),
            (Array(#"{"title":"x"}"#.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }, "event is UTF-16 or UTF-32; JSON must be UTF-8"),
            (Array(#"{"title":"caf"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8), "event is not valid UTF-8"),
            ([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array(#"{"title":"x"}"#.utf8), "malformed JSON: expected a value, found U+FEFF at byte 3"),
        ]
        for c in cases {
            let error = refusal(c.bytes)
            XCTAssertEqual(error?.kind, .malformed, "\(c.bytes.prefix(40))")
            XCTAssertEqual(error?.reason, c.reason, "\(c.bytes.prefix(40))")
            XCTAssertEqual(error?.eventError, EventError(field: "", reason: c.reason))
        }
    }

    /// Cut short anywhere, or a lone bracket or quote: malformed, never a crash.
    func testTruncatedInputIsMalformed() {
        for bad in ["{", "}", "\"", "{\"a", "{\"a\\u12", "{\"title\":", "{\"title\":\"x\"", "{\"title\":\"x\",\"size\"", "\u{0}"] {
            XCTAssertEqual(refusal(bad)?.kind, .malformed, bad.debugDescription)
        }
    }

    func testOneByteOrderMarkIsSkippedAndTheSizeLimitIsChecked() throws {
        XCTAssertEqual(try EventObject(parsing: [0xEF, 0xBB, 0xBF] + Array(#"{"title":"x"}"#.utf8)).members,
                       [JSONValue.Member(key: "title", value: .string("x"))])
        let big = Array((#"{"title":""# + String(repeating: "a", count: 100) + #""}"#).utf8)
        XCTAssertEqual(refusal(big, maximumBytes: 100)?.reason, "event is \(big.count) bytes, over the limit of 100")
        XCTAssertNil(refusal(big, maximumBytes: big.count))
    }

    /// Linear in the input: many keys (past the parser's switch to a set) and deep nesting.
    func testLargeInputsStayFast() {
        let manyKeys = "{" + (0..<8000).map { "\"k\($0)\":1" }.joined(separator: ",") + ",\"k0\":2}"
        let start = Date()
        XCTAssertEqual(refusal(Array(manyKeys.utf8), maximumBytes: 1 << 20)?.path, "k0")
        XCTAssertEqual(refusal(Array(String(repeating: "[", count: 64 << 10).utf8), maximumBytes: 1 << 20)?.kind, .malformed)
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
    }

    /// A receiver takes its members out; the decoder reads the rest, and refuses what is left
    /// that is not an event field.
    func testTakenMembersAreGoneAndTheRestIsTheEvent() throws {
        var object = try EventObject(parsing: Array(#"{"id":"a","title":"Hi","size":null,"photo":"p.jpg"}"#.utf8))
        XCTAssertEqual(object.take("id"), .string("a"))
        XCTAssertEqual(object.take("size"), .null, "null is a value the receiver judges")
        XCTAssertNil(object.take("id"), "taken once")
        XCTAssertNil(object.take("format"))
        XCTAssertThrowsError(try EventDecoder().decode(object)) { error in
            XCTAssertEqual(error as? EventError, EventError(field: "photo", reason: "unknown field (expected one of: color, date, emoji, endDate, locale, palette, subtitle, template, title)"))
        }
        // The fields the receiver took are named with the event's, so the list is what it accepts.
        XCTAssertThrowsError(try EventDecoder().decode(object, otherFields: ["id", "size"])) { error in
            XCTAssertEqual(error as? EventError, EventError(field: "photo", reason: "unknown field (expected one of: color, date, emoji, endDate, id, locale, palette, size, subtitle, template, title)"))
        }
        XCTAssertEqual(object.take("photo"), .string("p.jpg"))
        XCTAssertEqual(try EventDecoder().decode(object), try EventDecoder().decode(Data(#"{"title":"Hi"}"#.utf8)))
    }
}
