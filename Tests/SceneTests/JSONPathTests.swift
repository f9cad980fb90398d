import Scene
import XCTest

/// A node's path is written out only when asked for, in the form errors have always used.
final class JSONPathTests: XCTestCase {
    func testPathsAreWrittenAsErrorsGiveThem() {
        let root = JSONPath.root("")
        XCTAssertEqual(root.text, "")
        XCTAssertEqual(JSONPath.member(root, "colors").text, "colors")
        XCTAssertEqual(JSONPath.member(.item(.member(root, "colors"), 3), "background").text, "colors[3].background")
        XCTAssertEqual(JSONPath.item(root, 0).text, "[0]")
        XCTAssertEqual(JSONPath.item(.item(.member(root, "elements"), 1), 2).text, "elements[1][2]")
        XCTAssertEqual(JSONPath.member(.root("event"), "title").text, "event.title")
        XCTAssertEqual(JSONPath.member(.member(root, "a.b"), "c").text, "a.b.c", "a key is written as it is")
        // Compared as written, as the strings they replace were.
        XCTAssertEqual(JSONPath.root("frame"), JSONPath.member(root, "frame"))
        XCTAssertEqual(Set([JSONPath.root("a.b"), .member(.member(root, "a"), "b")]).count, 1)
        XCTAssertNotEqual(JSONPath.item(root, 1), JSONPath.item(root, 2))
    }

    /// The nodes a document hands out carry those paths, through members, items and both.
    func testNodesReachedThroughADocumentNameTheirPlace() throws {
        let root = try JSONNode.parse(Array(#"{"elements": [{"frame": [1, 2]}, {"label": {"font": {"size": true}}}], "top": [[0, [5]]]}"#.utf8))
        let elements = try root.required("elements").array()
        XCTAssertEqual(elements.map(\.path), ["elements[0]", "elements[1]"])
        XCTAssertEqual(try elements[0].required("frame").array()[1].path, "elements[0].frame[1]")
        let size = try elements[1].required("label").required("font").required("size")
        XCTAssertThrowsError(try size.number()) { error in
            XCTAssertEqual("\(error)", "elements[1].label.font.size: expected a number, found a boolean")
        }
        XCTAssertEqual(try root.required("top").array()[0].array()[1].array()[0].path, "top[0][1][0]")
        XCTAssertThrowsError(try elements[0].required("missing")) { error in
            XCTAssertEqual("\(error)", "elements[0].missing: is required")
        }
        XCTAssertEqual(try elements[0].removing("frame").path, "elements[0]")
    }
}
