import Foundation
import XCTest

/// `draw` warns, naming the file and the element, when a frame written with constraints
/// resolves to nothing on the canvas drawn, and still writes the image.
final class DrawEmptyFrameTests: TemporaryDirectoryTestCase {
    func testACrossedFrameIsAWarningAndTheImageIsWritten() throws {
        try write(##"""
            {"width": 400, "height": 400, "elements": [
              {"type": "rect", "frame": [0, 0, 400, 400], "fill": "#223344"},
              {"type": "label", "text": "hello", "frame": {"left": 250, "right": 250, "top": 20, "height": 60}}]}
            """##, to: "crossed.json")
        let r = try Sharecard.run(["draw", "crossed.json", "-o", "out.png"], in: directory)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "sharecard draw: warning: crossed.json: elements[1].frame: resolves to 0 × 60 points on this canvas, "
            + "so its element draws nothing\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("out.png")))
        // At a size where the edges leave room, nothing is said.
        let wide = try Sharecard.run(["draw", "crossed.json", "--size", "640x400", "-o", "wide.png"], in: directory)
        XCTAssertEqual(wide.status, 0, wide.stderr)
        XCTAssertEqual(wide.stderr, "")
    }
}
