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

    /// A batch started with SIGINT ignored (a background job of a script, `nohup`) keeps it
    /// ignored, as POSIX utilities do: the interrupt sent mid-card changes nothing.
    func testAnInterruptIgnoredAtStartStaysIgnored() throws {
        try writeBlockedBatch()
        var ignored = interruption(SIGINT, drain: false)
        ignored.startsWithInterruptIgnored = true
        let r = try ProcessHarness.runScripted(["batch", "events.jsonl", "--out", "out", "--jobs", "1"], in: directory, terminal: false,
                                               interruption: ignored)
        XCTAssertEqual(r.status, 1, "line 2 fails; nothing stops: \(r.output)")
        XCTAssertEqual(r.output, "line 2: title: must not be empty or blank\n7 events: 6 written, 0 unchanged, 1 failed\n")
        XCTAssertEqual(try pngs(), ["000001.png", "000003.png", "000004.png", "000006.png", "000007.png", "blocker.png"])
        XCTAssertEqual(ProcessHarness.lineCount(journal), 6)
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
        // This test process's start time, as the writer's name records it (field 22 of its stat).
        let stat = try String(contentsOfFile: "/proc/self/stat", encoding: .utf8)
        let started = try XCTUnwrap(UInt64(stat[stat.range(of: ")", options: .backwards)!.upperBound...].split(separator: " ")[19]))
        let me = getpid()
        let left = [
            ".000001.png.sharecard-\(gone.processIdentifier)-1f.tmp",  // the older form: its writer is gone
            ".000002.png.sharecard-\(gone.processIdentifier)-\(started)-1f.tmp",  // its writer is gone
            // The id is alive but started at another time: a reused id, as a container's PID 1
            // is in every run. The id alone kept these for good.
            ".000003.png.sharecard-\(me)-\(started - 1)-3a.tmp",
            ".000004.png.sharecard-1-\(UInt64.max)-4b.tmp",
        ]
        let live = [".000005.png.sharecard-\(me)-2e.tmp", ".000006.png.sharecard-\(me)-\(started)-2e.tmp",
                    ".000007.png.sharecard-\(me)-0-2e.tmp"]  // 0: the writer could not read its start time
        for name in left + live { try write("part of a card", to: "out/" + name) }
        let r = try Sharecard.run(["batch", "events.jsonl", "--out", "out"], in: directory)
        XCTAssertEqual(r.stderr, "1 event: 1 written, 0 unchanged, 0 failed\n")
        XCTAssertEqual(try contents(of: "out"), (live + [".sharecard-batch.jsonl", "000001.png"]).sorted())
    }

    /// The fonts' version in the journal's keys covers every face's bytes: a face replaced by
    /// another of the same size (the medium weight padded to the bold's length) renders the
    /// cards again, where a version made of file sizes called them unchanged.
    func testAFaceReplacedBySameSizedBytesRendersAgain() throws {
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("fonts")
        let fonts = directory.appendingPathComponent("fonts")
        try FileManager.default.copyItem(at: shipped, to: fonts)
        try write(#"{"id": "card", "title": "Same size, other face"}"#, to: "events.jsonl")
        let arguments = ["batch", "events.jsonl", "--out", "out", "--fonts", fonts.path]
        XCTAssertEqual(try Sharecard.run(arguments, in: directory).stderr, "1 event: 1 written, 0 unchanged, 0 failed\n")
        let before = try Data(contentsOf: URL(fileURLWithPath: path("out/card.png")))

        let bold = fonts.appendingPathComponent("Quicksand-Bold.ttf")
        var medium = try Data(contentsOf: fonts.appendingPathComponent("Quicksand-Medium.ttf"))
        let size = try Data(contentsOf: bold).count
        XCTAssertLessThan(medium.count, size)
        medium.append(Data(count: size - medium.count))
        try medium.write(to: bold)
        XCTAssertEqual(try Sharecard.run(arguments, in: directory).stderr, "1 event: 1 written, 0 unchanged, 0 failed\n")
        XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: path("out/card.png"))), before)
    }

    func testUnwritableOutFolderIsOneErrorBeforeRendering() throws {
        try write(#"{"title": "One"}"# + "\n" + #"{"title": "Two"}"#, to: "events.jsonl")
        // Even root cannot create files in /proc/self, and the folder exists.
        let r = try Sharecard.run(["batch", "events.jsonl", "--out", "/proc/self"], in: directory)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderrLines.count, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("sharecard batch: cannot write in the --out folder /proc/self: "), r.stderr)
    }

    /// A folder that cannot be made is named with the part at fault and the system's reason,
    /// where Foundation's messages said "NSCocoaErrorDomain error 512" or "A file with the same
    /// name already exists" (for a dangling symlink). An empty name is a usage error
    /// (`UsageTests`).
    func testAnOutFolderThatCannotBeMadeIsNamed() throws {
        try write(#"{"title": "One"}"#, to: "events.jsonl")
        try write("a file", to: "afile")
        XCTAssertEqual(symlink("nowhere/deeper", path("dangling")), 0)
        for (out, message) in [("afile/sub", "cannot create the --out folder afile/sub: afile: Not a directory"),
                               ("afile", "--out afile is not a folder"), ("/dev/null", "--out /dev/null is not a folder"),
                               ("dangling", "cannot create the --out folder dangling: No such file or directory")] {
            let r = try Sharecard.run(["batch", "events.jsonl", "--out", out], in: directory)
            XCTAssertEqual(r.status, 1, out)
            XCTAssertEqual(r.stderr, "sharecard batch: \(message)\n")
        }
        let r = try Sharecard.run(["batch", "events.jsonl", "--out", "new/deeper/cards"], in: directory)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("new/deeper/cards/000001.png")))
    }

    /// A batch names its cards itself, so a FIFO under a card's name in `--out` that nobody
    /// reads is that line's error, not a wait: it held the batch up for good (two signals to
    /// stop it). A directory or a symbolic link there fails its line too (a link is not
    /// followed, unlike one named with `-o`); the other lines are written. (A FIFO that is read
    /// is written into: the interruption tests stall a card that way.)
    func testAFIFONobodyReadsInTheOutFolderFailsItsLine() throws {
        try write(#"{"title": "One"}"# + "\n" + #"{"title": "Two"}"# + "\n" + #"{"title": "Three"}"# + "\n", to: "events.jsonl")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("out/000003.png"), withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(path("out/000002.png"), 0o644), 0)
        try write("old", to: "elsewhere.png")
        let r = try Sharecard.run(["batch", "events.jsonl", "--out", "out"], in: directory, timeout: 30)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(Set(r.stderrLines), [
            "line 2: cannot write out/000002.png: it is a FIFO that nobody reads (a batch does not wait for a reader)",
            "line 3: cannot write out/000003.png: is a directory",
            "3 events: 1 written, 0 unchanged, 2 failed"], r.stderr)
        var info = stat()
        XCTAssertEqual(lstat(path("out/000002.png"), &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the FIFO stays")

        try FileManager.default.removeItem(atPath: path("out/000002.png"))
        try FileManager.default.removeItem(atPath: path("out/000003.png"))
        try FileManager.default.createSymbolicLink(atPath: path("out/000002.png"), withDestinationPath: "../elsewhere.png")
        // A symbolic link under a card's name is not followed: the name is the batch's own, as
        // its journal's is, and a link put in a shared folder would have the batch replace a
        // file outside it. That line fails; the file the link names is untouched.
        let again = try Sharecard.run(["batch", "events.jsonl", "--out", "out"], in: directory, timeout: 30)
        XCTAssertEqual(again.status, 1, again.stderr)
        XCTAssertEqual(Set(again.stderrLines), [
            "line 2: cannot write out/000002.png: it is a symbolic link, and a batch's cards are its own files in the --out folder, not followed",
            "3 events: 1 written, 1 unchanged, 1 failed"], again.stderr)
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("elsewhere.png"), encoding: .utf8), "old")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path("out/000002.png")), "../elsewhere.png")
        // Nor one whose target is in the folder, nor a dangling one.
        for destination in ["000001.png", "missing.png"] {
            try FileManager.default.removeItem(atPath: path("out/000002.png"))
            try FileManager.default.createSymbolicLink(atPath: path("out/000002.png"), withDestinationPath: destination)
            let linked = try Sharecard.run(["batch", "events.jsonl", "--out", "out"], in: directory, timeout: 30)
            XCTAssertEqual(linked.status, 1, linked.stderr)
            XCTAssertTrue(linked.stderr.contains("line 2: cannot write out/000002.png: it is a symbolic link"), linked.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out/missing.png")))
    }
}
