import Foundation
import TestSupport
import XCTest
@testable import HTTPServer
import HTTPTypes

/// The worker pool, the queue limit and shutdown, through real connections.
final class WorkerPoolTests: XCTestCase {
    func testQueueFullIs429WithRetryAfter() throws {
        let gate = Gate()
        let (server, port) = try startServer(try testConfiguration(workers: 1, queueLimit: 1)) { request in
            if request.path == "/block" { gate.pass() }
            return .text("done \(request.path)")
        }
        let running = try LoopbackHTTPClient(port: port)
        try running.send("GET /block HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(gate.waitForEntry(), "the first request reaches the only worker")
        let waiting = try LoopbackHTTPClient(port: port)
        try waiting.send("GET /block HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(eventually { server.statistics.queueDepth == 1 }, "the second one waits")

        let started = Date()
        let rejected = try LoopbackHTTPClient(port: port).request("GET", "/block")
        XCTAssertLessThan(Date().timeIntervalSince(started), 1, "answered at once, not queued")
        XCTAssertEqual(rejected.status, 429)
        XCTAssertEqual(rejected.header("Retry-After"), "1")
        XCTAssertEqual(rejected.header("Content-Type"), "application/json")
        let error = try rejected.errorObject()
        XCTAssertEqual(error.code, "queue_full")
        XCTAssertNil(error.field)
        XCTAssertTrue(rejected.text.hasPrefix("{\"error\":{\"code\":\"queue_full\",\"message\":\""), rejected.text)
        XCTAssertTrue(rejected.text.hasSuffix("\",\"field\":null}}"), rejected.text)
        let statistics = server.statistics
        XCTAssertEqual(statistics.inFlight, 2)
        XCTAssertEqual(statistics.activeHandlers, 1)

        gate.open(2)
        XCTAssertEqual(try running.readResponse().text, "done /block")
        XCTAssertTrue(gate.waitForEntry())
        XCTAssertEqual(try waiting.readResponse().text, "done /block")
        XCTAssertTrue(eventually { server.statistics.responsesByStatus == [200: 2, 429: 1] })
    }

    func testSlowHandlerDoesNotBlockOtherConnections() throws {
        let gate = Gate()
        let (_, port) = try startServer(try testConfiguration(workers: 2)) { request in
            if request.path == "/slow" { gate.pass() }
            return .text("ok")
        }
        let slow = try LoopbackHTTPClient(port: port)
        try slow.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(gate.waitForEntry())
        for _ in 0..<5 {
            let started = Date()
            XCTAssertEqual(try LoopbackHTTPClient(port: port).request("GET", "/fast").status, 200)
            XCTAssertLessThan(Date().timeIntervalSince(started), 0.5)
        }
        gate.open()
        XCTAssertEqual(try slow.readResponse().status, 200)
    }

    func testGracefulShutdownFinishesInFlightRequests() throws {
        let gate = Gate()
        let server = HTTPServer(configuration: try testConfiguration(workers: 2)) { request in
            if request.path == "/slow" { gate.pass() }
            return .text("done \(request.path)")
        }
        let port = try server.start()
        addTeardownBlock { gate.open(); server.shutdown() }
        let idle = try LoopbackHTTPClient(port: port)
        XCTAssertEqual(try idle.request("GET", "/warm").status, 200) // a kept-alive connection
        let inFlight = try LoopbackHTTPClient(port: port)
        try inFlight.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(gate.waitForEntry())

        let stopped = DispatchSemaphore(value: 0)
        Thread {
            server.shutdown()
            stopped.signal()
        }.start()
        XCTAssertTrue(eventually {
            do { _ = try LoopbackHTTPClient(port: port, timeout: 1); return false } catch let error as ClientError {
                return error.refused
            } catch { return false }
        }, "new connections are refused once shutdown begins")

        // a new request on an open connection is turned away
        let refused = try idle.request("GET", "/late")
        XCTAssertEqual(refused.status, 503)
        XCTAssertEqual(try refused.errorObject().code, "shutting_down")
        XCTAssertEqual(refused.header("Connection"), "close")

        XCTAssertEqual(stopped.wait(timeout: .now() + 0.3), .timedOut, "waits for the handler")
        gate.open()
        let finished = try inFlight.readResponse()
        XCTAssertEqual(finished.status, 200)
        XCTAssertEqual(finished.text, "done /slow")
        XCTAssertEqual(stopped.wait(timeout: .now() + 5), .success)
        XCTAssertNil(server.port)
        XCTAssertThrowsError(try LoopbackHTTPClient(port: port, timeout: 1)) {
            XCTAssertTrue(($0 as? ClientError)?.refused ?? false, "\($0)")
        }
        server.shutdown() // idempotent
    }

    /// A client that leaves while its request is with a worker: the answer goes nowhere, the
    /// request still completes and nothing is left behind.
    func testClientLeavingDuringHandlerIsCleanedUp() throws {
        let gate = Gate()
        let (server, port) = try startServer(try testConfiguration(workers: 1)) { _ in
            gate.pass()
            return .text(String(repeating: "x", count: 100_000))
        }
        let client = try LoopbackHTTPClient(port: port)
        try client.send("GET /leave HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(gate.waitForEntry())
        client.close()
        XCTAssertEqual(server.statistics.inFlight, 1)
        gate.open()
        XCTAssertTrue(eventually { server.statistics.inFlight == 0 && server.liveRequests == 0 })
        XCTAssertTrue(eventually { server.statistics.openConnections == 0 })
        gate.open()
        XCTAssertEqual(try LoopbackHTTPClient(port: port).request("GET", "/next").status, 200)
    }

    func testShutdownOnSignal() throws {
        let server = HTTPServer(configuration: try testConfiguration(), handler: echoHandler)
        let port = try server.start()
        addTeardownBlock { server.shutdown() }
        let finished = DispatchSemaphore(value: 0)
        try server.shutdownOnSignals([SIGUSR2]) { finished.signal() }
        XCTAssertEqual(try LoopbackHTTPClient(port: port).request("GET", "/").status, 200)
        kill(getpid(), SIGUSR2) // to the process: the test's thread blocks it once watched
        XCTAssertEqual(finished.wait(timeout: .now() + 5), .success)
        XCTAssertNil(server.port)
    }

    func testShutdownWithoutStart() {
        let server = HTTPServer(configuration: try! testConfiguration(), handler: echoHandler)
        server.shutdown()
        XCTAssertNil(server.port)
        XCTAssertThrowsError(try server.start())
    }

    /// The pool on its own: with a limit of one per source, a thread passes over a job whose
    /// source is at its limit to the oldest one that is not; jobs of one source run in their
    /// order; and with no limit given the pool runs plain FIFO.
    func testAJobWhoseSourceIsAtItsLimitWaitsAndOthersPassIt() throws {
        let pool = WorkerPool(workers: 2, queueLimit: 8, perSourceLimit: 1)
        pool.start(name: "test-pool")
        defer { pool.close() }
        let order = Locked<[String]>([])
        let holdA = DispatchSemaphore(value: 0)
        func job(_ name: String, hold: DispatchSemaphore? = nil) -> WorkerPool.Job {
            { order.update { $0.append(name) }; hold?.wait(); return {} }
        }
        XCTAssertTrue(pool.submit(from: "a", job("a1", hold: holdA)))
        XCTAssertTrue(eventually { order.get() == ["a1"] })
        XCTAssertTrue(pool.submit(from: "a", job("a2")))
        XCTAssertTrue(pool.submit(from: "a", job("a3")))
        XCTAssertTrue(pool.submit(from: "b", job("b1")))
        XCTAssertTrue(pool.submit(from: "b", job("b2")))
        XCTAssertTrue(eventually { order.get() == ["a1", "b1", "b2"] }, "\(order.get())")
        XCTAssertEqual(pool.waiting, 2, "a2 and a3 wait for a1")
        holdA.signal()
        XCTAssertTrue(eventually { order.get() == ["a1", "b1", "b2", "a2", "a3"] }, "\(order.get())")

        let plain = WorkerPool(workers: 1, queueLimit: 8)
        plain.start(name: "test-plain")
        defer { plain.close() }
        let held = DispatchSemaphore(value: 0), seen = Locked<[String]>([])
        plain.submit(from: "x") { seen.update { $0.append("x1") }; held.wait(); return {} }
        XCTAssertTrue(eventually { seen.get() == ["x1"] })
        for name in ["x2", "y1", "x3", "z1"] {
            plain.submit(from: String(name.prefix(1))) { seen.update { $0.append(name) }; return {} }
        }
        held.signal()
        XCTAssertTrue(eventually { seen.get() == ["x1", "x2", "y1", "x3", "z1"] }, "\(seen.get())")
    }
}
