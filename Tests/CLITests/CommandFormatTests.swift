import Foundation
import XCTest

/// `text`, `draw` and `palettes preview` choose their output format as `render` does: the
/// extension of `-o`, overridden by `--format`, with `--quality` for JPEG and WebP; a name
/// or value they cannot honour is a usage error that writes nothing.
final class CommandFormatTests: TemporaryDirectoryTestCase {
    func written(_ name: String) -> String? {
        FileManager.default.contents(atPath: directory.appendingPathComponent(name).path).map(ImageMagic.format)
    }

    func assertFormats(_ command: [String], _ cases: [(String, [String], String)], file: StaticString = #filePath, line: UInt = #line) throws {
        for (name, extra, expected) in cases {
            let r = try Sharecard.run(command + ["-o", name] + extra, in: directory)
            XCTAssertEqual(r.status, 0, "\(name) \(extra): \(r.stderr)", file: file, line: line)
            XCTAssertEqual(written(name), expected, "\(name) \(extra)", file: file, line: line)
        }
    }

    func assertRefused(_ command: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        for (name, extra, message) in [("x.gif", [String](), "writes .png, .jpg/.jpeg or .webp"),
                                       ("x.png", ["--quality", "80"], "quality applies to jpeg and webp"),
                                       ("x.jpg", ["--format", "tiff"], "--format must be png, jpeg or webp")] {
            let r = try Sharecard.run(command + ["-o", name] + extra, in: directory)
            XCTAssertEqual(r.status, 2, "\(name) \(extra)", file: file, line: line)
            XCTAssertTrue(r.stderr.contains(message), "\(name) \(extra): \(r.stderr)", file: file, line: line)
            XCTAssertNil(written(name), "\(name) \(extra): nothing written", file: file, line: line)
        }
    }

    func testText() throws {
        let text = ["text", "--text", "Hello there"]
        try assertFormats(text, [("a.png", [], "png"), ("a.jpg", [], "jpeg"), ("a.webp", [], "webp"),
                                 ("b.webp", ["--quality", "100"], "webp-lossless"), ("c.png", ["--format", "jpeg"], "jpeg")])
        try assertRefused(text)
    }

    func testDraw() throws {
        try write(DrawOutputTests.scene, to: "scene.json")
        let draw = ["draw", "scene.json"]
        try assertFormats(draw, [("a.png", [], "png"), ("a.jpeg", [], "jpeg"), ("a.webp", [], "webp"),
                                 ("b.jpg", ["--quality", "50"], "jpeg"), ("c", ["--format", "webp"], "webp")])
        XCTAssertNotEqual(try Data(contentsOf: directory.appendingPathComponent("a.jpeg")),
                          try Data(contentsOf: directory.appendingPathComponent("b.jpg")), "--quality changes the bytes")
        try assertRefused(draw)
    }

    func testPalettesPreview() throws {
        let preview = ["palettes", "preview", "default"]
        try assertFormats(preview, [("sheet.webp", [], "webp"), ("sheet.png", ["--format", "jpeg", "--quality", "80"], "jpeg")])
        try assertRefused(preview)
    }
}
