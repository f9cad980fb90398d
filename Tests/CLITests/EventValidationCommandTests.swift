import Foundation
import XCTest

/// The event's own rules, the same in `render`, `batch` and the server: the title limit in
/// code points and blank titles.
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
}
