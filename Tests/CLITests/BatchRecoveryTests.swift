import Foundation
import XCTest

/// `batch` never lets two lines write one file, records each card as it finishes (so a
/// killed run resumes), reports errors as they happen, and stops cleanly on SIGINT/SIGTERM.
///
/// The interrupted runs are made deterministic with a FIFO: one line's "id" names a FIFO
/// already in the output folder, so with `--jobs 1` the batch writes the cards before it,
/// then blocks opening the FIFO until the test reads it.
final class BatchRecoveryTests: TemporaryDirectoryTestCase {
    var out: URL { directory.appendingPathComponent("out") }
    var journal: URL { out.appendingPathComponent(".sharecard-batch.jsonl") }

    /// Seven lines: 1, 3, 4 good; 2 bad; 5 writes into out/blocker.png; 6, 7 good.
    func writeBlockedBatch() throws {
        let lines = [
            #"{"title": "One"}"#,
            #"{"title": ""}"#,
            #"{"title": "Three"}"#,
            #"{"title": "Four", "color": "user_red"}"#,
            // A photo card: its PNG is far larger than the FIFO's one-page buffer (a flat card's
            // indexed PNG is smaller than a page and would not block).
            #"{"id": "blocker", "title": "Five", "template": "photo"}"#,
            #"{"title": "Six"}"#,
            #"{"title": "Seven"}"#,
        ]
        try write(lines.joined(separator: "\n") + "\n", to: "events.jsonl")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(out.appendingPathComponent("blocker.png").path, 0o644), 0)
    }

    func pngs() throws -> [String] { try contents(of: "out").filter { $0.hasSuffix(".png") } }

    func testCollidingOutputNamesAreRefusedBeforeAnythingIsWritten() throws {
        let lines = [
            #"{"title": "First"}"#,
            #"{"id": "party", "title": "Second"}"#,
            #"{"id": "000001", "title": "Third"}"#,
            #"{"id": "party", "title": "Fourth"}"#,
        ]
        try write(lines.joined(separator: "\n"), to: "events.jsonl")
        let r = try Sharecard.run(["batch", "events.jsonl", "--out", "out", "--jobs", "2"], in: directory)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr, """
            sharecard batch: 2 output file names are given by more than one line; give each line a unique "id" (nothing was written):
              000001.png: lines 1 and 3
              party.png: lines 2 and 4

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing written, not even the folder")
    }

    func interruption(_ signal: Int32, drain: Bool) -> ProcessHarness.Interruption {
        ProcessHarness.Interruption(journal: journal, lines: 3, fifo: out.appendingPathComponent("blocker.png"), signal: signal, drain: drain)
    }

    func testKilledBatchResumesFromTheJournal() throws {
        try writeBlockedBatch()
        let r = try ProcessHarness.runScripted(["batch", "events.jsonl", "--out", "out", "--jobs", "1"], in: directory, terminal: false,
                                               interruption: interruption(SIGKILL, drain: false))
        XCTAssertEqual(r.status, -Int(SIGKILL))
        XCTAssertEqual(r.outputBeforeSignal, "line 2: title: must not be empty or blank\n", "the error is shown as it happens")
        XCTAssertEqual(ProcessHarness.lineCount(journal), 3)
        XCTAssertEqual(try pngs(), ["000001.png", "000003.png", "000004.png", "blocker.png"])

        try FileManager.default.removeItem(at: out.appendingPathComponent("blocker.png"))
        let again = try Sharecard.run(["batch", "events.jsonl", "--out", "out", "--jobs", "1"], in: directory)
        XCTAssertEqual(again.status, 1, "line 2 still fails")
        XCTAssertEqual(again.stderr, "line 2: title: must not be empty or blank\n7 events: 3 written, 3 unchanged, 1 failed\n")
        XCTAssertEqual(try pngs(), ["000001.png", "000003.png", "000004.png", "000006.png", "000007.png", "blocker.png"])
        XCTAssertEqual(ProcessHarness.lineCount(journal), 6, "a clean finish compacts the journal to one line per card")
        XCTAssertFalse(try contents(of: "out").contains { $0.hasSuffix(".tmp") })
    }

    func testTornJournalLineIsIgnoredAndLaterEntriesStillCount() throws {
        try write(#"{"title": "One"}"# + "\n" + #"{"title": "Two"}"#, to: "events.jsonl")
        XCTAssertEqual(try Sharecard.run(["batch", "events.jsonl", "--out", "out"], in: directory).status, 0)
        // What a crash mid-append leaves: a line cut short, with no newline.
        let handle = try FileHandle(forWritingTo: journal)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"key": "0123", "name": "000002.p"#.utf8))
        try handle.close()
        try FileManager.default.removeItem(at: out.appendingPathComponent("000002.png"))
        let r = try Sharecard.run(["batch", "events.jsonl", "--out", "out"], in: directory)
        XCTAssertEqual(r.stderr, "2 events: 1 written, 1 unchanged, 0 failed\n")
        let again = try Sharecard.run(["batch", "events.jsonl", "--out", "out"], in: directory)
        XCTAssertEqual(again.stderr, "2 events: 0 written, 2 unchanged, 0 failed\n")
    }

    func testInterruptFinishesTheCardInFlightClearsTheProgressLineAndSummarises() throws {
        try writeBlockedBatch()
        let r = try ProcessHarness.runScripted(["batch", "events.jsonl", "--out", "out", "--jobs", "1"], in: directory, terminal: true,
                                               interruption: interruption(SIGINT, drain: true))
        XCTAssertEqual(r.status, 130, r.output)
        XCTAssertTrue(r.outputBeforeSignal.contains("line 2: title: must not be empty or blank\r\n"), r.outputBeforeSignal.debugDescription)
        XCTAssertTrue(r.outputBeforeSignal.contains("cards/s"), "a progress line is shown: \(r.outputBeforeSignal.debugDescription)")
        XCTAssertTrue(r.output.contains("\r\u{1B}[Kstopping after the cards in progress"), r.output.debugDescription)
        let summary = "7 events: 4 written, 0 unchanged, 1 failed, 2 not started (stopped by SIGINT)\r\n"
        XCTAssertTrue(r.output.hasSuffix("\r\u{1B}[K" + summary), "the progress line is cleared before the summary: \(r.output.debugDescription)")
        XCTAssertEqual(try pngs(), ["000001.png", "000003.png", "000004.png", "blocker.png"], "no line started after the signal")
        XCTAssertEqual(ProcessHarness.lineCount(journal), 4, "the card in flight finished and was recorded")
    }

    func testTerminateStopsWithStatus143AndNoProgressLineOffATerminal() throws {
        try writeBlockedBatch()
        let r = try ProcessHarness.runScripted(["batch", "events.jsonl", "--out", "out", "--jobs", "1"], in: directory, terminal: false,
                                               interruption: interruption(SIGTERM, drain: true))
        XCTAssertEqual(r.status, 143, r.output)
        XCTAssertEqual(r.output, "line 2: title: must not be empty or blank\n"
                       + "stopping after the cards in progress (signal again to stop at once)\n"
                       + "7 events: 4 written, 0 unchanged, 1 failed, 2 not started (stopped by SIGTERM)\n")
        XCTAssertEqual(ProcessHarness.lineCount(journal), 4)
        XCTAssertFalse(try contents(of: "out").contains { $0.hasSuffix(".tmp") })
    }

    func testSecondInterruptStopsAtOnce() throws {
        try writeBlockedBatch()
        var stop = interruption(SIGINT, drain: false)
        stop.repeatSignal = true
        let r = try ProcessHarness.runScripted(["batch", "events.jsonl", "--out", "out", "--jobs", "1"], in: directory, terminal: false,
                                               interruption: stop)
        XCTAssertEqual(r.status, 130, r.output)
        XCTAssertEqual(r.output, "line 2: title: must not be empty or blank\n"
                       + "stopping after the cards in progress (signal again to stop at once)\n", "no summary: it did not wait")
        XCTAssertEqual(ProcessHarness.lineCount(journal), 3, "the card blocked in the FIFO was not recorded")
    }

    func testTemporaryFilesOfKilledWritersAreRemoved() throws {
        try write(#"{"title": "One"}"#, to: "events.jsonl")
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let stale = ".000001.png.sharecard-\(gone.processIdentifier)-1f.tmp"
        let live = ".000001.png.sharecard-\(getpid())-2e.tmp"
        try write("half a card", to: "out/" + stale)
        try write("a card being written", to: "out/" + live)
        let r = try Sharecard.run(["batch", "events.jsonl", "--out", "out"], in: directory)
        XCTAssertEqual(r.stderr, "1 event: 1 written, 0 unchanged, 0 failed\n")
        XCTAssertEqual(try contents(of: "out"), [".000001.png.sharecard-\(getpid())-2e.tmp", ".sharecard-batch.jsonl", "000001.png"])
    }

    func testUnwritableOutFolderIsOneErrorBeforeRendering() throws {
        try write(#"{"title": "One"}"# + "\n" + #"{"title": "Two"}"#, to: "events.jsonl")
        // Even root cannot create files in /proc/self, and the folder exists.
        let r = try Sharecard.run(["batch", "events.jsonl", "--out", "/proc/self"], in: directory)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderrLines.count, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("sharecard batch: cannot write in the --out folder /proc/self: "), r.stderr)
    }
}
