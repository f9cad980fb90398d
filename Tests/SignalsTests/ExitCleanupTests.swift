import Foundation
import Signals
import XCTest

/// The bookkeeping of `ExitCleanup` in this process (its exit is exercised through the
/// `sharecard` executable: CLITests' InterruptedWriteTests).
final class ExitCleanupTests: XCTestCase {
    var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "exit-cleanup-\(UUID().uuidString)"
        XCTAssertEqual(mkdir(directory, 0o700), 0)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: directory).sorted() }

    func testCommitRenamesAndDiscardRemoves() throws {
        let kept = try ExitCleanup.create(directory + "/kept.tmp", flags: O_WRONLY | O_CLOEXEC, mode: 0o600).get()
        let dropped = try ExitCleanup.create(directory + "/dropped.tmp", flags: O_WRONLY | O_CLOEXEC, mode: 0o600).get()
        XCTAssertEqual(write(kept.fd, "card", 4), 4)
        close(kept.fd)
        close(dropped.fd)
        XCTAssertEqual(try names(), ["dropped.tmp", "kept.tmp"])
        XCTAssertNil(ExitCleanup.commit(kept.temporary, to: directory + "/card"))
        ExitCleanup.discard(dropped.temporary)
        XCTAssertEqual(try names(), ["card"])
        XCTAssertEqual(FileManager.default.contents(atPath: directory + "/card"), Data("card".utf8))
    }

    /// An existing file is never taken over (so never removed at exit): O_EXCL refuses it.
    func testAnExistingFileIsRefused() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/someone.tmp", contents: Data("theirs".utf8)))
        switch ExitCleanup.create(directory + "/someone.tmp", flags: O_WRONLY, mode: 0o600) {
        case .success: XCTFail("created over an existing file")
        case .failure(let failure): XCTAssertEqual(failure, .system(EEXIST))
        }
        XCTAssertEqual(FileManager.default.contents(atPath: directory + "/someone.tmp"), Data("theirs".utf8))
    }

    /// A rename that fails removes the temporary file and frees its slot.
    func testFailedCommitRemovesTheTemporary() throws {
        let created = try ExitCleanup.create(directory + "/card.tmp", flags: O_WRONLY | O_CLOEXEC, mode: 0o600).get()
        close(created.fd)
        XCTAssertEqual(ExitCleanup.commit(created.temporary, to: directory + "/no-such-folder/card"), .system(ENOENT))
        XCTAssertEqual(try names(), [])
    }

    /// Slots are reused: more files than the table holds, one after another.
    func testSlotsAreReused() throws {
        for index in 0..<ExitCleanup.capacity + 500 {
            let created = try ExitCleanup.create(directory + "/\(index).tmp", flags: O_WRONLY | O_CLOEXEC, mode: 0o600).get()
            close(created.fd)
            ExitCleanup.discard(created.temporary)
        }
        XCTAssertEqual(try names(), [])
    }

    /// A full table is an error, not a file left unrecorded.
    func testAFullTableIsAnError() throws {
        var held: [ExitCleanup.Temporary] = []
        defer { held.forEach(ExitCleanup.discard) }
        var failure: ExitCleanup.Failure?
        for index in 0...ExitCleanup.capacity {
            switch ExitCleanup.create(directory + "/\(index).tmp", flags: O_WRONLY | O_CLOEXEC, mode: 0o600) {
            case .success(let created):
                close(created.fd)
                held.append(created.temporary)
            case .failure(let error):
                failure = error
            }
            if failure != nil { break }
        }
        XCTAssertEqual(failure, .system(EMFILE))
        XCTAssertEqual(held.count, ExitCleanup.capacity)
        XCTAssertEqual(try names().count, ExitCleanup.capacity, "the refused file was not created")
    }
}
