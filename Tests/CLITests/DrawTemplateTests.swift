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
        XCTAssertEqual(PNGHeader(a), PNGHeader(width: 1024, height: 576, opaque: true))
        XCTAssertEqual(a, try Data(contentsOf: directory.appendingPathComponent("rendered.png")))
    }

    /// `draw --size` lays a template out on another canvas exactly as `render --size` does.
    func testDrawingATemplateAtASizeIsRenderingTheSampleEventAtThatSize() throws {
        let template = ProcessRunner.packageRoot.appendingPathComponent("templates/snapshot.json").path
        for (size, width, height): (String, UInt32, UInt32) in [("og", 1200, 630), ("square", 1080, 1080), ("story", 1080, 1920), ("banner", 1500, 500),
                                      ("333x4096", 333, 4096)] {
            let drawn = try Sharecard.run(["draw", template, "--size", size, "-o", "drawn.png"], in: directory)
            XCTAssertEqual(drawn.status, 0, drawn.stderr)
            let rendered = try Sharecard.run(["render", "--title", "Our first apartment together", "--date", "2024-06-01",
                                              "--subtitle", "Our timeline", "--emoji", "🎉", "--template", "snapshot",
                                              "--size", size, "-o", "rendered.png"], in: directory)
            XCTAssertEqual(rendered.status, 0, rendered.stderr)
            let a = try Data(contentsOf: directory.appendingPathComponent("drawn.png"))
            XCTAssertEqual(PNGHeader(a), PNGHeader(width: width, height: height, opaque: true), size)
            XCTAssertEqual(a, try Data(contentsOf: directory.appendingPathComponent("rendered.png")), size)
        }
        let small = try Sharecard.run(["draw", template, "--size", "319x500", "-o", "small.png"], in: directory)
        XCTAssertEqual(small.status, 2)
        XCTAssertEqual(small.stderr, "sharecard draw: --size: each side must be 320 to 4096 points, got 319×500\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("small.png").path))
    }
}

/// `templates validate` checks fonts against the library.
final class TemplateValidateTests: TemporaryDirectoryTestCase {
    func testAMissingFontIsRefused() throws {
        let file = directory.appendingPathComponent("t.json")
        try Data(##"{"name": "t", "size": [1024, 576], "elements": [{"type": "label", "frame": [0, 0, 500, 100], "text": "{title}", "font": {"family": "Comic Neue"}}]}"##.utf8).write(to: file)
        let result = try Sharecard.run(["templates", "validate", file.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains(file.path + #": elements[0].font.family: font family "Comic Neue" (for "{title}") is not in the font library (nearest: ""#),
                      result.stderr)
        // A few names and where to find them all, not the whole library on one line.
        XCTAssertTrue(result.stderr.contains("; `sharecard fonts list` lists all "), result.stderr)
        XCTAssertLessThan(result.stderr.count, 600, result.stderr)
    }
}
