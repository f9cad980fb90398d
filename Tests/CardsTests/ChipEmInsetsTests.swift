import Cards
import Foundation
import Scene
import XCTest

/// A chip whose insets and gap are in `em` is laid out as the same chip given the points they
/// come to at its font size: at 20 pt, ["0.5em", "1em", "0.5em", "1em"] and "0.5em" are
/// [10, 20, 10, 20] and 10; at 40 pt they are [20, 40, 20, 40] and 20. So a chip whose font
/// follows the canvas keeps its proportions (dated's and snapshot's chips).
final class ChipEmInsetsTests: XCTestCase {
    func chipFrame(fontSize: Double, insets: String, spacing: String) throws -> [Double] {
        let json = """
            {"width": 600, "height": 200, "elements": [{"type": "chip", "frame": [0, 0, 600, 200], "icon": "calendar",
              "text": "June 1, 2024", "font": {"size": \(fontSize)}, "contentInsets": \(insets), "spacing": \(spacing)}]}
            """
        var parser = SceneParser(baseDirectory: FileManager.default.temporaryDirectory)
        let scene = try parser.parse(Data(json.utf8))
        let renderer = try CardGoldenTests.renderer.get()
        let placed = try scene.resolve(text: SceneTextContext(fonts: renderer.fonts, glyphCache: renderer.glyphCache)).placedElements
        return try XCTUnwrap(placed.first { $0.kind == "chip" }).frame
    }

    func testEmInsetsAreThePointsTheyComeTo() throws {
        let em = #"["0.5em", "1em", "0.5em", "1em"]"#
        XCTAssertEqual(try chipFrame(fontSize: 20, insets: em, spacing: #""0.5em""#),
                       try chipFrame(fontSize: 20, insets: "[10, 20, 10, 20]", spacing: "10"))
        XCTAssertEqual(try chipFrame(fontSize: 40, insets: em, spacing: #""0.5em""#),
                       try chipFrame(fontSize: 40, insets: "[20, 40, 20, 40]", spacing: "20"))
        let small = try chipFrame(fontSize: 20, insets: em, spacing: #""0.5em""#)
        let wide = try chipFrame(fontSize: 20, insets: #"["0.5em", "2em", "0.5em", "2em"]"#, spacing: #""0.5em""#)
        XCTAssertEqual(wide[2] - small[2], 40, accuracy: 0.01, "one more em a side at 20 pt: 40 points wider")
    }
}
