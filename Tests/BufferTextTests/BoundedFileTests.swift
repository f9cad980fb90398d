import BufferText
import Foundation
import XCTest

/// Data files read whole under a limit: the bytes as written, and each refusal with its reason.
final class BoundedFileTests: XCTestCase {
    var dir: String!

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "bounded-\(UUID())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func reason(_ path: String, limit: Int = 1 << 20) -> String? {
        do { _ = try BoundedFile.read(path, maximumBytes: limit); return nil } catch { return error.reason }
    }

    func testReadsTheBytesAsWritten() throws {
        let bytes = (0..<5000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/a.json"))
        XCTAssertEqual(try BoundedFile.read(dir + "/a.json", maximumBytes: 5000), bytes)
        try Data().write(to: URL(fileURLWithPath: dir + "/empty.json"))
        XCTAssertEqual(try BoundedFile.read(dir + "/empty.json", maximumBytes: 10), [])
        XCTAssertEqual(reason(dir + "/a.json", limit: 4999), "the file is 5000 bytes, over the limit of 4999")
    }

    /// A file whose size `fstat` does not tell (procfs says 0) is read as it grows, and refused
    /// once it passes the limit.
    func testAFileLongerThanItsStatedSizeIsReadToItsEnd() throws {
        let status = try BoundedFile.read("/proc/self/status", maximumBytes: 1 << 20)
        XCTAssertTrue(String(decoding: status, as: UTF8.self).hasPrefix("Name:"))
        XCTAssertGreaterThan(status.count, 100)
        XCTAssertEqual(reason("/proc/self/status", limit: 10), "the file is 11 bytes, over the limit of 10")
    }

    func testWhatIsNoRegularFileIsRefusedAtOnce() throws {
        XCTAssertEqual(mkfifo(dir + "/fifo", 0o600), 0)
        XCTAssertEqual(reason(dir + "/fifo"), "cannot read the file: it is not a regular file")
        XCTAssertEqual(reason(dir), "cannot read the file: it is a directory")
        XCTAssertEqual(reason("/dev/null"), "cannot read the file: it is not a regular file")
        XCTAssertEqual(reason(dir + "/absent"), "cannot read the file: No such file or directory")
        XCTAssertEqual(symlink(dir + "/absent", dir + "/dangling"), 0)
        XCTAssertEqual(reason(dir + "/dangling"), "cannot read the file: No such file or directory")
    }
}
