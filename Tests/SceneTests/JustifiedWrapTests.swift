import Foundation
import Scene
import Typesetting
import XCTest

/// A label's `wrap` defaults to `balanced`, except for `justified` text, whose lines are filled
/// first and then widened; a `wrap` given is kept.
final class JustifiedWrapTests: XCTestCase {
    func wrap(_ label: String) throws -> TextLayoutOptions.Wrap? {
        var parser = SceneParser(baseDirectory: SceneGoldenTests.cases)
        let json = ##"{"width": 100, "height": 100, "elements": [{"type": "label", "frame": [0, 0, 100, 100], "text": "A", "font": {"size": 10}\##(label)}]}"##
        guard case .label(let element, _)? = try parser.parse(Data(json.utf8)).elements.first else { return nil }
        return element.wrap
    }

    func testJustifiedTextIsFilledFirstUnlessToldOtherwise() throws {
        XCTAssertEqual(try wrap(""), .balanced)
        XCTAssertEqual(try wrap(##", "alignment": "left""##), .balanced)
        XCTAssertEqual(try wrap(##", "alignment": "justified""##), .greedy)
        XCTAssertEqual(try wrap(##", "alignment": "justified", "wrap": "balanced""##), .balanced)
        XCTAssertEqual(try wrap(##", "alignment": "center", "wrap": "greedy""##), .greedy)
    }
}
