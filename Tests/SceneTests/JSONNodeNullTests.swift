import Foundation
import Scene
import XCTest

/// A member that is JSON `null` reads as absent; every other kind of value is present.
final class JSONNodeNullTests: XCTestCase {
    func testNullMembersAreAbsentAndOthersPresent() throws {
        let root = try JSONNode.parse(Data(#"{"n": null, "s": "x", "z": 0, "f": false, "a": [null], "o": {"n": null}}"#.utf8))
        XCTAssertNil(try root.optional("n"))
        XCTAssertNil(try root.optional("missing"))
        XCTAssertEqual(try root.optional("s")?.string(), "x")
        XCTAssertEqual(try root.optional("z")?.number(), 0)
        XCTAssertEqual(try root.optional("f")?.bool(), false)
        XCTAssertEqual(try root.required("a").array().first?.typeName, "null")
        XCTAssertNil(try root.required("o").optional("n"))
        XCTAssertThrowsError(try root.required("n")) { error in
            XCTAssertEqual((error as? JSONInputError)?.description, "n: is required")
        }
    }
}
