import Foundation
import XCTest

/// Batch lines and `render --event` are read by the same strict parser as every other JSON
/// input, once per line: each refusal is one message naming its line, never a crash; a valid
/// line renders exactly what `render` renders from the same fields; a journal of the
/// previous single-object format still counts.
final class BatchStrictJSONTests: TemporaryDirectoryTestCase {
    func utf16LE(_ text: String) -> [UInt8] { Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }

    func testHostileLinesAreOneErrorEachNamingTheLine() throws {
        let lines: [(bytes: [UInt8], error: String?)] = [
            (Array(#"{"id": "first", "title": "Fine"}"#.utf8), nil),
            (Array(#"{"title": "x",}"#.utf8), "malformed JSON: expected a key in quotes at byte 14"),
            (Array(#"{"id": "a", "title": "x", "id": "b"}"#.utf8), "id: appears more than once"),
            (Array(#"{"title": "x", "size": "og", "size": "story"}"#.utf8), "size: appears more than once"),
            (utf16LE(#"{"title": "x"}"#), "event is UTF-16 or UTF-32; JSON must be UTF-8"),
            ([0xFF, 0xFE] + utf16LE(#"{"title": "x"}"#), "event is UTF-16 or UTF-32; JSON must be UTF-8"),
            (Array((#"{"title": "x", "subtitle": "# + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}").utf8),
             "malformed JSON: nested more than 128 levels deep at byte 154 (in subtitle[0][0]"),
            (Array(#"{"title": "x", "size": 1e400}"#.utf8), "malformed JSON: number 1e400 is out of range at byte 23 (in size)"),
            (Array(#"{"title": "x", "size": 1e300}"#.utf8), #"size: expected a string such as "og" or "1200x630", found a number"#),
            (Array(#"{"title": "x", "id": 42}"#.utf8), "id: expected a string, found a number"),
            (Array(#"{"title": "x", "bogus": 1}"#.utf8),
             "bogus: unknown field (expected one of: color, date, emoji, endDate, format, id, locale, palette, photo, quality, size, subtitle, template, title)"),
            (Array(#"{"title": "x", "id": ["a"]}"#.utf8), "id: expected a string, found an array"),
            (Array(#"{"title": "x", "id": "a b"}"#.utf8), "id: must be 1-100 ASCII letters, digits, '-' or '_'"),
            (Array(#"{"title": NaN}"#.utf8), "malformed JSON: expected a value at byte 10 (in title)"),
            (Array(#"{"title": "x", "quality": Infinity}"#.utf8), "malformed JSON: expected a value at byte 26 (in quality)"),
            (Array(#"{"title": "\ud800"}"#.utf8), #"malformed JSON: a high surrogate \uD800 without a low one after it at byte 17 (in title)"#),
            ([0xEF, 0xBB, 0xBF] + Array(#"{"id": "marked", "title": "One byte-order mark"}"#.utf8), nil),
            ([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array(#"{"title": "x"}"#.utf8), "malformed JSON: expected a value, found U+FEFF at byte 3"),
            ([0x00], "malformed JSON: expected a value, found the control character U+0000 at byte 0"),
            ([0x1B, 0x5B, 0x41], "malformed JSON: expected a value, found the control character U+001B at byte 0"),
            (Array(#"{"title": “x”}"#.utf8), "malformed JSON: expected a value, found U+201C (“) at byte 10 (in title)"),
            (Array(#"{"title": "x", "format": "jpeg", "quality": 80.5}"#.utf8), "quality: must be a whole number from 1 to 100"),
            (Array(#"{"title": "x", "quality": true}"#.utf8), "quality: must be a whole number from 1 to 100, found a boolean"),
            (Array(#"{"title": "x", "format": "jpeg", "quality": 0}"#.utf8), "quality: must be a whole number from 1 to 100, got 0"),
            (Array(#"{"title": "x", "photo": 7}"#.utf8), "photo: must be a file path"),
            (Array(#"["title", "x"]"#.utf8), "expected a JSON object with a title, found an array"),
        ]
        let input = directory.appendingPathComponent("events.jsonl")
        try Data(lines.map(\.bytes).joined(separator: [0x0A])).write(to: input)
        let r = try Sharecard.run(["batch", "events.jsonl", "--out", "out", "--jobs", "2"], in: directory)
        XCTAssertEqual(r.status, 1, r.stderr)
        let failures = lines.enumerated().filter { $0.element.error != nil }
        for (index, line) in failures {
            let reported = r.stderrLines.filter { $0.hasPrefix("line \(index + 1): ") }
            XCTAssertEqual(reported.count, 1, "line \(index + 1): \(r.stderr)")
            XCTAssertTrue(reported.first?.hasPrefix("line \(index + 1): \(line.error!)") == true, "line \(index + 1): \(r.stderr)")
        }
        XCTAssertEqual(r.stderrLines.last, "\(lines.count) events: 2 written, 0 unchanged, \(failures.count) failed")
        XCTAssertEqual(try contents(of: "out").filter { !$0.hasPrefix(".") }, ["first.png", "marked.png"])

        // `render --event` reads the same object, and refuses the same way.
        try Data(lines[3].bytes).write(to: directory.appendingPathComponent("twice.json"))
        let render = try Sharecard.run(["render", "--event", "twice.json", "-o", "x.png"], in: directory)
        XCTAssertEqual(render.status, 1)
        XCTAssertEqual(render.stderr, "sharecard render: twice.json: size: appears more than once\n")
    }

    /// Every field a line can carry — id, size, format, quality, photo and the event's own —
    /// gives the bytes `render` gives for the same values as flags.
    func testAValidLineRendersWhatRenderRenders() throws {
        try FileManager.default.copyItem(at: PhotoCommandTests.photos.appendingPathComponent("rocket-portrait.jpg"),
                                         to: directory.appendingPathComponent("rocket.jpg"))
        try write("""
            {"id": "all", "title": "Everything at once", "date": "2024-06-01", "endDate": "2024-06-03", "subtitle": "Sub", "emoji": "🎉", "color": "user_red", "palette": "dark", "template": "dated", "locale": "de", "size": "og", "format": "jpeg", "quality": 80}
            {"photo": "rocket.jpg", "template": "photo", "title": "Launch", "id": "photo", "size": "1200x630"}
            {"title": "Plain"}

            """, to: "events.jsonl")
        let batch = try Sharecard.run(["batch", "events.jsonl", "--out", "out", "--jobs", "1"], in: directory)
        XCTAssertEqual(batch.status, 0, batch.stderr)
        let renders: [(file: String, arguments: [String])] = [
            ("all.jpg", ["--title", "Everything at once", "--date", "2024-06-01", "--end-date", "2024-06-03", "--subtitle", "Sub",
                         "--emoji", "🎉", "--color", "user_red", "--palette", "dark", "--template", "dated", "--locale", "de",
                         "--size", "og", "--quality", "80", "-o", "all.jpg"]),
            ("photo.png", ["--title", "Launch", "--template", "photo", "--photo", "rocket.jpg", "--size", "1200x630", "-o", "photo.png"]),
            ("000003.png", ["--title", "Plain", "-o", "000003.png"]),
        ]
        for (file, arguments) in renders {
            let r = try Sharecard.run(["render"] + arguments, in: directory)
            XCTAssertEqual(r.status, 0, r.stderr)
            let fromBatch = try Data(contentsOf: directory.appendingPathComponent("out/\(file)"))
            XCTAssertEqual(fromBatch, try Data(contentsOf: directory.appendingPathComponent(file)), file)
            XCTAssertGreaterThan(fromBatch.count, 1000, file)
        }
    }

    /// A folder last written by a version that kept its journal as one object,
    /// `.sharecard-batch.json`, is resumed from it; the finished run replaces it.
    func testTheEarlierSingleObjectJournalStillCounts() throws {
        try write(#"{"title": "One"}"# + "\n" + #"{"title": "Two"}"# + "\n" + #"{"title": "Three"}"# + "\n", to: "events.jsonl")
        XCTAssertEqual(try Sharecard.run(["batch", "events.jsonl", "--out", "out"], in: directory).status, 0)
        let journal = directory.appendingPathComponent("out/.sharecard-batch.jsonl")
        var legacy: [String: [String: String]] = [:]
        for line in try String(contentsOf: journal, encoding: .utf8).split(separator: "\n") {
            let entry = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
            legacy[try XCTUnwrap(entry["name"])] = ["key": try XCTUnwrap(entry["key"]), "sha256": try XCTUnwrap(entry["sha256"])]
        }
        XCTAssertEqual(legacy.count, 3)
        // The third entry names other bytes: that card is rendered again.
        legacy["000003.png"]?["sha256"] = String(repeating: "0", count: 64)
        try JSONSerialization.data(withJSONObject: legacy).write(to: directory.appendingPathComponent("out/.sharecard-batch.json"))
        try FileManager.default.removeItem(at: journal)

        let again = try Sharecard.run(["batch", "events.jsonl", "--out", "out"], in: directory)
        XCTAssertEqual(again.stderr, "3 events: 1 written, 2 unchanged, 0 failed\n")
        XCTAssertEqual(try contents(of: "out"), [".sharecard-batch.jsonl", "000001.png", "000002.png", "000003.png"], "the old journal is gone")
        let rewritten = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(rewritten.count, 3)
        XCTAssertTrue(rewritten.allSatisfy { $0.hasPrefix(#"{"key":""#) && $0.contains(#"","name":"0000"#) && $0.contains(#"","sha256":""#) }, "\(rewritten)")
        XCTAssertEqual(try Sharecard.run(["batch", "events.jsonl", "--out", "out"], in: directory).stderr, "3 events: 0 written, 3 unchanged, 0 failed\n")

        // An old journal that is not JSON, or whose entries are not strings, counts for nothing.
        for broken in [#"{"000001.png": {"key": "k", "sha256": 5}}"#, #"{"000001.png": {"key": "k", "sha256": "s"},}"#, "\u{0}"] {
            try FileManager.default.removeItem(at: journal)
            try write(broken, to: "out/.sharecard-batch.json")
            let fresh = try Sharecard.run(["batch", "events.jsonl", "--out", "out"], in: directory)
            XCTAssertEqual(fresh.stderr, "3 events: 3 written, 0 unchanged, 0 failed\n", broken)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("out/.sharecard-batch.json")))
        }
    }
}
