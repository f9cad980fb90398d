import Foundation
import XCTest

/// Every input a command reads has a limit, and a stream that never ends (`/dev/zero`, a FIFO
/// fed forever) is read no further than one byte past it: a clear error in a moment, never a
/// trap or all the machine's memory. Each hostile read runs under a 1.5 GB address-space cap
/// (`ulimit -v`), so a regression fails the test instead of exhausting the machine. Under
/// scripts/sanitize there is no cap: AddressSanitizer and ThreadSanitizer reserve terabytes of
/// shadow address space, so a sanitized `sharecard` could not start under it (and a FIFO's
/// writer would wait for it forever).
final class InputLimitsCommandTests: TemporaryDirectoryTestCase {
    private static let cap = ["ASAN_OPTIONS", "TSAN_OPTIONS"].contains { ProcessInfo.processInfo.environment[$0] != nil }
        ? "" : "ulimit -v 1500000; "

    /// `sharecard arguments…` run by `sh -c` after `ulimit -v`, with `setup` (shell code: a
    /// redirect, a writer in the background) around it: `{}` in `script` is the command.
    func capped(_ script: String, _ arguments: [String]) throws -> Sharecard.Result {
        let command = "\"$0\"" + arguments.map { " '\($0)'" }.joined()
        let body = Self.cap + script.replacingOccurrences(of: "{}", with: command)
        return try ProcessRunner.run("/bin/sh", ["-c", body, Sharecard.executable.path], environment: nil, in: directory, timeout: 60)
    }

    func testEventFileFromAnEndlessStreamStopsAtTheEventLimit() throws {
        let zero = try capped("{}", ["render", "--event", "/dev/zero", "-o", "x.png"])
        XCTAssertEqual(zero.status, 1, zero.stderr)
        XCTAssertEqual(zero.stderr, "sharecard render: /dev/zero: an event is more than the limit of 65536 bytes (read no further)\n")
        XCTAssertEqual(mkfifo(path("fifo"), 0o600), 0)
        let fifo = try capped("yes '{\"title\": \"x\"}' > fifo & {}", ["render", "--event", "fifo", "-o", "x.png"])
        XCTAssertEqual(fifo.status, 1, fifo.stderr)
        XCTAssertEqual(fifo.stderr, "sharecard render: fifo: an event is more than the limit of 65536 bytes (read no further)\n")
        try write(String(repeating: " ", count: 70_000) + #"{"title": "x"}"#, to: "big.json")
        let big = try Sharecard.run(["render", "--event", "big.json", "-o", "x.png"], in: directory)
        XCTAssertEqual(big.stderr, "sharecard render: big.json: an event is 70014 bytes, over the limit of 65536\n")
        XCTAssertEqual(try contents(), ["big.json", "fifo"])
    }

    func testSceneFromAnEndlessStreamStopsAtTheDocumentLimit() throws {
        let stdin = try capped("{} < /dev/zero", ["draw", "-", "-o", "x.png"])
        XCTAssertEqual(stdin.status, 1, stdin.stderr)
        XCTAssertEqual(stdin.stderr, "sharecard draw: <stdin>: a scene is more than the limit of 4194304 bytes (read no further)\n")
        let file = try capped("{}", ["draw", "/dev/zero", "-o", "x.png"])
        XCTAssertEqual(file.stderr, "sharecard draw: /dev/zero: a scene is more than the limit of 4194304 bytes (read no further)\n")
        XCTAssertEqual(try contents(), [])
    }

    func testPhotoFromAnEndlessStreamStopsAtThePhotoLimit() throws {
        for (source, name) in [("{}", "/dev/zero"), ("{} < /dev/zero", "<stdin>")] {
            let photo = name == "<stdin>" ? "-" : name
            let r = try capped(source, ["render", "--title", "x", "--photo", photo, "-o", "x.png"])
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertEqual(r.stderr, "sharecard render: \(name): photo too large: the file is more than the limit of 67108864 bytes (read no further)\n")
        }
        XCTAssertEqual(try contents(), [])
    }

    func testTitleFromAnEndlessStreamStopsAtTheTitleLimit() throws {
        let message = "sharecard render: --title -: standard input is more than 2002 bytes, longer than a title of at most 500 code points can be\n"
        for source in ["{} < /dev/zero", "yes a | {}"] {
            let r = try capped(source, ["render", "--title", "-", "-o", "t.png"])
            XCTAssertEqual(r.status, 2, source + ": " + r.stderr)
            XCTAssertTrue(r.stderr.hasPrefix(message), source + ": " + r.stderr)
        }
        // 500 four-byte characters and a CR LF are at the limit, and are one title.
        let longest = String(repeating: "😀", count: 500) + "\r\n"
        let r = try Sharecard.run(["render", "--title", "-", "--share-text"], stdin: Data(longest.utf8), in: directory)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try contents(), [])
    }

    func testBatchFileIsReadLineByLineWithinItsLimits() throws {
        // One endless line: its bytes are skipped, and the file stops at its own limit.
        let zero = try capped("{}", ["batch", "/dev/zero", "--out", "out"])
        XCTAssertEqual(zero.status, 1, zero.stderr)
        XCTAssertEqual(zero.stderr, "sharecard batch: /dev/zero: a batch file is more than the limit of 268435456 bytes (read no further)\n")
        // Endless short lines: the line count stops it.
        XCTAssertEqual(mkfifo(path("fifo"), 0o600), 0)
        let fifo = try capped("yes '{\"title\": \"x\"}' > fifo & {}", ["batch", "fifo", "--out", "out"])
        XCTAssertEqual(fifo.status, 1, fifo.stderr)
        XCTAssertEqual(fifo.stderr, "sharecard batch: fifo: a batch file has more than 1000000 lines, over the limit (split it into several batches)\n")
        XCTAssertEqual(try contents(), ["fifo"], "nothing rendered")
        // A line over an event's limit fails alone; the others are rendered.
        let long = #"{"title": "\#(String(repeating: "a", count: 70_000))"}"#
        try write(#"{"title": "One"}"# + "\n" + long + "\n" + #"{"title": "Three"}"#, to: "events.jsonl")
        let r = try Sharecard.run(["batch", "events.jsonl", "--out", "out"], in: directory)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr, "line 2: the line is more than 65536 bytes, over the limit of one event\n3 events: 2 written, 0 unchanged, 1 failed\n")
        XCTAssertEqual(try contents(of: "out"), [".sharecard-batch.jsonl", "000001.png", "000003.png"])
    }
}
