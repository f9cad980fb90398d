import Foundation
import XCTest

/// A fonts folder whose optional manifest part (`fallback.json`) is broken: commands that
/// check fonts (`fonts validate`, `serve`, `batch`) refuse at once; a one-card render fails
/// only when its title needs the part, with the file named and nothing written.
final class OptionalFontsCommandTests: TemporaryDirectoryTestCase {
    private var repositoryFonts: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fonts")
    }

    /// The shipped faces linked and `fonts.json` copied into `fonts/`, with `part` as its
    /// `fallback.json`; returns the folder.
    private func fonts(part: String) throws -> String {
        let dir = directory.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: repositoryFonts.path) where name.hasSuffix(".ttf") {
            try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent(name).path,
                                                       withDestinationPath: repositoryFonts.appendingPathComponent(name).path)
        }
        try FileManager.default.copyItem(at: repositoryFonts.appendingPathComponent("fonts.json"), to: dir.appendingPathComponent("fonts.json"))
        try write(part, to: "fonts/fallback.json")
        return dir.path
    }

    private let broken = #"{"version": 1, "faces": [], "fallback": [{"family": "Nope"}]}"#
    private var problem: String { "invalid font manifest \(path("fonts/fallback.json")): fallback[0] family \"Nope\" is not among the faces" }

    func testRenderFailsOnlyWhenTheTitleNeedsThePart() throws {
        let fonts = try fonts(part: broken)
        let latin = try Sharecard.run(["render", "--fonts", fonts, "--title", "Our first apartment together", "-o", path("latin.png")])
        XCTAssertEqual(latin.status, 0, latin.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("latin.png")))

        let arabic = try Sharecard.run(["render", "--fonts", fonts, "--title", "شقتنا الأولى معًا", "-o", path("arabic.png")])
        XCTAssertEqual(arabic.status, 1, arabic.stderr)
        XCTAssertEqual(arabic.stderr, "sharecard render: \(problem)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("arabic.png")))

        let text = try Sharecard.run(["text", "--fonts", fonts, "--text", "שלום", "-o", path("text.png")])
        XCTAssertEqual(text.status, 1, text.stderr)
        XCTAssertTrue(text.stderr.contains(problem), text.stderr)
    }

    func testValidateServeAndBatchCheckThePartAtOnce() throws {
        let fonts = try fonts(part: broken)
        let validate = try Sharecard.run(["fonts", "validate", "--fonts", fonts])
        XCTAssertEqual(validate.status, 1, validate.stderr)
        XCTAssertEqual(validate.stderr, "sharecard fonts: \(problem)\n")

        let serve = try Sharecard.run(["serve", "--fonts", fonts, "--port", "1"], timeout: 30)
        XCTAssertEqual(serve.status, 1, serve.stderr)
        XCTAssertEqual(serve.stderr, "sharecard serve: \(problem)\n")

        let events = try write(#"{"title": "Our first apartment together"}"# + "\n", to: "events.jsonl")
        let batch = try Sharecard.run(["batch", events, "--fonts", fonts, "--out", path("out")])
        XCTAssertEqual(batch.status, 1, batch.stderr)
        XCTAssertTrue(batch.stderr.contains(problem), batch.stderr)
    }

    func testAFaceThatCannotBeOpenedIsNamedWithTheCharactersItLeftMissing() throws {
        // The shipped fonts, with Noto Sans Bold (the fallback for Greek tonos, which
        // Quicksand lacks) pointed at a face index its file does not have.
        let fonts = try fonts(part: String(decoding: try Data(contentsOf: repositoryFonts.appendingPathComponent("fallback.json")), as: UTF8.self))
        let manifest = directory.appendingPathComponent("fonts/fonts.json")
        let shipped = String(decoding: try Data(contentsOf: manifest), as: UTF8.self)
        let broken = shipped.replacingOccurrences(of: #"{"file": "NotoSans-Bold.ttf","#, with: #"{"file": "NotoSans-Bold.ttf", "faceIndex": 7,"#)
        XCTAssertNotEqual(broken, shipped, "fonts.json no longer lists NotoSans-Bold.ttf as expected")
        try FileManager.default.removeItem(at: manifest)
        try write(broken, to: "fonts/fonts.json")
        let face = "Noto Sans 700: font \(fonts)/NotoSans-Bold.ttf has 1 face(s); face index 7 does not exist"

        let render = try Sharecard.run(["render", "--fonts", fonts, "--title", "Καλημέρα κόσμε", "-o", path("greek.png")])
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertEqual(render.stderr, "sharecard render: warning: no font has U+03AD U+03CC (a face of the fonts could not be opened: \(face)); "
            + "they are drawn as boxes\n")
        let strict = try Sharecard.run(["render", "--strict", "--fonts", fonts, "--title", "Καλημέρα κόσμε", "-o", path("strict.png")])
        XCTAssertEqual(strict.status, 1, strict.stderr)
        XCTAssertTrue(strict.stderr.contains("(a face of the fonts could not be opened: \(face)) (--strict: no image written)"), strict.stderr)
        let text = try Sharecard.run(["text", "--fonts", fonts, "--text", "Καλημέρα", "-o", path("text.png")])
        XCTAssertTrue(text.stderr.contains("(a face of the fonts could not be opened: \(face))"), text.stderr)
        // A title the broken face is not needed for says nothing.
        let latin = try Sharecard.run(["render", "--fonts", fonts, "--title", "Good morning", "-o", path("latin.png")])
        XCTAssertEqual([latin.status], [0])
        XCTAssertEqual(latin.stderr, "")
        // The family asked for by name: the face and why, not "unknown font family" (which
        // `fonts list` contradicts); the fonts are at fault, not the arguments, so exit 1.
        for command in ["measure", "text"] {
            let named = try Sharecard.run([command, "--fonts", fonts, "--text", "Hi", "--font", "Noto Sans", "-o", path("named.png")]
                                              .filter { command == "text" || ($0 != "-o" && !$0.hasSuffix("named.png")) })
            XCTAssertEqual(named.status, 1, named.stderr)
            XCTAssertEqual(named.stderr, "sharecard \(command): font family \"Noto Sans\" cannot be opened: \(face)\n")
        }
    }

    func testValidateAndListTheShippedFonts() throws {
        let validate = try Sharecard.run(["fonts", "validate", "--fonts", repositoryFonts.path])
        XCTAssertEqual(validate.status, 0, validate.stderr)
        XCTAssertTrue(validate.stdout.starts(with: Data("\(repositoryFonts.path): valid, ".utf8)), String(decoding: validate.stdout, as: UTF8.self))

        let list = try Sharecard.run(["fonts", "list", "--fonts", repositoryFonts.path])
        XCTAssertEqual(list.status, 0, list.stderr)
        let lines = String(decoding: list.stdout, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.first, "Quicksand\t700\tnormal\t\(repositoryFonts.path)/Quicksand-Bold.ttf")
        XCTAssertTrue(lines.contains { $0.hasPrefix("Noto Sans Arabic\t400\t") }, "shipped script faces")
        XCTAssertTrue(lines.contains { $0.hasPrefix("Noto Color Emoji\t") })
        if FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/noto/NotoSansBengali-Regular.ttf") {
            XCTAssertTrue(lines.contains { $0.hasPrefix("Noto Sans Bengali\t400\t") }, "a face of the optional part")
        }

        let unknown = try Sharecard.run(["fonts", "check", "--fonts", repositoryFonts.path])
        XCTAssertEqual(unknown.status, 2, unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("unknown action 'check'"), unknown.stderr)
    }
}
