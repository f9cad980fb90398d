import Foundation
import XCTest

/// `render` names characters no font has as code points; `--strict` turns that into a failure.
final class MissingGlyphsCommandTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func testRenderWarnsWithCodePoints() throws {
        let out = dir.appendingPathComponent("card.png")
        let r = try Sharecard.run(["render", "--title", "Kawi \u{11F04}", "-o", out.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("U+11F04"), r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.path))
    }

    /// A noncharacter is cleaned out of the title like a control character (no font draws one),
    /// so it is neither drawn as a box nor a missing glyph, even under `--strict`.
    func testNoncharactersAreCleanedOutNotDrawnAsBoxes() throws {
        let out = dir.appendingPathComponent("card.png"), plain = dir.appendingPathComponent("plain.png")
        let title = "Launch" + String(Unicode.Scalar(0xFFFF)!) + " day" + String(Unicode.Scalar(0xFDD0)!)
        let r = try Sharecard.run(["render", "--strict", "--title", title, "-o", out.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stderr.contains("no font has"), r.stderr)
        XCTAssertEqual(try Sharecard.run(["render", "--title", "Launch day", "-o", plain.path]).status, 0)
        XCTAssertEqual(try Data(contentsOf: out), try Data(contentsOf: plain), "the card of the title without them")
    }

    /// `measure` and `text` printed the characters themselves, often invisible (a private-use
    /// character, an unassigned one): they name code points too, in their JSON as well.
    func testMeasureAndTextNameCodePoints() throws {
        let title = "PUA \u{E000} test \u{10FFFD}"
        let plain = try Sharecard.run(["measure", "--text", title])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let printed = String(decoding: plain.stdout, as: UTF8.self)
        XCTAssertTrue(printed.contains("missing glyphs: U+E000 U+10FFFD\n"), printed)
        let json = try Sharecard.run(["measure", "--text", title, "--json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        XCTAssertEqual(object["missingGlyphs"] as? [String], ["U+E000", "U+10FFFD"])
        let out = dir.appendingPathComponent("text.png")
        let text = try Sharecard.run(["text", "--text", title, "-o", out.path])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stderr.contains("no font has U+E000 U+10FFFD"), text.stderr)
    }

    /// A Kawi vowel sign (U+11F00, no face has Kawi) after a Latin X: the mark is named, not the
    /// X a face draws; an unknown letter on its own is named as before.
    func testOnlyTheCodePointsNoFontHasAreNamed() throws {
        let out = dir.appendingPathComponent("card.png")
        let mark = try Sharecard.run(["render", "--title", "X\u{11F00}Y and a\u{11F00}", "-o", out.path])
        XCTAssertEqual(mark.status, 0, mark.stderr)
        XCTAssertTrue(mark.stderr.hasPrefix("sharecard render: warning: no font has U+11F00; "), mark.stderr)
        let letter = try Sharecard.run(["render", "--title", "Kawi \u{11F04}\u{11F00}", "-o", out.path])
        XCTAssertTrue(letter.stderr.hasPrefix("sharecard render: warning: no font has U+11F04 U+11F00; "), letter.stderr)
    }

    /// `--strict` and the warning cover the subtitle, not only the title.
    func testASubtitleCharacterNoFontHasIsReportedAndFailsStrict() throws {
        let out = dir.appendingPathComponent("card.png")
        let args = ["render", "--template", "dated", "--title", "Hello", "--date", "2024-06-01", "--subtitle", "Our \u{11F05} timeline"]
        let warned = try Sharecard.run(args + ["-o", out.path])
        XCTAssertEqual(warned.status, 0, warned.stderr)
        XCTAssertTrue(warned.stderr.contains("no font has U+11F05"), warned.stderr)
        try FileManager.default.removeItem(at: out)
        let strict = try Sharecard.run(args + ["--strict", "-o", out.path])
        XCTAssertEqual(strict.status, 1, strict.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
    }

    func testStrictFailsAndWritesNothing() throws {
        let out = dir.appendingPathComponent("card.png")
        let r = try Sharecard.run(["render", "--strict", "--title", "Kawi \u{11F04}", "-o", out.path])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("U+11F04"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        let fine = try Sharecard.run(["render", "--strict", "--title", "শুভ জন্মদিন", "-o", out.path])
        XCTAssertEqual(fine.status, 0, fine.stderr)
        XCTAssertEqual(fine.stderr, "")
    }
}
