import Foundation
import XCTest

/// The event's own rules, the same in `render`, `batch` and the server: the title limit in
/// code points, blank titles, and user values quoted short and escaped in messages.
final class EventValidationCommandTests: TemporaryDirectoryTestCase {
    let marks = "a" + String(repeating: "\u{301}", count: 32_000)

    func testTitleLimitCountsCodePoints() throws {
        let render = try Sharecard.run(["render", "--title", marks, "-o", "t.png"], in: directory, timeout: 20)
        XCTAssertEqual(render.status, 2, render.stderr)
        XCTAssertEqual(render.stderr, "sharecard render: --title: is 32001 code points long, over the limit of 500\n")
        // 32,000 marks of 2 bytes each: the line is under an event's 64 KiB.
        try write(#"{"id": "c", "title": "\#(marks)"}"#, to: "events.jsonl")
        let batch = try Sharecard.run(["batch", "events.jsonl", "--out", "out"], in: directory, timeout: 20)
        XCTAssertEqual(batch.status, 1, batch.stderr)
        XCTAssertEqual(batch.stderr, "line 1: title: is 32001 code points long, over the limit of 500\n1 event: 0 written, 0 unchanged, 1 failed\n")
        XCTAssertEqual(try contents(), ["events.jsonl", "out"])
    }

    func testTitleWithNothingVisibleIsBlank() throws {
        for title in ["\u{200B}", "\u{2060}", "\u{FEFF}", "\u{200F}", "\u{034F}", "\u{2800}", " \u{200B}\n\u{3164} "] {
            let r = try Sharecard.run(["render", "--title", title, "-o", "t.png"], in: directory)
            XCTAssertEqual(r.status, 2, "\(title.unicodeScalars.map { String($0.value, radix: 16) }): \(r.stderr)")
            XCTAssertEqual(r.stderr, "sharecard render: --title: must not be empty or blank\n")
        }
        XCTAssertEqual(try contents(), [])
    }

    func testMessagesQuoteValuesShortAndEscaped() throws {
        let escape = "\u{1B}[31mRED"
        for (flag, expected) in [("--palette", #"--palette: must be a name of letters, digits, '_' or '-', got "\u{1B}[31mRED""#),
                                 ("--size", #"--size: expected a preset (card, og, square, story, banner) or WxH such as 1200x630, got "\u{1B}[31mRED""#),
                                 ("--date", #"--date: expected an ISO 8601 date such as 2024-06-01 or 2024-06-01T18:30:00+02:00, got "\u{1B}[31mRED""#)] {
            let r = try Sharecard.run(["render", "--title", "x", flag, escape, "-o", "t.png"], in: directory)
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertEqual(r.stderr, "sharecard render: \(expected)\n")
        }
        let long = "\u{202E}" + String(repeating: "b", count: 60_000)
        let r = try Sharecard.run(["render", "--title", "x", "--template", long, "-o", "t.png"], in: directory)
        XCTAssertEqual(r.stderr, #"sharecard render: --template: must be a name of letters, digits, '_' or '-', got "\u{202E}"# + String(repeating: "b", count: 79) + "…\"\n")
        try write(#"{"palette": "\u001b[31mRED", "title": "x"}"#, to: "events.jsonl")
        let batch = try Sharecard.run(["batch", "events.jsonl", "--out", "out"], in: directory)
        XCTAssertFalse(batch.stderr.contains("\u{1B}"), batch.stderr)
        XCTAssertTrue(batch.stderr.hasPrefix(#"line 1: palette: must be a name of letters, digits, '_' or '-', got "\u{1B}[31mRED""#), batch.stderr)
    }

    func testJournalInTheWayIsNamed() throws {
        try write(#"{"title": "x"}"#, to: "events.jsonl")
        try FileManager.default.createDirectory(atPath: path("out/.sharecard-batch.jsonl"), withIntermediateDirectories: true)
        let r = try Sharecard.run(["batch", "events.jsonl", "--out", "out"], in: directory)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr, "sharecard batch: cannot open the batch journal out/.sharecard-batch.jsonl: Is a directory\n")
    }

    func testAJournalThatIsNotAFileIsRefusedUnread() throws {
        // A FIFO would hold the run up and /dev/zero never end: each is named, at once, and
        // nothing is rendered.
        try write(#"{"title": "x"}"#, to: "events.jsonl")
        try FileManager.default.createDirectory(atPath: path("out"), withIntermediateDirectories: true)
        for name in [".sharecard-batch.jsonl", ".sharecard-batch.json"] {
            for kind in ["fifo", "zero"] {
                try? FileManager.default.removeItem(atPath: path("out/" + name))
                if kind == "fifo" {
                    XCTAssertEqual(mkfifo(path("out/" + name), 0o644), 0)
                } else {
                    try FileManager.default.createSymbolicLink(atPath: path("out/" + name), withDestinationPath: "/dev/zero")
                }
                let started = Date()
                let r = try Sharecard.run(["batch", "events.jsonl", "--out", "out"], in: directory)
                XCTAssertEqual(r.status, 1, "\(name) \(kind): \(r.stderr)")
                XCTAssertTrue(r.stderr.hasPrefix("sharecard batch: cannot "), r.stderr)
                let reason = kind == "fifo" ? "it is not a regular file"
                    : "it is a symbolic link, and the journal is the run's own file in the folder, not followed"
                XCTAssertTrue(r.stderr.hasSuffix("the batch journal out/\(name): \(reason)\n"), r.stderr)
                XCTAssertLessThan(Date().timeIntervalSince(started), 10)
                XCTAssertEqual(try contents(of: "out"), [name], "nothing rendered")
                try FileManager.default.removeItem(atPath: path("out/" + name))
            }
        }
    }

    /// A symlink in the journal's place is refused, not followed: the run used to append its
    /// entries to whatever the link named (the events file itself), then rename a new journal
    /// over the link. The file it names keeps its bytes, and the link stays.
    func testAJournalThatIsASymlinkIsRefusedAndWhatItNamesIsUntouched() throws {
        let events = #"{"title": "x"}"# + "\n"
        try write(events, to: "events.jsonl")
        try FileManager.default.createDirectory(atPath: path("out"), withIntermediateDirectories: true)
        for name in [".sharecard-batch.jsonl", ".sharecard-batch.json"] {
            try FileManager.default.createSymbolicLink(atPath: path("out/" + name), withDestinationPath: "../events.jsonl")
            let r = try Sharecard.run(["batch", "events.jsonl", "--out", "out"], in: directory)
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertTrue(r.stderr.hasSuffix("the batch journal out/\(name): it is a symbolic link, and the journal is the run's own "
                + "file in the folder, not followed\n"), r.stderr)
            XCTAssertEqual(try String(contentsOfFile: path("events.jsonl"), encoding: .utf8), events)
            XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path("out/" + name)), "../events.jsonl")
            XCTAssertEqual(try contents(of: "out"), [name], "nothing rendered")
            try FileManager.default.removeItem(atPath: path("out/" + name))
        }
    }

    func testEmptyTextIsRefused() throws {
        for command in ["measure", "text"] {
            let r = try Sharecard.run([command, "--text", "", "-o", "t.png"].prefix(command == "measure" ? 3 : 5).map { $0 }, in: directory)
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertEqual(r.stderr, "sharecard \(command): --text is empty; give the text to set\n")
        }
        XCTAssertEqual(try contents(), [])
    }
}
