import Foundation
import TestSupport
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

    /// `templates validate` lays the template out for a sample event at every preset and the
    /// corners of the size range, so what only shows at some size is refused before a card
    /// asks for it: frames multiplied out of range (which used to crash the renderer), a font
    /// size over 2,000 points at 4096×4096, patterns over their piece limit together.
    func testWhatOnlyLayingOutShowsIsRefused() throws {
        func validate(_ elements: String) throws -> Sharecard.Result {
            let file = directory.appendingPathComponent("t.json")
            try Data(##"{"name": "t", "size": [1024, 576], "elements": [\##(elements)]}"##.utf8).write(to: file)
            return try Sharecard.run(["templates", "validate", file.path])
        }
        let label = ##"{"type": "label", "frame": [0, 0, 500, 100], "text": "{title}", "font": {}}"##
        XCTAssertEqual(try validate(label).status, 0)

        let frames = try validate(FrameChain.elements(24).joined(separator: ", "))
        XCTAssertEqual(frames.status, 1)
        // Named by where the frame was written, as reading's errors are.
        XCTAssertTrue(frames.stderr.contains("t.json: laid out at card for a sample event: elements[2].frame: an element's frame resolves to"), frames.stderr)

        let large = try validate(##"{"type": "label", "frame": [0, 0, 500, 100], "text": "{title}", "font": {"size": "60vmin"}}"##)
        XCTAssertEqual(large.status, 1)
        // Named by its text, since the size the file gives (60vmin) is in range on most canvases.
        XCTAssertTrue(large.stderr.contains("laid out at 4096x4096 for a sample event: the label showing {title}: font size must be in (0, 2000] points"),
                      large.stderr)
        let largeChip = try validate(##"{"type": "chip", "frame": [0, 0, 500, 100], "text": "{date}", "font": {"size": "60vmin"}}"##)
        XCTAssertEqual(largeChip.status, 1)
        XCTAssertTrue(largeChip.stderr.contains("the chip showing {date}: font size must be in (0, 2000] points"), largeChip.stderr)

        // Edges that cross at 320 points wide: a title squeezed to nothing (it drew a column of
        // single letters at 12 pt). The same edges with room left at every size pass.
        let squeezed = try validate(##"{"type": "label", "frame": {"left": 200, "right": 200, "top": 100, "bottom": 100}, "text": "{title}", "font": {"size": 40}}"##)
        XCTAssertEqual(squeezed.status, 1)
        XCTAssertTrue(squeezed.stderr.contains("laid out at 320x320 for a sample event: the text showing {title} gets a box of 0×120 points, too small to set it"),
                      squeezed.stderr)
        XCTAssertEqual(try validate(##"{"type": "label", "frame": {"left": 100, "right": 100, "top": 100, "bottom": 100}, "text": "{title}", "font": {"size": 40}}"##).status, 0)
        // A decoration whose edges cross at 320 points wide is allowed (a template may let one
        // go on small canvases) but named, at each size where it is empty, as a warning.
        let bar = try validate(label + ##", {"type": "rect", "frame": {"left": 170, "right": 170, "top": 0, "height": 8}, "fill": "#000000"}"##)
        XCTAssertEqual(bar.status, 0, bar.stderr)
        XCTAssertEqual(bar.stderrLines, [
            "sharecard templates: warning: \(directory.appendingPathComponent("t.json").path): laid out at 320x320 for a sample event: "
                + "elements[1].frame: resolves to 0 × 8 points on this canvas, so its element draws nothing",
            "sharecard templates: warning: \(directory.appendingPathComponent("t.json").path): laid out at 320x4096 for a sample event: "
                + "elements[1].frame: resolves to 0 × 8 points on this canvas, so its element draws nothing",
        ])
        XCTAssertTrue(String(decoding: bar.stdout, as: UTF8.self).contains("valid template \"t\""))

        let dots = ##"{"type": "pattern", "kind": "dots", "frame": [0, 0, 1024, 576], "colors": ["#0001"], "spacing": 4, "size": 1}"##
        XCTAssertEqual(try validate(dots).status, 0, "one pattern of about 37,000 pieces")
        let twice = try validate(dots + ", " + dots)
        XCTAssertEqual(twice.status, 1)
        XCTAssertTrue(twice.stderr.contains("pieces on the canvas together, over the limit of 50000"), twice.stderr)
    }
}

/// A font family the library lacks is named where the document gives it, with the nearest
/// families: by `draw` at its element (a label in a stack, a chip), by `measure` and `text` at
/// `--font`. `draw` used to say only `unknown font family "…"`, naming no element.
final class UnknownFontFamilyCommandTests: TemporaryDirectoryTestCase {
    func testAnUnknownFamilyIsNamedWhereItIsGiven() throws {
        try write(##"""
            {"width": 400, "height": 300, "elements": [
              {"type": "rect", "frame": [0, 0, 400, 300], "fill": "#223344"},
              {"type": "stack", "frame": [20, 20, 360, 260], "items": [
                {"type": "label", "text": "fine", "font": {"family": "Quicksand"}},
                {"type": "chip", "text": "hi", "font": {"family": "Quicksnad", "weight": 700}}]}]}
            """##, to: "scene.json")
        let r = try Sharecard.run(["draw", "scene.json", "-o", "x.png"], in: directory)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("sharecard draw: scene.json: elements[1].items[1].font.family: "
            + #"font family "Quicksnad" (for "hi") is not in the font library (nearest: "Quicksand", "#), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.png")))

        for command in ["measure", "text"] {
            let typo = try Sharecard.run([command, "--text", "hi", "--font", "Quicksnd"] + (command == "text" ? ["-o", "t.png"] : []), in: directory)
            XCTAssertEqual(typo.status, 2, typo.stderr)
            XCTAssertEqual(typo.stderr, "sharecard \(command): --font: unknown font family \"Quicksnd\" — did you mean \"Quicksand\"? "
                           + "(`sharecard fonts list` lists them)\n")
        }
    }
}
