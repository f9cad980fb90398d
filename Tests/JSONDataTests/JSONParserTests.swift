import JSONData
import XCTest

/// What the parser builds: members in order, repeated keys refused, numbers and booleans apart.
final class JSONParserTests: XCTestCase {
    /// Objects keep their members in order; a repeated key is refused whether the object is
    /// small (scanned) or large (a set past 16 members), and equality ignores member order.
    func testParserObjectsRefuseRepeatedKeysAtAnySize() throws {
        func object(_ keys: [String]) -> String { "{" + keys.enumerated().map { "\"\($0.element)\": \($0.offset)" }.joined(separator: ", ") + "}" }
        let many = (0..<40).map { "k\($0)" }
        guard case .object(let members) = try JSONValue.parse(Array(object(many).utf8)) else { return XCTFail("not an object") }
        XCTAssertEqual(members.map(\.key), many)
        XCTAssertEqual(members.last?.value, .number(39))
        for repeatAt in [1, 15, 16, 17, 39] {
            var keys = Array(many.prefix(repeatAt))
            keys.append(many[0])
            keys += many.suffix(3).map { $0 + "x" }
            XCTAssertThrowsError(try JSONValue.parse(Array(object(keys).utf8)), "repeat after \(repeatAt) keys") { error in
                XCTAssertTrue("\(error)".contains("key \"k0\" given twice"), "\(error)")
            }
        }
        XCTAssertEqual(try JSONValue.parse(Array(#"{"a": 1, "b": [true]}"#.utf8)), try JSONValue.parse(Array(#"{"b": [true], "a": 1}"#.utf8)))
        XCTAssertNotEqual(try JSONValue.parse(Array(#"{"a": 1}"#.utf8)), try JSONValue.parse(Array(#"{"a": 1, "b": 2}"#.utf8)))
        XCTAssertNotEqual(try JSONValue.parse(Array(#"{"a": 1, "b": 2}"#.utf8)), try JSONValue.parse(Array(#"{"a": 1, "c": 2}"#.utf8)))
    }

    func testParserEdgeCases() throws {
        XCTAssertEqual(try JSONValue.parse(Array(#" {"a": ["\u00e9\ud83c\udf82\n", -1.5e2, true, null]} "#.utf8)),
                       .object([.init(key: "a", value: .array([.string("é🎂\n"), .number(-150), .bool(true), .null]))]))
        for bad in ["{\"a\": 1,}", "[1,]", "{\"a\": 1, \"a\": 2}", "[01]", "\"\\ud800\"", "\"a", "[1] x", "{a: 1}",
                    "\"tab\there\"", String(repeating: "[", count: 40) + String(repeating: "]", count: 40), "", "-", "nul"] {
            XCTAssertThrowsError(try JSONValue.parse(Array(bad.utf8), maximumDepth: 32), bad)
        }
    }

    /// A repeated key names its path, at any depth, compared after unescaping.
    func testRepeatedKeysNameTheirPath() {
        func repeated(_ json: String) -> String? {
            do { _ = try JSONValue.parse(Array(json.utf8)); return nil } catch {
                XCTAssertEqual(error.kind, .repeatedKey, json)
                return error.path
            }
        }
        XCTAssertEqual(repeated(#"{"title":"a","title":"b"}"#), "title")
        XCTAssertEqual(repeated(#"{"title":"a","\u0074itle":"b"}"#), "title")
        XCTAssertEqual(repeated(#"{"a":{"b":1,"b":2}}"#), "a.b")
        XCTAssertEqual(repeated(#"{"a":[{"x":1},{"x":1,"y":"\"","x":3}]}"#), "a[1].x")
        XCTAssertEqual(repeated(#"[[0, {"x":1,"x":1}]]"#), "[0][1].x")
        XCTAssertNil(repeated(#"{"a":{"x":1},"b":{"x":1},"c":"x","x":"a"}"#))
    }

    /// `true` is a boolean and `1` a number: Foundation's NSNumber is both, this parser keeps
    /// them apart. Whole numbers read exactly; `-0` is 0; `1.0` stays a number equal to 1.
    func testNumbersAndBooleansStayApart() throws {
        XCTAssertEqual(try JSONValue.parse(Array("[true, false, 1, 0, 1.0, -0, -0.0, 1e2, 1E+2, 25e-1, 123456789012345678901234567890]".utf8)),
                       .array([.bool(true), .bool(false), .number(1), .number(0), .number(1), .number(0), .number(-0.0),
                               .number(100), .number(100), .number(2.5), .number(1.2345678901234568e29)]))
        XCTAssertNotEqual(JSONValue.bool(true), .number(1))
        XCTAssertNotEqual(JSONValue.bool(false), .number(0))
        guard case .number(let zero) = try JSONValue.parse(Array("-0".utf8)) else { return XCTFail("not a number") }
        XCTAssertEqual(zero.sign, .plus)
        guard case .number(let tiny) = try JSONValue.parse(Array("1e-400".utf8)) else { return XCTFail("not a number") }
        XCTAssertEqual(tiny, 0)
        XCTAssertEqual(try JSONValue.parse(Array("9007199254740993".utf8)), .number(9007199254740992))
    }
}
