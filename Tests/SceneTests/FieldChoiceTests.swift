import Foundation
import Geometry
import Raster
import Scene
import XCTest

/// `{"type": "choice", "by": "field"}`: one list when the event has the field, another when not.
final class FieldChoiceTests: XCTestCase {
    func parse(_ json: String) throws -> Scene {
        var parser = SceneParser(baseDirectory: SceneGoldenTests.cases)
        return try parser.parse(Data(json.utf8))
    }

    func testTheListFollowsWhetherTheEventHasTheField() throws {
        let scene = try parse(##"""
        {"width": 40, "height": 20, "elements": [{"type": "choice", "by": "field", "field": "emoji",
          "present": [{"type": "rect", "frame": [0, 0, 40, 20], "fill": "#ff0000"}],
          "absent": [{"type": "rect", "frame": [0, 0, 40, 20], "fill": "#0000ff"}]}]}
        """##)
        var values = SceneBindings.sample.values
        XCTAssertEqual(try scene.render(SceneBindings(values: values, colors: .sample)).makeImage().pixel(x: 5, y: 5), 0xFFFF0000)
        values[.emoji] = nil
        XCTAssertEqual(try scene.render(SceneBindings(values: values, colors: .sample)).makeImage().pixel(x: 5, y: 5), 0xFF0000FF)
        let presentOnly = try parse(##"{"width": 40, "height": 20, "elements": [{"type": "rect", "frame": [0, 0, 40, 20], "fill": "#00ff00"}, {"type": "choice", "by": "field", "field": "date", "present": [{"type": "rect", "frame": [0, 0, 40, 20], "fill": "#ff0000"}]}]}"##)
        values[.date] = nil
        XCTAssertEqual(try presentOnly.render(SceneBindings(values: values, colors: .sample)).makeImage().pixel(x: 5, y: 5), 0xFF00FF00, "no absent list: nothing")
    }

    /// `"field": [a, b]` draws `present` when the event has either, `absent` when it has neither.
    func testAListOfFieldsIsPresentWhenAnyIs() throws {
        let scene = try parse(##"""
        {"width": 40, "height": 20, "elements": [{"type": "choice", "by": "field", "field": ["date", "subtitle"],
          "present": [{"type": "rect", "frame": [0, 0, 40, 20], "fill": "#ff0000"}],
          "absent": [{"type": "rect", "frame": [0, 0, 40, 20], "fill": "#0000ff"}]}]}
        """##)
        func pixel(date: String?, subtitle: String?) throws -> UInt32 {
            var values = SceneBindings.sample.values
            values[.date] = date
            values[.subtitle] = subtitle
            return try scene.render(SceneBindings(values: values, colors: .sample)).makeImage().pixel(x: 5, y: 5)
        }
        XCTAssertEqual(try pixel(date: "June 1, 2024", subtitle: "Home"), 0xFFFF0000)
        XCTAssertEqual(try pixel(date: "June 1, 2024", subtitle: nil), 0xFFFF0000)
        XCTAssertEqual(try pixel(date: nil, subtitle: "Home"), 0xFFFF0000)
        XCTAssertEqual(try pixel(date: nil, subtitle: nil), 0xFF0000FF)
    }

    func testBadFieldChoicesAreNamed() {
        func error(_ choice: String) -> String {
            do { _ = try parse(#"{"width": 10, "height": 10, "elements": [\#(choice)]}"#); return "parsed" } catch { return "\(error)" }
        }
        XCTAssertEqual(error(#"{"type": "choice", "by": "field", "field": "photo", "present": []}"#),
                       #"elements[0].field: expected one of "title", "date", "subtitle", "emoji", got "photo""#)
        XCTAssertEqual(error(#"{"type": "choice", "by": "field", "field": "emoji"}"#),
                       #"elements[0]: give "present", "absent" or both"#)
        XCTAssertEqual(error(#"{"type": "choice", "by": "field", "field": "emoji", "present": [], "options": []}"#).contains("options"), true)
        XCTAssertTrue(error(#"{"type": "choice", "by": "emojiPresent", "options": []}"#).contains(#""field""#))
        XCTAssertEqual(error(#"{"type": "choice", "by": "field", "field": [], "present": []}"#),
                       #"elements[0].field: name at least one field"#)
        XCTAssertEqual(error(#"{"type": "choice", "by": "field", "field": ["date", "date"], "present": []}"#),
                       #"elements[0].field: a field is named twice"#)
        XCTAssertEqual(error(#"{"type": "choice", "by": "field", "field": ["date", "photo"], "present": []}"#),
                       #"elements[0].field[1]: expected one of "title", "date", "subtitle", "emoji", got "photo""#)
        XCTAssertEqual(error(#"{"type": "choice", "by": "field", "field": ["date", "subtitle", "emoji", "title", "date"], "present": []}"#),
                       #"elements[0].field: has 5 items, over the limit of 4"#)
        XCTAssertEqual(error(#"{"type": "choice", "by": "field", "field": 7, "present": []}"#),
                       #"elements[0].field: expected a string, found a number"#)
    }
}
