import Foundation
import XCTest

/// Two batches into one `--out` folder would lose journal entries (the first to finish
/// rewrites the journal while the other appends to the file it replaced), so a run locks the
/// folder and a second one is refused before it writes anything.
final class BatchFolderLockTests: TemporaryDirectoryTestCase {
    func testASecondBatchIntoALockedFolderIsRefusedAndWritesNothing() throws {
        try write(#"{"id": "one", "title": "First"}"# + "\n", to: "events.jsonl")
        let out = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // Held here as a running batch would hold it.
        let held = open(out.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(held, 0)
        XCTAssertEqual(flock(held, LOCK_EX | LOCK_NB), 0)
        let refused = try Sharecard.run(["batch", "events.jsonl", "--out", "out"], in: directory)
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertEqual(refused.stderr, "sharecard batch: another batch is writing into the --out folder out; "
            + "wait for it, or give each run (each --shard) a folder of its own\n")
        XCTAssertEqual(try contents(of: "out"), [])
        close(held)

        let first = try Sharecard.run(["batch", "events.jsonl", "--out", "out"], in: directory)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(try contents(of: "out").sorted(), [".sharecard-batch.jsonl", "one.png"])
        // The lock went with the run: the next one may take the folder.
        let again = try Sharecard.run(["batch", "events.jsonl", "--out", "out"], in: directory)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.contains("1 event: 0 written, 1 unchanged"), again.stderr)
    }
}
