import JSONData
import XCTest

/// Hostile documents: each is refused with a reason and the byte where reading stopped, never a
/// crash, and in time linear in its size.
final class JSONHostileInputTests: XCTestCase {
    private func refusal(_ bytes: [UInt8], maximumDepth: Int = JSONValue.defaultMaximumDepth,
                         file: StaticString = #filePath, line: UInt = #line) -> JSONSyntaxError? {
        do {
            let value = try JSONValue.parse(bytes, maximumDepth: maximumDepth)
            XCTFail("accepted as \(value.kindName)", file: file, line: line)
            return nil
        } catch {
            XCTAssertEqual(error.kind, .malformed, file: file, line: line)
            XCTAssertTrue((0...bytes.count).contains(error.offset), "offset \(error.offset)", file: file, line: line)
            return error
        }
    }

    private func refusal(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        refusal(Array(text.utf8), file: file, line: line)?.reason ?? ""
    }

    func testDeepNestingIsRefusedAtTheBound() throws {
        for depth in [8, 32, 128] {
            let ok = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            XCTAssertNoThrow(try JSONValue.parse(Array(ok.utf8), maximumDepth: depth))
            let deep = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
            XCTAssertEqual(refusal(Array(deep.utf8), maximumDepth: depth)?.reason, "nested more than \(depth) levels deep")
        }
        // A million open brackets: refused at the bound, the stack never grows past it.
        let million = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        XCTAssertEqual(refusal(million)?.offset, JSONValue.defaultMaximumDepth)
        let objects = String(repeating: #"{"a":"#, count: 200_000)
        XCTAssertEqual(refusal(Array(objects.utf8))?.reason, "nested more than 128 levels deep")
    }

    func testStringsThatDoNotEnd() {
        XCTAssertEqual(refusal(#"["abc"#), "unterminated string")
        XCTAssertEqual(refusal(#"["abc\"#), "unterminated string")
        XCTAssertEqual(refusal(#"{"key"#), "unterminated string")
        XCTAssertEqual(refusal(#"["\u12"]"#), "expected four hex digits")
        XCTAssertEqual(refusal(#"["\u12"#), "expected four hex digits")
        XCTAssertEqual(refusal(#"["\x"]"#), #"unknown escape \x"#)
    }

    func testUnpairedSurrogateEscapesAreRefused() throws {
        XCTAssertEqual(refusal(#"["\ud800"]"#), #"a high surrogate \uD800 without a low one after it"#)
        XCTAssertEqual(refusal(#"["\ud800x"]"#), #"a high surrogate \uD800 without a low one after it"#)
        XCTAssertEqual(refusal(#"["\udc00"]"#), #"a low surrogate \uDC00 without a high one before it"#)
        XCTAssertEqual(refusal(#"["\ud800\u0041"]"#), #"a high surrogate \uD800 followed by \u0041"#)
        XCTAssertEqual(refusal(#"["\ud800\ud800"]"#), #"a high surrogate \uD800 followed by \uD800"#)
        XCTAssertEqual(try JSONValue.parse(Array(#"["\uD83C\uDF89\uFFFF\u0000"]"#.utf8)), .array([.string("🎉\u{FFFF}\u{0}")]))
    }

    /// Overlong forms, encoded surrogates, stray continuation bytes, truncated sequences and
    /// bytes that never occur in UTF-8, inside a string and outside.
    func testInvalidUTF8IsRefused() throws {
        let bad: [[UInt8]] = [[0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xF0, 0x80, 0x80, 0xAF], [0xED, 0xA0, 0x80],
                              [0x80], [0xBF], [0xC3], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xFE]]
        for sequence in bad {
            let error = refusal([UInt8(ascii: "["), UInt8(ascii: "\"")] + Array("ok ".utf8) + sequence + [UInt8(ascii: "\""), UInt8(ascii: "]")])
            XCTAssertEqual(error?.reason, "a string is not valid UTF-8", "\(sequence)")
            XCTAssertEqual(refusal([UInt8(ascii: "[")] + sequence + [UInt8(ascii: "]")])?.reason,
                           "expected a value, found the byte 0x\(String(sequence[0], radix: 16, uppercase: true)), which is not UTF-8", "\(sequence)")
        }
        XCTAssertEqual(try JSONValue.parse(Array(#"["é€🎉"]"#.utf8)), .array([.string("é€🎉")]))
    }

    func testNULAndControlCharacters() throws {
        XCTAssertEqual(refusal([UInt8(ascii: "["), UInt8(ascii: "\""), 0, UInt8(ascii: "\""), UInt8(ascii: "]")])?.reason, "NUL byte in a string")
        XCTAssertEqual(refusal([UInt8(ascii: "["), 0, UInt8(ascii: "]")])?.reason, "expected a value, found the control character U+0000")
        XCTAssertEqual(refusal([0])?.reason, "expected a value, found the control character U+0000")
        XCTAssertEqual(refusal([0x7F])?.reason, "expected a value, found the control character U+007F")
        XCTAssertEqual(refusal(Array("[1]".utf8) + [0])?.reason, "unexpected text after the value")
        for control in [0x01, 0x09, 0x0A, 0x0D, 0x1F] as [UInt8] {
            XCTAssertEqual(refusal([UInt8(ascii: "\""), control, UInt8(ascii: "\"")])?.reason, "unescaped control character in a string")
        }
        XCTAssertEqual(try JSONValue.parse(Array(#""\t\n\u001f\u007f""#.utf8)), .string("\t\n\u{1F}\u{7F}"))
    }

    /// What a word processor or a copy from a web page puts where a value should be is named:
    /// it cannot be seen at the byte offset.
    func testAnInvisibleOrTypographicCharacterWhereAValueShouldBeIsNamed() {
        XCTAssertEqual(refusal(#"{"title": “Party”}"#), "expected a value, found U+201C (“)")
        XCTAssertEqual(refusal("[\u{A0}1]"), "expected a value, found U+00A0")
        XCTAssertEqual(refusal("[\u{200B}1]"), "expected a value, found U+200B")
        XCTAssertEqual(refusal("[\u{301}1]"), "expected a value, found U+0301")
        XCTAssertEqual(refusal("[\u{1F389}]"), "expected a value, found U+1F389 (🎉)")
        XCTAssertEqual(refusal("[N]"), "expected a value")
    }

    func testNumbersOutsideTheGrammarOrRange() {
        XCTAssertEqual(refusal("[1e400]"), "number 1e400 is out of range")
        XCTAssertEqual(refusal("[-1e400]"), "number -1e400 is out of range")
        XCTAssertEqual(refusal("[1" + String(repeating: "0", count: 400) + "]"), "number 1" + String(repeating: "0", count: 39) + " is out of range")
        XCTAssertEqual(refusal("[01]"), "a number cannot start with 0")
        XCTAssertEqual(refusal("[-01]"), "a number cannot start with 0")
        XCTAssertEqual(refusal("[00]"), "a number cannot start with 0")
        for text in ["[+1]", "[.5]", "[NaN]", "[Infinity]", "[-Infinity]"] {
            XCTAssertEqual(refusal(text), text.hasPrefix("[-") ? "expected a digit" : "expected a value", text)
        }
        XCTAssertEqual(refusal("[0x10]"), "expected ',' or ']'")
        XCTAssertEqual(refusal("[1.]"), "expected a digit after '.'")
        XCTAssertEqual(refusal("[1e]"), "expected a digit in the exponent")
        XCTAssertEqual(refusal("[1e+]"), "expected a digit in the exponent")
        XCTAssertEqual(refusal("[-]"), "expected a digit")
        XCTAssertEqual(refusal("-"), "expected a digit")
    }

    func testTrailingGarbageCommasAndCommentsAreRefused() {
        XCTAssertEqual(refusal("[1] x"), "unexpected text after the value")
        XCTAssertEqual(refusal("{} {}"), "unexpected text after the value")
        XCTAssertEqual(refusal("[1,]"), "expected a value")
        XCTAssertEqual(refusal(#"{"a": 1,}"#), "expected a key in quotes")
        XCTAssertEqual(refusal("[1 2]"), "expected ',' or ']'")
        XCTAssertEqual(refusal(#"{"a" 1}"#), "expected ':' after a key")
        XCTAssertEqual(refusal("{a: 1}"), "expected a key in quotes")
        XCTAssertEqual(refusal("[1] // note"), "unexpected text after the value")
        XCTAssertEqual(refusal("/* note */ [1]"), "expected a value")
        XCTAssertEqual(refusal("[tru]"), "expected a value")
        XCTAssertEqual(refusal("nul"), "expected a value")
        XCTAssertEqual(refusal("\u{0C}[1]"), "expected a value, found the control character U+000C")
    }

    /// One leading UTF-8 byte-order mark is skipped (as Foundation's parser does); a second
    /// one, one elsewhere, and UTF-16 documents are refused.
    func testByteOrderMarks() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        XCTAssertEqual(try JSONValue.parse(bom + Array(#"{"a": 1}"#.utf8)), .object([.init(key: "a", value: .number(1))]))
        XCTAssertEqual(refusal(bom + bom + Array("[1]".utf8))?.offset, 3)
        XCTAssertEqual(refusal(Array("[".utf8) + bom + Array("1]".utf8))?.reason, "expected a value, found U+FEFF")
        XCTAssertEqual(refusal(bom)?.reason, "unexpected end of the document")
        XCTAssertNotNil(refusal([0xFF, 0xFE] + Array("[1]".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
    }

    func testEmptyAndBlankDocuments() {
        XCTAssertEqual(refusal([])?.reason, "unexpected end of the document")
        XCTAssertEqual(refusal(" \n\t\r"), "unexpected end of the document")
        XCTAssertEqual(refusal("["), "unexpected end of the document")
        XCTAssertEqual(refusal("{"), "unexpected end of the document")
        XCTAssertEqual(refusal(#"{"a":"#), "unexpected end of the document")
        XCTAssertEqual(refusal(#"{"a":1"#), "unexpected end of the document")
    }

    /// Ten megabytes in one string, and in many small values, read in one pass; cut short,
    /// refused at the end.
    func testTenMegabyteDocuments() throws {
        let big = String(repeating: "abcdefghij", count: 1_000_000)
        XCTAssertEqual(try JSONValue.parse(Array("[\"\(big)\"]".utf8)), .array([.string(big)]))
        let items = Array(repeating: #"{"k":[1.5,true,null,"x"]}"#, count: 400_000).joined(separator: ",")
        guard case .array(let values) = try JSONValue.parse(Array("[\(items)]".utf8)) else { return XCTFail("not an array") }
        XCTAssertEqual(values.count, 400_000)
        let cut = Array("[\(items)".utf8)
        XCTAssertEqual(refusal(cut)?.offset, cut.count)
    }

    /// Errors inside a value say which member they are in.
    func testErrorsNameTheMember() {
        XCTAssertEqual(refusal(Array(##"{"elements": [{"fill": "#fff}]}"##.utf8))?.path, "elements[0].fill")
        XCTAssertEqual(refusal(Array(#"[0, [1, tru]]"#.utf8))?.path, "[1][1]")
        XCTAssertEqual("\(refusal(Array(#"{"a": [1,]}"#.utf8))!)", "expected a value at byte 9 (in a[1])")
    }

    /// A message names a deep member by its ends and its depth, not 128 levels of path; the
    /// path itself stays whole.
    func testADeepMemberIsNamedByItsEnds() throws {
        func nested(_ levels: Int) -> [UInt8] {
            Array((#"{"top": "# + String(repeating: #"[{"k": "#, count: levels) + "tru").utf8)
        }
        let ten = try XCTUnwrap(refusal(nested(4) + Array("]".utf8)))
        XCTAssertEqual(ten.pathComponents.count, 9)
        XCTAssertEqual("\(ten)", "expected a value at byte 36 (in top[0].k[0].k[0].k[0].k)")
        let deep = try XCTUnwrap(refusal(nested(100), maximumDepth: 1_000))
        XCTAssertEqual(deep.pathComponents.count, 201)
        XCTAssertEqual(deep.path, "top" + String(repeating: "[0].k", count: 100))
        XCTAssertEqual("\(deep)", "expected a value at byte 708 (in top[0].k[0]…[0].k[0].k, 201 levels)")
        let eleven = try XCTUnwrap(refusal(Array(#"{"a": {"b": [[[[[[[[[tru"#.utf8)))
        XCTAssertEqual("\(eleven)", "expected a value at byte 21 (in a.b[0][0]…[0][0][0][0], 11 levels)")
    }
}
