import Foundation
import Geometry
import Scene
import XCTest

/// A frame written with constraints that resolves to no width or no height on the canvas drawn
/// (its edges crossed or met) is clamped to zero, as CSS clamps a negative size, and its
/// element draws nothing; `ResolvedScene.emptyFrames` names each such frame once, where the
/// document gives it, for `sharecard draw` to warn about.
final class EmptyFrameTests: XCTestCase {
    private func resolve(_ json: String, size: Size? = nil) throws -> ResolvedScene {
        var parser = SceneParser(baseDirectory: URL(fileURLWithPath: NSTemporaryDirectory()))
        return try parser.parse(Data(json.utf8)).resolve(size: size)
    }

    func testCrossedAndZeroFramesAreNamed() throws {
        let scene = try resolve(##"""
            {"width": 400, "height": 200, "elements": [
              {"type": "rect", "frame": {"left": 300, "right": 200, "top": 0, "bottom": 0}, "fill": "#ff0000"},
              {"type": "group", "elements": [
                {"type": "ellipse", "frame": {"left": 10, "width": 50, "top": 150, "bottom": 60}, "fill": "#0000ff"}]},
              {"type": "rect", "frame": {"left": 0, "width": 100, "top": 0, "height": 100}, "fill": "#00ff00"}]}
            """##)
        // Left 300 and right 200 leave 400 − 300 − 200 = −100, clamped to 0; top 150 and bottom
        // 60 leave 200 − 150 − 60 = −10. The rectangle of 100 × 100 is not named.
        XCTAssertEqual(scene.emptyFrames, [
            "elements[0].frame: resolves to 0 × 200 points on this canvas, so its element draws nothing",
            "elements[1].elements[0].frame: resolves to 50 × 0 points on this canvas, so its element draws nothing",
        ])
    }

    func testAFrameIsNamedOnlyOnTheCanvasWhereItIsEmpty() throws {
        // 600 points in from each side: 1,300 − 1,200 = 100 wide on a 1,300-point canvas, none on 1,024.
        let json = ##"{"width": 1300, "height": 300, "elements": [{"type": "rect", "frame": {"left": 600, "right": 600, "top": 0, "bottom": 0}, "fill": "#000000"}]}"##
        XCTAssertEqual(try resolve(json).emptyFrames, [])
        XCTAssertEqual(try resolve(json, size: Size(width: 1024, height: 300)).emptyFrames,
                       ["elements[0].frame: resolves to 0 × 300 points on this canvas, so its element draws nothing"])
    }

    func testAFrameWrittenAsNumbersIsTakenAsWritten() throws {
        // [x, y, width, height] says its size outright: a zero there is the author's, not a collapse.
        let scene = try resolve(##"{"width": 100, "height": 100, "elements": [{"type": "rect", "frame": [10, 10, 0, 20], "fill": "#000000"}]}"##)
        XCTAssertEqual(scene.emptyFrames, [])
    }
}
