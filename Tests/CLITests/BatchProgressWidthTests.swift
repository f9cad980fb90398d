import Foundation
import XCTest

/// The batch's progress bar fits the terminal it is drawn on: it was 30 cells plus its counters
/// whatever the width, so on a narrow terminal each redraw wrapped and scrolled a new line
/// instead of overwriting the last.
final class BatchProgressWidthTests: TemporaryDirectoryTestCase {
    /// What a batch of `events` draws on standard error in a terminal `columns` wide (`script`
    /// gives it one), as the pieces between carriage returns and newlines, escapes removed.
    func drawn(columns: Int, events: Int = 40) throws -> [String] {
        let lines = (1...events).map { #"{"title": "Card \#($0)"}"# }.joined(separator: "\n") + "\n"
        _ = try write(lines, to: "events.jsonl")
        let command = "stty cols \(columns); '\(Sharecard.executable.path)' batch events.jsonl --out out-\(columns)"
        let r = try ProcessRunner.run("/usr/bin/script", ["-qec", command, "/dev/null"], environment: Sharecard.terminalEnvironment(), in: directory)
        XCTAssertEqual(r.status, 0, r.stderr)
        let text = String(decoding: r.stdout, as: UTF8.self).replacingOccurrences(of: "\u{1B}[K", with: "")
        return text.components(separatedBy: CharacterSet(charactersIn: "\r\n")).filter { !$0.isEmpty }
    }

    func testTheBarFitsANarrowTerminal() throws {
        for columns in [24, 40] {
            let pieces = try drawn(columns: columns)
            let bars = pieces.filter { $0.contains("/40") && !$0.contains("events:") }
            XCTAssertFalse(bars.isEmpty, "\(columns) columns: \(pieces)")
            for piece in bars { XCTAssertLessThan(piece.count, columns, "\(columns) columns: \(piece)") }
            XCTAssertTrue(pieces.contains { $0.hasPrefix("40 events: 40 written") }, "\(pieces)")
        }
        // A wide terminal keeps the whole bar: 30 cells, then the count.
        let wide = try drawn(columns: 100).filter { $0.contains("/40") && !$0.contains("events:") }
        XCTAssertTrue(wide.allSatisfy { $0.unicodeScalars.prefix(30).allSatisfy { $0 == "█" || $0 == "░" } }, "\(wide)")
    }

    /// A terminal without `ESC [ K` (`TERM=dumb`, or no `TERM`) gets no escape: the bar is
    /// overwritten with spaces; in a locale that is not UTF-8 it is drawn in `#` and `-`.
    func testADumbTerminalGetsNoEscapesAndTheCLocaleNoBlocks() throws {
        let lines = (1...40).map { #"{"title": "Card \#($0)"}"# }.joined(separator: "\n") + "\n"
        _ = try write(lines, to: "events.jsonl")
        for (name, term, lang) in [("dumb", "dumb" as String?, "C.UTF-8"), ("unset", nil, "C.UTF-8"), ("C", "xterm", "C")] {
            var environment = Sharecard.terminalEnvironment()
            environment["TERM"] = term
            environment["LANG"] = lang
            let command = "stty cols 100; '\(Sharecard.executable.path)' batch events.jsonl --out out-\(name)"
            let r = try ProcessRunner.run("/usr/bin/script", ["-qec", command, "/dev/null"], environment: environment, in: directory)
            XCTAssertEqual(r.status, 0, r.stderr)
            let text = String(decoding: r.stdout, as: UTF8.self)
            let pieces = text.replacingOccurrences(of: "\u{1B}[K", with: "")
                .components(separatedBy: CharacterSet(charactersIn: "\r\n")).filter { !$0.isEmpty }
            let bars = pieces.filter { $0.contains("/40") }
            XCTAssertFalse(bars.isEmpty, "\(name): \(pieces)")
            XCTAssertTrue(pieces.contains { $0.hasPrefix("40 events: 40 written") }, "\(name): \(pieces)")
            if term == "xterm" {
                XCTAssertTrue(text.contains("\u{1B}[K"), name)
                XCTAssertTrue(bars.allSatisfy { $0.unicodeScalars.prefix(30).allSatisfy { $0 == "#" || $0 == "-" } }, "\(name): \(bars)")
            } else {
                XCTAssertFalse(text.contains("\u{1B}"), "\(name): \(text.debugDescription)")
                XCTAssertTrue(bars.allSatisfy { $0.unicodeScalars.prefix(30).allSatisfy { $0 == "█" || $0 == "░" } }, "\(name): \(bars)")
                // The summary overwrites the bar: spaces as wide as the widest bar, then the summary.
                let widest = bars.map(\.count).max() ?? 0
                XCTAssertTrue(text.contains("\r" + String(repeating: " ", count: widest) + "\r40 events: 40 written"), "\(name): \(text.debugDescription)")
            }
        }
    }
}
