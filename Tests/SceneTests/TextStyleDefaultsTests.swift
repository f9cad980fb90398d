import Foundation
import Scene
import Typesetting
import XCTest

/// Every field of a label's or chip's `font` has a default, so `font` itself may be left out:
/// the text is then set in all the defaults (Quicksand Bold, 60 points, the foreground colour).
final class TextStyleDefaultsTests: XCTestCase {
    func element(_ json: String) throws -> SceneElement? {
        var parser = SceneParser(baseDirectory: SceneGoldenTests.cases)
        return try parser.parse(Data(##"{"width": 400, "height": 200, "elements": [\##(json)]}"##.utf8)).elements.first
    }

    func testALabelOrChipWithoutFontTakesEveryDefault() throws {
        guard case .label(let label, _)? = try element(##"{"type": "label", "frame": [0, 0, 400, 200], "text": "Hi"}"##) else {
            return XCTFail("not a label")
        }
        XCTAssertEqual(label.style, .defaults)
        XCTAssertEqual(label.style.family, "Quicksand")
        XCTAssertEqual(label.style.weight, FontWeight(700)!)
        XCTAssertEqual(label.style.size, .points(60))
        XCTAssertEqual(label.style.color, .foreground(alpha: 1))
        XCTAssertEqual(label.style.trackingInThousandthsOfEm, 0)
        guard case .chip(let chip, _, _)? = try element(##"{"type": "chip", "frame": [0, 0, 400, 80], "text": "{date}"}"##) else {
            return XCTFail("not a chip")
        }
        XCTAssertEqual(chip.style, .defaults)
        // An empty `font` is the same; a field given keeps the others' defaults.
        guard case .label(let empty, _)? = try element(##"{"type": "label", "frame": [0, 0, 400, 200], "text": "Hi", "font": {}}"##),
              case .label(let light, _)? = try element(##"{"type": "label", "frame": [0, 0, 400, 200], "text": "Hi", "font": {"weight": 300}}"##) else {
            return XCTFail("not labels")
        }
        XCTAssertEqual(empty.style, .defaults)
        XCTAssertEqual(light.style.weight, FontWeight(300)!)
        XCTAssertEqual(light.style.size, .points(60))
    }
}
