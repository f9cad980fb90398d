import Foundation
import XCTest

/// A template or palette file the command cannot read is an error naming the file and why.
final class CatalogFileCommandTests: TemporaryDirectoryTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testUnreadableFilesAreNamed() throws {
        for folder in ["palettes", "templates"] {
            try FileManager.default.copyItem(at: Self.repository.appendingPathComponent(folder), to: directory.appendingPathComponent(folder))
        }
        XCTAssertEqual(chmod(path("templates/classic.json"), 0), 0)
        XCTAssertEqual(chmod(path("palettes/pastel.json"), 0), 0)

        let validate = try runUnprivileged(["templates", "validate", "templates/classic.json"])
        XCTAssertEqual(validate.status, 1)
        XCTAssertEqual(validate.stderr, "sharecard templates: templates/classic.json: cannot read the file: Permission denied\n")

        let render = try runUnprivileged(["render", "--title", "x", "--templates", "templates", "--palettes", "palettes", "-o", "-"])
        XCTAssertEqual(render.status, 1)
        XCTAssertEqual(render.stderr, "sharecard render: templates/classic.json: cannot read the file: Permission denied\n")

        let palette = try runUnprivileged(["render", "--title", "x", "--templates", "templates", "--palettes", "palettes",
                                           "--template", "photo", "--palette", "pastel", "-o", "-"])
        XCTAssertEqual(palette.status, 1)
        XCTAssertEqual(palette.stderr, "sharecard render: palettes/pastel.json: cannot read the file: Permission denied\n")
        XCTAssertEqual(palette.stdout, Data(), "nothing written")
    }

    /// A folder that cannot be read says why; `validate -` says it reads files (a template's
    /// name must match its file's), where it said "-: cannot read the file".
    func testAnUnreadableFolderSaysWhy() throws {
        try write("x", to: "plain")
        for (folder, reason) in [("missing", "No such file or directory"), ("plain", "not a folder")] {
            let r = try Sharecard.run(["templates", "--templates", folder, "list"], in: directory)
            XCTAssertEqual(r.status, 1)
            XCTAssertEqual(r.stderr, "sharecard templates: \(folder): cannot read the folder: \(reason)\n")
        }
        let stdin = try Sharecard.run(["templates", "validate", "-"], in: directory)
        XCTAssertEqual(stdin.status, 2)
        XCTAssertEqual(stdin.stderr, "sharecard templates: 'templates validate' reads a file, not standard input: a template's \"name\" must match its file name\n")
    }

    /// A description is the file's own text: listed with its control characters escaped, so
    /// it can neither add a line to the listing nor restyle the terminal.
    func testDescriptionsAreListedEscaped() throws {
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("palettes"), withIntermediateDirectories: true)
        try write(##"{"name": "odd", "description": "\u001b[31mred\nsecond", "colors": [{"name": "a", "background": "#000000", "foreground": "#ffffff"}]}"##,
                  to: "palettes/odd.json")
        try FileManager.default.copyItem(at: Self.repository.appendingPathComponent("templates"), to: directory.appendingPathComponent("templates"))
        var template = try String(contentsOf: directory.appendingPathComponent("templates/classic.json"), encoding: .utf8)
        let description = try XCTUnwrap(template.range(of: #""description": "[^"]*""#, options: .regularExpression))
        template.replaceSubrange(description, with: #""description": "\u001b]0;title\u0007plain\rback""#)
        try write(template, to: "templates/classic.json")
        for (arguments, line) in [(["palettes", "--palettes", "palettes", "list"], #"odd          1 colours  \u{1B}[31mred\nsecond"#),
                                  (["palettes", "--palettes", "palettes", "show", "odd"], #"odd: \u{1B}[31mred\nsecond"#),
                                  (["templates", "--templates", "templates", "show", "classic"], #"# classic (version"#)] {
            let r = try Sharecard.run(arguments, in: directory)
            XCTAssertEqual(r.status, 0, r.stderr)
            let text = String(decoding: r.stdout, as: UTF8.self)
            XCTAssertTrue(text.contains(line), text)
            XCTAssertFalse(text.contains("\u{1B}") || text.contains("\r"), text)
        }
        let list = try Sharecard.run(["templates", "--templates", "templates", "list"], in: directory)
        XCTAssertTrue(String(decoding: list.stdout, as: UTF8.self).contains(#"\u{1B}]0;title\u{07}plain\rback"#), list.stderr)
    }
}
