import Foundation
import TestSupport
import XCTest
@testable import HTTPServer
import HTTPTypes
#if canImport(Glibc)
import Glibc
#endif

/// The access log: never blocks a request, drops and counts when its output is stuck.
final class AccessLogTests: XCTestCase {
    /// A pipe whose ends are each closed once, by the test or else at teardown: a second close
    /// of a number the next test's pipe has taken would close that pipe under it.
    private final class TestPipe {
        let read: Int32, write: Int32
        private var open: Set<Int32>
        init(_ fds: [Int32]) { (read, write, open) = (fds[0], fds[1], Set(fds)) }
        func close(_ fd: Int32) {
            if open.remove(fd) != nil { _ = Glibc.close(fd) }
        }
    }

    private func makePipe() throws -> TestPipe {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw ClientError(description: "pipe: errno \(errno)") }
        let ends = TestPipe(fds)
        addTeardownBlock { ends.close(ends.read); ends.close(ends.write) }
        return ends
    }

    /// A log on a pipe nobody reads: once the pipe and the log's buffer are full, entries are
    /// dropped and counted, and every request (health included) is still answered. Before,
    /// the log wrote on libmicrohttpd's threads and the server hung after a few hundred.
    func testStuckOutputNeverBlocksRequests() throws {
        let output = try makePipe()
        let log = AccessLog(fileDescriptor: output.write, capacity: 64)
        let (_, port) = try startServer(try testConfiguration(), onRequestCompleted: log.observer) { _ in
            .text("ok")
        }
        let client = try LoopbackHTTPClient(port: port, timeout: 5)
        let padding = String(repeating: "p", count: 400) // 64 KiB of pipe in about 130 lines
        for index in 0..<1500 {
            let response = try client.request("GET", "/healthz?n=\(index)&pad=\(padding)")
            XCTAssertEqual(response.status, 200)
        }
        XCTAssertTrue(eventually { log.droppedEntries > 0 }, "entries were dropped, not waited for")
        XCTAssertLessThan(log.writtenEntries, 1500)
        // Drain the pipe so the writer thread can finish, and wait for the drain to see the
        // pipe's end: a reader left running would read whatever a later test opens under the
        // same number once the teardown has closed this one.
        let drained = DispatchSemaphore(value: 0), readEnd = output.read
        Thread {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(readEnd, &buffer, buffer.count)
                guard count > 0 || (count < 0 && errno == EINTR) else { break }
            }
            drained.signal()
        }.start()
        log.close()
        output.close(output.write)
        XCTAssertEqual(drained.wait(timeout: .now() + 30), .success, "the drain reached the end of the pipe")
    }

    /// Diagnostics go through the same buffer, and closing a log whose output is stuck
    /// gives up after the time asked for instead of hanging the process at exit.
    func testNotesAndCloseWithAStuckOutput() throws {
        let output = try makePipe()
        let log = AccessLog(fileDescriptor: output.write, capacity: 16)
        for index in 0..<2000 { log.note("diagnostic \(index): " + String(repeating: "x", count: 200)) }
        XCTAssertTrue(eventually { log.droppedEntries > 0 })
        let started = Date()
        XCTAssertFalse(log.close(waitingAtMost: 0.3), "the output never took everything")
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        var buffer = [UInt8](repeating: 0, count: 65536)
        _ = fcntl(output.read, F_SETFL, O_NONBLOCK)
        let count = read(output.read, &buffer, buffer.count)
        XCTAssertTrue(String(decoding: buffer[..<max(0, count)], as: UTF8.self).hasPrefix("diagnostic 0: xxx"))
        // let the writer finish: drain the rest
        while read(output.read, &buffer, buffer.count) > 0 || errno == EINTR {}
        XCTAssertTrue(eventually { log.writtenEntries + log.droppedEntries == 2000 })
    }

    /// One JSON object per line, keys sorted, strings escaped.
    func testLineFormat() throws {
        let output = try makePipe()
        let log = AccessLog(fileDescriptor: output.write)
        let summary = HTTPRequestSummary(method: "GET", target: "/v1/cards/classic.png?title=\"Hi\"\\\u{1}",
                                         remoteAddress: "127.0.0.1", remotePort: 5000, userAgent: "curl/8\u{2028}")
        log.record(summary, status: 200, duration: .microseconds(1234), bytes: 13)
        log.record(HTTPRequestSummary(method: "HEAD", target: "/", remoteAddress: "::1", remotePort: 1, userAgent: nil),
                   status: 304, duration: .nanoseconds(400), bytes: 0)
        log.close()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(output.read, &buffer, buffer.count)
        let lines = String(decoding: buffer[..<max(0, count)], as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        let first = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        XCTAssertEqual(first["target"] as? String, "/v1/cards/classic.png?title=\"Hi\"\\\u{1}")
        XCTAssertEqual(first["userAgent"] as? String, "curl/8\u{2028}")
        XCTAssertEqual(first["status"] as? Int, 200)
        XCTAssertEqual(first["bytes"] as? Int, 13)
        XCTAssertEqual(first["ms"] as? Double, 1.234)
        XCTAssertTrue(lines[0].hasPrefix(#"{"bytes":13,"method":"GET","ms":1.234,"remote":"127.0.0.1","status":200,"#), String(lines[0]))
        let time = try XCTUnwrap(first["time"] as? String)
        XCTAssertNotNil(ISO8601DateFormatter().date(from: time), time)
        XCTAssertTrue(lines[1].hasPrefix(#"{"bytes":0,"method":"HEAD","ms":0.000,"remote":"::1","status":304,"target":"/","time":""#), String(lines[1]))
        XCTAssertFalse(lines[1].contains("userAgent"))
        XCTAssertEqual(log.droppedEntries, 0)
    }
}
