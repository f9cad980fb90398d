import Cards
import Foundation
import Scene
import TestSupport
import Typesetting
import XCTest

/// Frames anchored on one another with extreme aspect ratios grow about 2,000 times a step,
/// to infinity and NaN. They are refused when laid out, saying what went out of range, where
/// the text drawn in the last one used to stop the process (a precondition in the glyph runs,
/// which took a whole server down with it); `templates validate` lays a template out and
/// refuses it too.
final class FrameRangeTests: XCTestCase {
    /// `FrameChain` with a label in its last rect.
    static func chain(_ steps: Int) -> String {
        let label = ##"{"type": "label", "frame": {"left": {"to": "e\##(steps).left"}, "right": {"to": "e\##(steps).right"}, "top": 20, "height": 200}, "text": "Hi", "font": {}}"##
        return ##"{"width": 200, "height": 100, "elements": [\##((FrameChain.elements(steps) + [label]).joined(separator: ", "))]}"##
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
