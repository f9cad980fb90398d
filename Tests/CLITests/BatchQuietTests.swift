import Foundation
import XCTest

/// `batch --quiet`: no progress bar and no summary, for scripts that go by the exit status;
/// failed lines and contrast warnings are printed as without it.
final class BatchQuietTests: TemporaryDirectoryTestCase {
    let warning = "line 3: warning: colour #fff176,#4a148c: near-black text (#121212), contrast 2.55:1 at #714387, the lowest-contrast spot under the title (below WCAG 2 AA even for large text, which needs 3:1)"

    func testOnlyFailuresAndWarningsArePrinted() throws {
        try write("""
            {"title": "Fine"}
            {"title": "x",}
            {"title": "Our first apartment together", "color": "#fff176,#4a148c"}

            """, to: "events.jsonl")
        let quiet = try Sharecard.run(["batch", "events.jsonl", "--out", "out", "--quiet"], in: directory)
        XCTAssertEqual(quiet.status, 1, "a failed line still fails the batch")
        XCTAssertEqual(Set(quiet.stderrLines), ["line 2: malformed JSON: expected a key in quotes at byte 14", Substring(warning)])

        let loud = try Sharecard.run(["batch", "events.jsonl", "--out", "again"], in: directory)
        XCTAssertEqual(loud.status, 1)
        XCTAssertEqual(loud.stderrLines.last, "3 events: 2 written, 0 unchanged, 1 failed")

        try write(#"{"title": "Fine"}"# + "\n", to: "good.jsonl")
        let silent = try Sharecard.run(["batch", "good.jsonl", "--out", "good", "-q"], in: directory)
        XCTAssertEqual(silent.status, 0)
        XCTAssertEqual(silent.stderr, "")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("good/000001.png")))
    }

    /// On a terminal (a pseudo-terminal from util-linux's `script`), the bar is drawn without
    /// `--quiet` and not with it.
    func testNoProgressBarOnATerminal() throws {
        try write(String(repeating: #"{"title": "Fine"}"# + "\n", count: 3), to: "events.jsonl")
        func onTerminal(_ arguments: [String]) throws -> String {
            let command = ([Sharecard.executable.path] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
            let r = try ProcessRunner.run("/usr/bin/script", ["-qec", command, "/dev/null"], environment: Sharecard.terminalEnvironment(), stdin: Data(),
                                          in: directory, timeout: 60)
            XCTAssertEqual(r.status, 0, r.stderr)
            return String(decoding: r.stdout, as: UTF8.self)
        }
        let shown = try onTerminal(["batch", "events.jsonl", "--out", "a"])
        XCTAssertTrue(shown.contains("█"), shown)
        XCTAssertTrue(shown.contains("3 events: 3 written"), shown)
        let quiet = try onTerminal(["batch", "events.jsonl", "--out", "b", "--quiet"])
        XCTAssertEqual(quiet, "")
    }
}
