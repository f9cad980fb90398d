import Foundation
import Scene
import XCTest

/// Scene, template and palette documents read through `JSONNode` on the project's parser: a
/// boolean is never a number nor a number a boolean, a key given twice is refused at its path,
/// and anything but strict JSON is malformed.
final class JSONNodeTypeTests: XCTestCase {
    private func sceneError(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        var parser = SceneParser(baseDirectory: SceneGoldenTests.cases)
        do {
            _ = try parser.parse(Data(json.utf8))
            XCTFail("expected an error for \(json)", file: file, line: line)
            return ""
        } catch {
            return "\(error)"
        }
    }

    func testBooleansAreNotNumbersAndNumbersAreNotBooleans() throws {
        let root = try JSONNode.parse(Data(#"{"t": true, "f": false, "one": 1, "zero": 0, "whole": 3.0, "half": 2.5}"#.utf8))
        for key in ["t", "f"] {
            XCTAssertThrowsError(try root.required(key).number()) { error in
                XCTAssertEqual("\(error)", "\(key): expected a number, found a boolean")
            }
            XCTAssertThrowsError(try root.required(key).integer(in: 0...10))
        }
        for key in ["one", "zero"] {
            XCTAssertThrowsError(try root.required(key).bool()) { error in
                XCTAssertEqual("\(error)", "\(key): expected true or false, found a number")
            }
        }
        XCTAssertEqual(try root.required("t").bool(), true)
        XCTAssertEqual(try root.required("f").bool(), false)
        XCTAssertEqual(try root.required("whole").integer(in: 0...10), 3)
        XCTAssertThrowsError(try root.required("half").integer(in: 0...10)) { error in
            XCTAssertEqual("\(error)", "half: expected a whole number, got 2.5")
        }
        XCTAssertTrue(sceneError(#"{"width": true, "height": 10}"#).hasPrefix("width: expected a number, found a boolean"))
        XCTAssertTrue(sceneError(#"{"width": 10, "height": 10, "elements": [{"type": "group", "elements": [], "filters": [{"blur": 1, "extendEdges": 1}]}]}"#)
            .hasPrefix("elements[0].filters[0].extendEdges: expected true or false, found a number"))
    }

    /// Foundation kept the last of two equal keys; now the second is refused where it is.
    func testAKeyGivenTwiceIsRefusedAtItsPath() {
        XCTAssertEqual(sceneError(#"{"width": 10, "width": 20, "height": 10}"#), "width: appears more than once")
        XCTAssertEqual(sceneError(##"{"width": 10, "height": 10, "elements": [{"type": "rect", "rect": [0, 0, 1, 1], "fill": "#000", "fill": "#fff"}]}"##),
                       "elements[0].fill: appears more than once")
    }

    /// Foundation accepted `[1,]`, `{"a": 1,}` and UTF-16; the strict parser refuses them.
    func testOnlyStrictJSONIsRead() {
        XCTAssertTrue(sceneError(#"{"width": 10, "height": 10, "elements": [],}"#).hasPrefix("malformed JSON: expected a key in quotes at byte 43"))
        XCTAssertTrue(sceneError(#"{"size": [10, 10,], "elements": []}"#).hasPrefix("malformed JSON: expected a value"))
        XCTAssertTrue(sceneError(#"{"width": 1e400, "height": 10}"#).hasPrefix("malformed JSON: number 1e400 is out of range"))
        XCTAssertEqual(sceneError("[1]"), "expected an object, found an array")
        XCTAssertEqual(sceneError("7"), "malformed JSON: the document is a number, not an object or an array")
        var utf16 = Data([0xFF, 0xFE])
        for unit in #"{"width": 10, "height": 10}"#.utf16 { utf16.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        var parser = SceneParser(baseDirectory: SceneGoldenTests.cases)
        XCTAssertThrowsError(try parser.parse(utf16))
        // One leading UTF-8 byte-order mark is still skipped.
        XCTAssertNoThrow(try parser.parse(Data([0xEF, 0xBB, 0xBF]) + Data(#"{"width": 10, "height": 10}"#.utf8)))
    }

    func testTheByteLimitIsKept() {
        let data = Data("[\(String(repeating: " ", count: 100))]".utf8)
        XCTAssertThrowsError(try JSONNode.parse(data, maximumBytes: 100)) { error in
            XCTAssertEqual("\(error)", "document is 102 bytes, over the limit of 100")
        }
        XCTAssertNoThrow(try JSONNode.parse(data, maximumBytes: 102))
    }
}
