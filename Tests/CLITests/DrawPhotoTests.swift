import Foundation
import XCTest

/// `sharecard draw --photo FILE`: a scene's images whose src is the event's photo show that
/// photo, decoded for the canvas drawn and cropped to its faces as on a card, so drawing the
/// photo template with a photo is rendering the sample event with it.
final class DrawPhotoTests: TemporaryDirectoryTestCase {
    static let photo = ProcessRunner.packageRoot.appendingPathComponent("Tests/CardsTests/Fixtures/three-faces.jpg").path
    static let sample = ["--title", "Our first apartment together", "--date", "2024-06-01", "--subtitle", "Our timeline", "--emoji", "🎉"]

    func testDrawingThePhotoTemplateWithAPhotoIsRenderingTheSampleEventWithIt() throws {
        let template = ProcessRunner.packageRoot.appendingPathComponent("templates/photo.json").path
        for size in ["card", "story"] {
            let drawn = try Sharecard.run(["draw", template, "--photo", Self.photo, "--size", size, "-o", "drawn.png"], in: directory)
            XCTAssertEqual(drawn.status, 0, drawn.stderr)
            let rendered = try Sharecard.run(["render"] + Self.sample + ["--template", "photo", "--photo", Self.photo, "--size", size,
                                                                        "-o", "rendered.png"], in: directory)
            XCTAssertEqual(rendered.status, 0, rendered.stderr)
            let a = try Data(contentsOf: directory.appendingPathComponent("drawn.png"))
            XCTAssertEqual(a, try Data(contentsOf: directory.appendingPathComponent("rendered.png")), size)
            // And not the placeholder's card.
            let placeholder = try Sharecard.run(["draw", template, "--size", size, "-o", "placeholder.png"], in: directory)
            XCTAssertEqual(placeholder.status, 0, placeholder.stderr)
            XCTAssertNotEqual(a, try Data(contentsOf: directory.appendingPathComponent("placeholder.png")), size)
        }
    }

    func testAPhotoForASceneWithoutOneOrUnreadableIsRefusedByNameAndNothingIsWritten() throws {
        let shapes = directory.appendingPathComponent("shapes.json")
        try Data(##"{"width": 200, "height": 100, "elements": [{"type": "rect", "frame": [0, 0, 100, 50], "fill": "#ff0000"}]}"##.utf8).write(to: shapes)
        let none = try Sharecard.run(["draw", shapes.path, "--photo", Self.photo, "-o", "out.png"], in: directory)
        XCTAssertEqual(none.status, 1)
        XCTAssertEqual(none.stderr, "sharecard draw: \(shapes.path): the scene shows no photo (give it an image whose src is {\"from\": \"eventPhoto\"})\n")

        let template = ProcessRunner.packageRoot.appendingPathComponent("templates/photo.json").path
        let text = directory.appendingPathComponent("notes.jpg")
        try Data("not a photo\n".utf8).write(to: text)
        let corrupt = try Sharecard.run(["draw", template, "--photo", text.path, "-o", "out.png"], in: directory)
        XCTAssertEqual(corrupt.status, 1)
        XCTAssertTrue(corrupt.stderr.hasPrefix("sharecard draw: \(text.path): "), corrupt.stderr)
        // From standard input, named as the other messages name it.
        let piped = try Sharecard.run(["draw", template, "--photo", "-", "-o", "out.png"], stdin: Data("not a photo\n".utf8), in: directory)
        XCTAssertEqual(piped.status, 1)
        XCTAssertTrue(piped.stderr.hasPrefix("sharecard draw: <stdin>: "), piped.stderr)
        let missing = try Sharecard.run(["draw", template, "--photo", "missing.jpg", "-o", "out.png"], in: directory)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.hasPrefix("sharecard draw: cannot read missing.jpg: "), missing.stderr)

        let scene = try Data(contentsOf: URL(fileURLWithPath: template))
        let both = try Sharecard.run(["draw", "-", "--photo", "-", "-o", "out.png"], stdin: scene, in: directory)
        XCTAssertEqual(both.status, 2)
        XCTAssertEqual(both.stderr, "sharecard draw: the scene and the photo cannot both be read from standard input\n")
        // render's title, event and photo likewise: named, not "standard input is more than 2002 bytes".
        for (flags, message) in [(["--title", "-", "--template", "photo", "--photo", "-"], "--title and --photo"),
                                 (["--event", "-", "--photo", "-"], "--event and --photo")] {
            let render = try Sharecard.run(["render"] + flags + ["-o", path("render.png")], stdin: Data(repeating: 0xFF, count: 5000))
            XCTAssertEqual(render.status, 2, render.stderr)
            XCTAssertEqual(render.stderr, "sharecard render: \(message) cannot both be read from standard input\n")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.png").path))
    }
}
