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
    }
}
