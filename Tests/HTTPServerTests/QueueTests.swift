import Foundation
import TestSupport
import XCTest
@testable import HTTPServer
import HTTPTypes

/// The fast path, queue slots, 429s and abandoned requests, over real loopback connections.
final class QueueTests: XCTestCase {
    private static let health: HTTPServer.ImmediateHandler = { request in
        request.path == "/healthz" ? .text("ok") : nil
    }

    /// With every worker busy and the queue full, `/healthz` is still answered at once by the
    /// immediate handler, while a request for the workers gets 429 (and its connection closed).
    /// Without an immediate handler (the old design) the health check is refused like a render.
    func testHealthIsAnsweredWhileTheQueueIsFull() throws {
        for withFastPath in [true, false] {
            let gate = Gate()
            let server = HTTPServer(configuration: try testConfiguration(workers: 1, queueLimit: 1),
                                    answerImmediately: withFastPath ? Self.health : nil) { request in
                if request.path == "/block" { gate.pass() }
                return .text("rendered")
            }
            let port = try server.start()
            defer { gate.open(4); server.shutdown() }
            let running = try LoopbackHTTPClient(port: port)
            try running.send("GET /block HTTP/1.1\r\nHost: x\r\n\r\n")
            XCTAssertTrue(gate.waitForEntry())
            let waiting = try LoopbackHTTPClient(port: port)
            try waiting.send("GET /block HTTP/1.1\r\nHost: x\r\n\r\n")
            XCTAssertTrue(eventually { server.statistics.queueDepth == 1 })

            let started = Date()
            let health = try LoopbackHTTPClient(port: port).request("GET", "/healthz")
            if withFastPath {
                XCTAssertEqual(health.status, 200)
                XCTAssertEqual(health.text, "ok")
                XCTAssertLessThan(Date().timeIntervalSince(started), 0.5)
                XCTAssertEqual(server.statistics.answeredImmediately, 1)
            } else {
                XCTAssertEqual(health.status, 429, "the old design: health waits in the render queue")
            }
            let refused = try LoopbackHTTPClient(port: port)
            let busy = try refused.request("GET", "/render")
            XCTAssertEqual(busy.status, 429)
            XCTAssertEqual(busy.header("Connection"), "close", "a 429 closes its connection")
            XCTAssertEqual(busy.header("Cache-Control"), "no-store")
            XCTAssertTrue(refused.closedByPeer(within: 2))
        }
    }

    /// A client retrying in a loop against a full queue is paced: each 429 is held for the
    /// delay. (Before, the 429 came at once, and a retry loop got hundreds a second while the
    /// server spent its cores on them.)
    func testRetryLoopAgainstAFullQueueIsPaced() throws {
        let gate = Gate()
        let (server, port) = try startServer(
            try testConfiguration(workers: 1, queueLimit: 0, busyAnswerDelayMilliseconds: 300)) { request in
            if request.path == "/block" { gate.pass() }
            return .text("rendered")
        }
        defer { gate.open() }
        let running = try LoopbackHTTPClient(port: port)
        try running.send("GET /block HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(gate.waitForEntry())
        let started = Date()
        var refusals = 0
        let client = try LoopbackHTTPClient(port: port)
        while Date().timeIntervalSince(started) < 1.5 {
            let sent = Date()
            let response = try client.request("GET", "/render")
            XCTAssertEqual(response.status, 429)
            XCTAssertEqual(response.header("Retry-After"), "1")
            XCTAssertEqual(response.header("Cache-Control"), "no-store")
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(sent), 0.25, "held before it is sent")
            refusals += 1
        }
        XCTAssertLessThanOrEqual(refusals, 6, "a retry loop gets about three answers a second")
        // health is not held: the immediate path is not affected, and neither is shutdown
        gate.open()
        XCTAssertEqual(try running.readResponse().status, 200)
        XCTAssertEqual(server.statistics.responsesByStatus[429], refusals)
    }

    /// Clients that send their next request the moment an answer arrives, exactly as many as
    /// there are workers and queue places, are never refused: a job's slot is free before its
    /// answer goes out. (Before, a finished job still counted until after the connection was
    /// resumed, and many of these requests were answered 429.)
    func testSlotIsFreeBeforeTheAnswerIsSent() throws {
        let configuration = try testConfiguration(workers: 2, queueLimit: 2)
        let (server, port) = try startServer(configuration) { _ in
            usleep(200) // a short render
            return .text("ok")
        }
        let clients = configuration.workers + configuration.queueLimit
        let statuses = Locked<[Int: Int]>([:])
        let group = DispatchGroup()
        for _ in 0..<clients {
            group.enter()
            Thread {
                defer { group.leave() }
                guard let client = try? LoopbackHTTPClient(port: port, timeout: 5) else { return }
                for _ in 0..<150 {
                    guard let response = try? client.request("GET", "/card") else {
                        statuses.update { $0[-1, default: 0] += 1 }
                        return
                    }
                    statuses.update { $0[response.status, default: 0] += 1 }
                }
            }.start()
        }
        XCTAssertEqual(group.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(statuses.get(), [200: clients * 150])
        XCTAssertEqual(server.statistics.responsesByStatus[429], nil)
    }

    /// Requests whose clients left while they waited for a worker are dropped before the
    /// handler runs: a reset connection always, one closed (an end of stream, which a client
    /// that half-closes and still reads sends too) while other requests wait for a worker.
    func testAbandonedRequestsAreNotRendered() throws {
        let gate = Gate()
        let rendered = Locked(0)
        let (server, port) = try startServer(try testConfiguration(workers: 1, queueLimit: 32)) { request in
            rendered.update { $0 += 1 }
            if request.path == "/block" { gate.pass() }
            return .text("rendered")
        }
        let running = try LoopbackHTTPClient(port: port)
        try running.send("GET /block HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(gate.waitForEntry())
        for index in 0..<20 {
            let client = try LoopbackHTTPClient(port: port)
            try client.send("GET /card?scale=3&n=\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            XCTAssertTrue(eventually { server.statistics.queueDepth == index + 1 })
            // The last is reset: with nobody behind it, a closed one would be answered.
            if index.isMultiple(of: 2) { client.close() } else { client.reset() }
        }
        gate.open()
        XCTAssertEqual(try running.readResponse().status, 200)
        XCTAssertTrue(eventually { server.statistics.inFlight == 0 && server.liveRequests == 0 })
        XCTAssertEqual(rendered.get(), 1, "only the request whose client stayed was rendered")
        XCTAssertEqual(server.statistics.abandoned, 20)
        // the server is still fine
        XCTAssertEqual(try LoopbackHTTPClient(port: port).request("GET", "/after").text, "rendered")
    }

    /// A client that resets its connection while its 429 is held is not answered: the 429 is
    /// neither counted as sent nor logged with bytes, the request is logged as 499 (nothing
    /// sent, nginx's convention) and counted as abandoned, and libmicrohttpd's "Application
    /// reported internal error" is not printed for a close made on purpose.
    func testAHeldRefusalToAClientThatLeftIsNotCountedAsSent() throws {
        let gate = Gate()
        let logged = Locked<[(String, Int, Int)]>([])
        let notes = Locked<[String]>([])
        let (server, port) = try startServer(
            try testConfiguration(workers: 1, queueLimit: 0, busyAnswerDelayMilliseconds: 400),
            onRequestCompleted: { summary, status, _, bytes in logged.update { $0.append((summary.target, status, bytes)) } },
            diagnostics: { note in notes.update { $0.append(note) } }) { request in
            if request.path == "/block" { gate.pass() }
            return .text("rendered")
        }
        let running = try LoopbackHTTPClient(port: port)
        try running.send("GET /block HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(gate.waitForEntry())
        for index in 0..<3 {
            let leaving = try LoopbackHTTPClient(port: port)
            try leaving.send("GET /gone-\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            usleep(100_000)
            leaving.reset()
        }
        let staying = try LoopbackHTTPClient(port: port)
        XCTAssertEqual(try staying.request("GET", "/stays").status, 429)
        XCTAssertTrue(eventually { server.statistics.abandoned == 3 })
        gate.open()
        XCTAssertEqual(try running.readResponse().status, 200)
        XCTAssertTrue(eventually { server.liveRequests == 0 && logged.get().count == 5 })
        XCTAssertEqual(server.statistics.responsesByStatus[429], 1, "only the 429 that was delivered")
        let gone = logged.get().filter { $0.0.hasPrefix("/gone-") }
        XCTAssertEqual(gone.map(\.1), [499, 499, 499])
        XCTAssertEqual(gone.map(\.2), [0, 0, 0])
        XCTAssertFalse(notes.get().contains { $0.contains("internal error") }, "\(notes.get())")
    }

    /// The immediate handler is not consulted once shutdown begins: health checks then get
    /// 503, so a load balancer drains the instance.
    func testImmediateAnswersStopAtShutdown() throws {
        let gate = Gate()
        let server = HTTPServer(configuration: try testConfiguration(workers: 1),
                                answerImmediately: Self.health) { _ in
            gate.pass()
            return .text("rendered")
        }
        let port = try server.start()
        defer { gate.open(2); server.shutdown() }
        let idle = try LoopbackHTTPClient(port: port)
        XCTAssertEqual(try idle.request("GET", "/healthz").status, 200)
        let held = try LoopbackHTTPClient(port: port)
        try held.send("GET /render HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(gate.waitForEntry())
        let stopping = Thread { server.shutdown() }
        stopping.start()
        var late = try idle.request("GET", "/healthz")
        for _ in 0..<100 where late.status == 200 {
            usleep(20_000)
            late = try idle.request("GET", "/healthz")
        }
        XCTAssertEqual(late.status, 503)
        XCTAssertEqual(late.header("Cache-Control"), "no-store")
        gate.open()
        XCTAssertEqual(try held.readResponse().status, 200)
    }
}
