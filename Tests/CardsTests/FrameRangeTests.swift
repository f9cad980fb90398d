import Cards
import Foundation
import Scene
import Typesetting
import XCTest

/// Frames anchored on one another with extreme aspect ratios grow about 2,000 times a step,
/// to infinity and NaN. They are refused when laid out, saying what went out of range, where
/// the text drawn in the last one used to stop the process (a precondition in the glyph runs,
/// which took a whole server down with it); `templates validate` lays a template out and
/// refuses it too.
final class FrameRangeTests: XCTestCase {
    /// Rects e1…eN, each anchored on the one before with aspect 0.001 or 1000, and a label in the last.
    static func chain(_ steps: Int) -> String {
        var elements = [##"{"id": "e0", "type": "rect", "frame": [0, 0, 10, 10], "fill": "#0000"}"##]
        for i in 1...steps {
            elements.append(i.isMultiple(of: 2)
                ? ##"{"id": "e\##(i)", "type": "rect", "frame": {"top": {"to": "e\##(i - 1).top"}, "centerY": {"to": "e\##(i - 1).bottom"}, "left": 0, "aspect": 1000}, "fill": "#0000"}"##
                : ##"{"id": "e\##(i)", "type": "rect", "frame": {"left": {"to": "e\##(i - 1).left"}, "centerX": {"to": "e\##(i - 1).right"}, "top": 0, "aspect": 0.001}, "fill": "#0000"}"##)
        }
        elements.append(##"{"type": "label", "frame": {"left": {"to": "e\##(steps).left"}, "right": {"to": "e\##(steps).right"}, "top": 20, "height": 200}, "text": "Hi", "font": {}}"##)
        return ##"{"width": 200, "height": 100, "elements": [\##(elements.joined(separator: ", "))]}"##
    }

    func testFramesMultipliedOutOfRangeAreRefused() throws {
        let text = SceneTextContext(fonts: try CardGoldenTests.renderer.get().fonts, glyphCache: GlyphCache())
        func resolve(_ steps: Int) throws {
            var parser = SceneParser(baseDirectory: URL(fileURLWithPath: "/"))
            _ = try parser.parse(Data(Self.chain(steps).utf8)).resolve(text: text)
        }
        XCTAssertNoThrow(try resolve(1))
        for steps in [12, 40, 96] {
            XCTAssertThrowsError(try resolve(steps), "\(steps) steps") {
                XCTAssertTrue("\($0)".contains("beyond ±1000000"), "\($0)")
            }
        }
    }
}
