import Cards
import JSONData
import XCTest

/// An event object's refusal carries the parser's own error (kind, byte offset, path) when
/// the parser refused the bytes, and none when it did not get that far.
final class EventObjectSyntaxErrorTests: XCTestCase {
    private func refusal(_ bytes: [UInt8], maximumBytes: Int = EventDecoder.defaultMaximumBytes) -> EventObjectError? {
        do { _ = try EventObject(parsing: bytes, maximumBytes: maximumBytes); return nil } catch { return error }
    }

    private func refusal(_ json: String, maximumBytes: Int = EventDecoder.defaultMaximumBytes) -> EventObjectError? {
        refusal(Array(json.utf8), maximumBytes: maximumBytes)
    }

    func testTheParsersErrorIsCarried() throws {
        let malformed = try XCTUnwrap(refusal(#"{"title":"x",}"#))
        XCTAssertEqual(malformed.syntax, JSONSyntaxError(kind: .malformed, reason: "expected a key in quotes", offset: 13))
        XCTAssertEqual(malformed.kind, .malformed)
        XCTAssertEqual(malformed.reason, "malformed JSON: expected a key in quotes at byte 13")

        let repeated = try XCTUnwrap(refusal(#"{"a":[{"x":1},{"x":1,"x":3}]}"#))
        XCTAssertEqual(repeated.syntax?.kind, .repeatedKey)
        XCTAssertEqual(repeated.syntax?.offset, 21)
        XCTAssertEqual(repeated.path, "a[1].x")
        XCTAssertEqual(repeated.reason, "appears more than once")
        XCTAssertEqual(repeated.eventError, EventError(field: "a[1].x", reason: "appears more than once"))

        // the parser's error, with the encoding named as the reason
        let utf16: [UInt8] = [0xFF, 0xFE] + Array(#"{"title":"x"}"#.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let encoding = try XCTUnwrap(refusal(utf16))
        XCTAssertEqual(encoding.syntax?.kind, .malformed)
        XCTAssertEqual(encoding.syntax?.offset, 0)
        XCTAssertEqual(encoding.reason, "event is UTF-16 or UTF-32; JSON must be UTF-8")
    }

    func testRefusalsBeforeOrAfterTheParserCarryNone() throws {
        let big = try XCTUnwrap(refusal(#"{"title":"abc"}"#, maximumBytes: 4))
        XCTAssertNil(big.syntax)
        XCTAssertEqual(big.kind, .malformed)
        XCTAssertEqual(big.reason, "event is 15 bytes, over the limit of 4")
        let array = try XCTUnwrap(refusal("[1]"))
        XCTAssertNil(array.syntax)
        XCTAssertEqual(array.path, "")
        XCTAssertEqual(array.eventError, EventError(field: "", reason: "expected a JSON object with a title, found an array"))
    }
}
