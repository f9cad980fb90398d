import Cards
import Foundation
import XCTest

/// An event whose JSON gives a key twice is refused at that key's path, whether the two
/// keys are spelt alike or one is escaped, at any depth.
final class EventRepeatedKeyTests: XCTestCase {
    private func refusal(_ json: String) -> EventError? {
        do { _ = try EventDecoder().decode(Data(json.utf8)); return nil } catch { return error }
    }

    func testARepeatedKeyNamesItsPath() {
        XCTAssertEqual(refusal(#"{"title":"First","title":"Second"}"#), EventError(field: "title", reason: "appears more than once"))
        XCTAssertEqual(refusal(#"{"title":"First","\u0074itle":"Second"}"#), EventError(field: "title", reason: "appears more than once"))
        XCTAssertEqual(refusal(#"{"title":"x","subtitle":{"a":1,"a":2}}"#), EventError(field: "subtitle.a", reason: "appears more than once"))
        XCTAssertNil(refusal(#"{"title":"x","subtitle":"x"}"#))
    }
}
