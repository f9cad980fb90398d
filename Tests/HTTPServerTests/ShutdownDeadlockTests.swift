import Foundation
import TestSupport
import XCTest
@testable import HTTPServer

/// Shutdown must end even after bursts of connections at the connection limit. libmicrohttpd
/// 0.9.75 leaves a worker's cleanup mutex locked when it refuses a socket handed to it over its
/// share of the limit; that worker then deadlocks when a connection closes, and stopping the
/// daemon waits for it forever.
final class ShutdownDeadlockTests: XCTestCase {
    func testShutdownEndsAfterBurstsAtTheConnectionLimit() throws {
        let configuration = try HTTPServer.Configuration(
            host: "127.0.0.1", port: 0, ioThreads: 2, workers: 1, maxConnections: 4,
            maxConnectionsPerIP: 0, connectionTimeoutSeconds: 30, headerTimeoutSeconds: 30)
        // Not startServer: its teardown would wait for a shutdown that never ends.
        let server = HTTPServer(configuration: configuration) { _ in .text("ok") }
        let port = try server.start()
        for _ in 0..<3 {
            // The clients wait in the backlog beyond the limit and get in as others close.
            let burst = try (0..<24).map { _ in try LoopbackHTTPClient(port: port, timeout: 2) }
            usleep(200_000)
            for client in burst { client.close() }
        }
        let answered = eventually(within: 10) {
            (try? LoopbackHTTPClient(port: port, timeout: 1).request("GET", "/").status) == 200
        }
        XCTAssertTrue(answered, "a client is served once the bursts have closed")

        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.shutdown()
            stopped.signal()
        }
        XCTAssertEqual(stopped.wait(timeout: .now() + 20), .success, "shutdown ends")
    }
}
