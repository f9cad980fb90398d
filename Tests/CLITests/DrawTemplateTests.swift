import Foundation
import XCTest

/// A template is a scene: `sharecard draw` draws a template file with a sample event, and
/// that is the card `sharecard render` makes for the same event.
final class DrawTemplateTests: TemporaryDirectoryTestCase {
    func testDrawingATemplateIsRenderingTheSampleEvent() throws {
        let template = ProcessRunner.packageRoot.appendingPathComponent("templates/dated.json").path
        let drawn = try Sharecard.run(["draw", template, "-o", "drawn.png"], in: directory)
        XCTAssertEqual(drawn.status, 0, drawn.stderr)
        let rendered = try Sharecard.run(["render", "--title", "Our first apartment together", "--date", "2024-06-01",
                                          "--subtitle", "Our timeline", "--emoji", "🎉", "--template", "dated",
                                          "-o", "rendered.png"], in: directory)
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        let a = try Data(contentsOf: directory.appendingPathComponent("drawn.png"))
        XCTAssertEqual(PNGHeader(a), PNGHeader(width: 1024, height: 576, bitDepth: 8, colourType: 2))
        XCTAssertEqual(a, try Data(contentsOf: directory.appendingPathComponent("rendered.png")))
    }
}
