import Foundation
import JSONData
import XCTest

/// `compactText` (what the batch journal and the fuzz round trips write) and the other
/// layouts of `JSONValue.utf8`.
final class JSONWritingTests: XCTestCase {
    func testCompactTextIsExactAndReadsBack() throws {
        let value = JSONValue.object([
            JSONValue.Member(key: "key", value: .string("a\"b\\c/d\u{1}\n\u{1F}é🎉")),
            JSONValue.Member(key: "n", value: .array([.number(1), .number(-0.5), .number(1e21), .number(.leastNonzeroMagnitude), .bool(true), .bool(false), .null])),
            JSONValue.Member(key: "", value: .object([])),
        ])
        XCTAssertEqual(value.compactText, #"{"key":"a\"b\\c/d\u0001\n\u001fé🎉","n":[1,-0.5,1e+21,5e-324,true,false,null],"":{}}"#)
        XCTAssertEqual(try JSONValue.parse(Array(value.compactText.utf8)), value)
        XCTAssertEqual(JSONValue.string("").compactText, #""""#)
        XCTAssertEqual(JSONValue.array([]).compactText, "[]")
    }

    func testNumbersAreWrittenAsFoundationWritesThem() throws {
        let numbers: [Double] = [0, -0.0, 60, -3, 0.1, 1234.5678, 1e-7, 1e16, 9007199254740992, 1e21, -1e300, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        XCTAssertEqual(JSONValue.array(numbers.map(JSONValue.number)).compactText,
                       "[0,-0,60,-3,0.1,1234.5678,1e-07,1e+16,9007199254740992,1e+21,-1e+300,5e-324,1.7976931348623157e+308]")
        let foundation = JSONEncoder()
        XCTAssertEqual(JSONValue.array(numbers.map(JSONValue.number)).compactText, String(decoding: try foundation.encode(numbers), as: UTF8.self))
        for number in numbers {
            XCTAssertEqual(try JSONValue.parse(JSONValue.number(number).utf8()), .number(number), "\(number)")
        }
        // no JSON form: written as null, never as text a parser refuses
        XCTAssertEqual(JSONValue.array([.number(.nan), .number(.infinity), .number(-.infinity)]).compactText, "[null,null,null]")
    }

    func testSortedAndIndentedLayouts() throws {
        let value = JSONValue.object([
            JSONValue.Member(key: "b", value: .array([.number(1), .string("x"), .array([]), .object([])])),
            JSONValue.Member(key: "a", value: .object([JSONValue.Member(key: "z", value: .null), JSONValue.Member(key: "Z", value: .bool(true))])),
            JSONValue.Member(key: "é", value: .number(2)),
            JSONValue.Member(key: "B", value: .string("")),
        ])
        XCTAssertEqual(value.text(.compact), #"{"b":[1,"x",[],{}],"a":{"z":null,"Z":true},"é":2,"B":""}"#)
        XCTAssertEqual(value.text(.sortedCompact), #"{"B":"","a":{"Z":true,"z":null},"b":[1,"x",[],{}],"é":2}"#)
        XCTAssertEqual(value.text(.sortedIndented), """
            {
              "B": "",
              "a": {
                "Z": true,
                "z": null
              },
              "b": [
                1,
                "x",
                [],
                {}
              ],
              "é": 2
            }
            """)
        for layout in [JSONValue.Layout.compact, .sortedCompact, .sortedIndented] {
            XCTAssertEqual(try JSONValue.parse(value.utf8(layout)), value)
        }
    }
}
