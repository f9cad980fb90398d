import Foundation
import Scene
import XCTest

/// A chip's insets and gap in `em`: `"Nem"` or `"A/Bem"` of its font size, from 0 to 5.
final class ChipLengthTests: XCTestCase {
    func testEmIsReadAsAShareOfTheFontSize() {
        XCTAssertEqual(ChipLength(em: "0.5em"), .em(0.5))
        XCTAssertEqual(ChipLength(em: "12/26em")?.points(fontSizeInPoints: 26), 12)
        XCTAssertEqual(ChipLength(em: "5em"), .em(5))
        XCTAssertEqual(ChipLength(em: "0em"), .em(0))
        XCTAssertEqual(ChipLength.em(0.25).points(fontSizeInPoints: 40), 10)
        XCTAssertEqual(ChipLength.points(7).points(fontSizeInPoints: 40), 7)
        for bad in ["em", "0.5", "0.5 em", " 0.5em", "-1em", "+1em", "5.01em", "6em", "1/0em", "/2em", "1/em", "1//2em", "1/2/3em",
                    "1e0em", "nanem", "infem", "infinityem", "1.2.3em", "½em", "١em", "0x1em", "1.em/2"] {
            XCTAssertNil(ChipLength(em: bad), bad)
        }
    }

    func testBadInsetsAreNamed() {
        func error(_ chip: String) -> String {
            var parser = SceneParser(baseDirectory: SceneGoldenTests.cases)
            let json = #"{"width": 100, "height": 100, "elements": [{"type": "chip", "frame": [0, 0, 100, 40], "text": "x", "font": {"size": 20}, \#(chip)}]}"#
            do { _ = try parser.parse(Data(json.utf8)); return "parsed" } catch { return "\(error)" }
        }
        XCTAssertEqual(error(#""contentInsets": [1, 2, 3]"#), "elements[0].contentInsets: expected 4 insets (top, left, bottom, right), found 3")
        XCTAssertEqual(error(#""contentInsets": [1, "2px", 3, 4]"#),
                       #"elements[0].contentInsets[1]: expected points, or a share of the font size such as "0.5em" or "12/26em" (at most 5em), got "2px""#)
        XCTAssertEqual(error(#""contentInsets": [1, 2, 3, 501]"#), "elements[0].contentInsets[3]: must be between 0.0 and 500.0, got 501.0")
        XCTAssertEqual(error(#""spacing": "9em""#),
                       #"elements[0].spacing: expected points, or a share of the font size such as "0.5em" or "12/26em" (at most 5em), got "9em""#)
        XCTAssertLessThan(error(#""spacing": ""# + String(repeating: "9", count: 1000) + #"em""#).count, 300, "a long value is cut")
        XCTAssertEqual(error(#""contentInsets": ["0.5em", "1em", "0.5em", "1em"], "spacing": "0.5em""#), "parsed")
    }
}
