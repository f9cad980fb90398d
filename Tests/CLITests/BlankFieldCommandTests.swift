import Foundation
import TestSupport
import XCTest

/// An optional event field given empty is as if not given on the command line too: a script's
/// `--date "$DATE"` with DATE unset, or a batch line a form wrote with `"date": ""`, makes the
/// card the bare command makes. An empty title or colour is still a usage error.
final class BlankFieldCommandTests: TemporaryDirectoryTestCase {
    func testBlankFlagsAreNotGiven() throws {
        let plain = try Sharecard.run(["render", "--title", "Hi", "-o", "plain.png"], in: directory)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let blank = try Sharecard.run(["render", "--title", "Hi", "--date", "", "--end-date", "", "--subtitle", "", "--emoji", "",
                                       "--palette", "", "--locale", "", "-o", "blank.png"], in: directory)
        XCTAssertEqual(blank.status, 0, blank.stderr)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("blank.png")),
                       try Data(contentsOf: directory.appendingPathComponent("plain.png")))
        for (flag, other) in [("--title", "--date"), ("--color", "--title")] {
            let r = try Sharecard.run(["render", other, other == "--date" ? "2024-06-01" : "Hi", flag, "", "-o", "x.png"], in: directory)
            XCTAssertEqual(r.status, 2, "\(flag): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("sharecard render: \(flag): "), r.stderr)
        }
    }

    func testBlankFieldsOfABatchLineAreNotGiven() throws {
        let input = try write("""
            {"id": "plain", "title": "Hi"}
            {"id": "blank", "title": "Hi", "date": "", "emoji": "", "size": "", "template": "", "locale": ""}
            {"id": "untitled", "title": ""}
            """, to: "events.jsonl")
        let r = try Sharecard.run(["batch", input, "--out", directory.appendingPathComponent("out").path])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderrLines.first, "line 3: title: must not be empty or blank")
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("out/blank.png")),
                       try Data(contentsOf: directory.appendingPathComponent("out/plain.png")))
    }

    /// A batch line's own members (id, size, photo, format, quality) set to `null` or `""` are
    /// not given either, as the event's fields are: the card is the bare line's, named by its
    /// line number, in the batch's format. `null` was refused for all five, `""` for four.
    func testBlankAndNullBatchMembersAreNotGiven() throws {
        let members = ["id", "size", "photo", "format", "quality"]
        let input = try write("""
            {"title": "Hi"}
            {"title": "Hi", \(members.map { "\"\($0)\": null" }.joined(separator: ", "))}
            {"title": "Hi", \(members.map { "\"\($0)\": \"\"" }.joined(separator: ", "))}
            {"title": "Hi", "size": 12}
            """, to: "events.jsonl")
        let out = directory.appendingPathComponent("out")
        let r = try Sharecard.run(["batch", input, "--out", out.path])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderrLines.first, #"line 4: size: expected a string such as "og" or "1200x630", found a number"#)
        let plain = try Data(contentsOf: out.appendingPathComponent("000001.png"))
        for line in ["000002.png", "000003.png"] {
            XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent(line)), plain, line)
        }
    }
}
