import JSONData
import XCTest

/// `compactText`: what the batch journal and the fuzz round trips write.
final class JSONWritingTests: XCTestCase {
    func testCompactTextIsExactAndReadsBack() throws {
        let value = JSONValue.object([
            JSONValue.Member(key: "key", value: .string("a\"b\\c/d\u{1}\n\u{1F}é🎉")),
            JSONValue.Member(key: "n", value: .array([.number(1), .number(-0.5), .number(1e21), .number(5e-324), .bool(true), .bool(false), .null])),
            JSONValue.Member(key: "", value: .object([])),
        ])
        XCTAssertEqual(value.compactText, #"{"key":"a\"b\\c/d\u0001\u000a\u001fé🎉","n":[1.0,-0.5,1e+21,5e-324,true,false,null],"":{}}"#)
        XCTAssertEqual(try JSONValue.parse(Array(value.compactText.utf8)), value)
        XCTAssertEqual(JSONValue.string("").compactText, #""""#)
        XCTAssertEqual(JSONValue.array([]).compactText, "[]")
    }
}
