import Foundation
import XCTest

/// Arguments that are not UTF-8, output that cannot be written, and standard streams the
/// caller closed: each a clear error, never a changed title, another file, or a silent success.
final class StandardStreamsTests: TemporaryDirectoryTestCase {
    /// Runs `script` in sh with `$S` the sharecard executable (arguments with any bytes).
    func shell(_ script: String) throws -> Sharecard.Result {
        try ProcessRunner.run("/bin/sh", ["-c", "S='\(Sharecard.executable.path)'; " + script], environment: nil, in: directory)
    }

    /// Swift repairs such bytes into U+FFFD: the card read "Hi�" and `-o` named another file.
    func testArgumentsThatAreNotUTF8AreRefusedByName() throws {
        let cases = [
            (#""$S" render --title "$(printf 'Hi\377')" -o card.png"#, #"sharecard: the value of --title is not UTF-8 text: "Hi\xFF""#),
            (#""$S" render --title Hi -o "$(printf 'caf\351.png')""#, #"sharecard: the value of -o is not UTF-8 text: "caf\xE9.png""#),
            (#""$S" render "--title=$(printf '\300\200')" -o card.png"#, #"sharecard: argument 2 is not UTF-8 text: "--title=\xC0\x80""#),
        ]
        for (script, message) in cases {
            let r = try shell(script)
            XCTAssertEqual(r.status, 2, script)
            XCTAssertEqual(r.stderr, message + "\n")
        }
        XCTAssertEqual(try contents(), [], "nothing written")
    }

    func testOutputThatCannotBeWrittenIsAnError() throws {
        for command in ["completions bash", "man", "templates show classic --json", "fonts list", "--help", "render --help"] {
            let r = try shell(#""$S" \#(command) > /dev/full"#)
            XCTAssertEqual(r.status, 1, command)
            XCTAssertTrue(r.stderr.contains("cannot write to standard output"), "\(command): \(r.stderr)")
        }
        let closed = try shell(#""$S" render --title Hi --share-text -o card.png >&-"#)
        XCTAssertEqual(closed.status, 1)
        XCTAssertEqual(closed.stderr, "sharecard render: cannot write to standard output: Bad file descriptor\n")
    }

    /// With standard error closed, the batch's journal (the next file it opens) used to take
    /// descriptor 2 and receive the error lines.
    func testClosedStandardErrorIsNotReusedForAFile() throws {
        try write("{\"title\": \"a\"}\n{\"title\": 5}\n", to: "events.jsonl")
        let r = try shell(#""$S" batch events.jsonl --out out 2>&-"#)
        XCTAssertEqual(r.status, 1)
        let journal = try String(contentsOf: directory.appendingPathComponent("out/.sharecard-batch.jsonl"), encoding: .utf8)
        XCTAssertEqual(journal.split(separator: "\n").count, 1, journal)
        XCTAssertTrue(journal.split(separator: "\n").allSatisfy { $0.hasPrefix("{") }, journal)
    }
}
