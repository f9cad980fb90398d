import Foundation
import JSONData
import XCTest

/// `JSONValueEncoder` with the sorted compact layout, the path of the HTTP API's typed
/// answers: the bytes Foundation's `JSONEncoder` (`.sortedKeys`, `.withoutEscapingSlashes`)
/// wrote, but for the characters `JSONString` escapes that it did not.
final class JSONValueEncoderTests: XCTestCase {
    struct Inner: Encodable {
        let x: Int
        let label: String?
        let values: [Double]
    }

    struct Outer: Encodable {
        let name: String
        let shareURL: String
        let shareText: String
        let inner: Inner
        let items: [Inner]
        let empty: [Inner]
        let flag: Bool
        let missing: String?
        let byName: [String: Int]
        let fontSize: Double
        let frame: [Double]
    }

    static func sample(_ text: String) -> Outer {
        Outer(name: text, shareURL: "https://example.com/v1/share?title=a%20b&v=3", shareText: "Join us 🎉 — “quoted” é",
              inner: Inner(x: -7, label: nil, values: [0, 0.5, 60, 1e21, 1e-7]),
              items: [Inner(x: 1, label: "a", values: []), Inner(x: 9_007_199_254_740_992, label: "", values: [-0.0])],
              empty: [], flag: true, missing: nil, byName: ["b": 2, "a": 1, "B": 3], fontSize: 58.333, frame: [80, 120.5, 864, 336])
    }

    private func foundation(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func ours(_ value: some Encodable) throws -> String {
        try JSONValueEncoder().encode(value).text(.sortedCompact)
    }

    func testSameBytesAsFoundationForEverythingButTheExtraEscapes() throws {
        for text in ["plain", "a/b \"q\" \\ é 🎉 e\u{301}", "\u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}", "", "<script>&amp;</script>"] {
            XCTAssertEqual(try ours(Self.sample(text)), try foundation(Self.sample(text)), text.debugDescription)
        }
    }

    /// DEL, C1 controls and U+2028/U+2029 are the deliberate differences: escaped here,
    /// written raw by Foundation.
    func testTheExtraEscapesAreTheOnlyDifference() throws {
        let text = "a\u{7F}b\u{85}c\u{9B}d\u{2028}e\u{2029}"
        let expected = try foundation(Self.sample(text))
            .replacingOccurrences(of: text, with: #"a\u007fb\u0085c\u009bd\u2028e\u2029"#)
        XCTAssertNotEqual(expected, try foundation(Self.sample(text)))
        XCTAssertEqual(try ours(Self.sample(text)), expected)
    }

    func testOptionalsNestedContainersAndRepeatedKeys() throws {
        struct Custom: Encodable {
            enum Key: String, CodingKey { case a, b, nested, list, base }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: Key.self)
                try c.encode(1, forKey: .a)
                try c.encode(2, forKey: .a)
                try c.encode(String?.none, forKey: .b)
                var nested = c.nestedContainer(keyedBy: Key.self, forKey: .nested)
                try nested.encodeNil(forKey: .a)
                var list = c.nestedUnkeyedContainer(forKey: .list)
                try list.encode("x")
                var inner = list.nestedUnkeyedContainer()
                try inner.encode(true)
                try list.encodeNil()
                try "super".encode(to: c.superEncoder(forKey: .base))
            }
        }
        XCTAssertEqual(try ours(Custom()), try foundation(Custom()))
        XCTAssertEqual(try ours(Custom()), #"{"a":2,"b":null,"base":"super","list":["x",[true],null],"nested":{"a":null}}"#)
        XCTAssertEqual(try ours([String: [Int]]()), "{}")
        XCTAssertEqual(try ours([Int]()), "[]")
        XCTAssertEqual(try ours("top"), #""top""#)
    }

    /// A number with no exact JSON form is refused, naming where it is.
    func testNumbersWithoutAnExactFormAreRefused() {
        struct Holder: Encodable {
            let values: [Double]
            let count: Int
        }
        for (holder, path) in [(Holder(values: [1, .nan], count: 0), "values.1"), (Holder(values: [.infinity], count: 0), "values.0"),
                               (Holder(values: [], count: 9_007_199_254_740_993), "count"), (Holder(values: [], count: Int.min), "count")] {
            XCTAssertThrowsError(try JSONValueEncoder().encode(holder)) { error in
                guard case EncodingError.invalidValue(_, let context) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "."), path)
            }
        }
        XCTAssertEqual(try ours([UInt64(1) << 53, UInt64(0)]), "[9007199254740992,0]")
        XCTAssertEqual(try ours([Float(0.1), Float(2)]), "[0.1,2]")
    }
}
