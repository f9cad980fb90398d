import CardService
import Foundation
import HTTPServer
import HTTPTypes
import TestSupport
import XCTest

/// A full queue (429), shutting down (503), and a graceful stop with requests in flight.
/// Requests carrying `X-Hold: 1` wait at a gate in the worker before the service answers
/// them, so the tests decide when workers are busy.
final class LoadAndShutdownTests: XCTestCase {
    private func heldService(_ gate: Gate, workers: Int, queueLimit: Int) throws -> RunningService {
        try startService(server: try serverConfiguration(workers: workers, queueLimit: queueLimit)) { service, request in
            if request.headers["X-Hold"] == "1" { gate.pass() }
            return service.handle(request)
        }
    }

    func testQueueFullIs429WithRetryAfter() throws {
        let gate = Gate()
        let running = try heldService(gate, workers: 1, queueLimit: 1)
        defer { gate.open(4) }
        let busy = try LoopbackHTTPClient(port: running.port)
        try busy.write("GET", "/v1/cards/classic.png?title=Busy", headers: ["X-Hold: 1"])
        XCTAssertTrue(gate.waitForEntry(), "the worker took the first request")
        let waiting = try LoopbackHTTPClient(port: running.port)
        try waiting.write("GET", "/v1/templates")
        XCTAssertTrue(eventually { running.server.statistics.queueDepth == 1 }, "the second request waits in the queue")

        let refused = try fetch(running.port, "/v1/cards/classic.png?title=One%20too%20many")
        assertError(refused, 429, "queue_full", field: nil)
        XCTAssertEqual(refused.header("Retry-After"), "1")
        let refusedHead = try fetch(running.port, "HEAD", "/healthz")
        XCTAssertEqual(refusedHead.status, 429)
        XCTAssertEqual(refusedHead.header("Retry-After"), "1")

        gate.open()
        let first = try busy.readResponse()
        XCTAssertEqual(first.status, 200)
        XCTAssertNotNil(pngSize(first.body))
        XCTAssertEqual(try waiting.readResponse().status, 200)
        // room again
        XCTAssertEqual(try fetch(running.port, "/healthz").status, 200)
        XCTAssertTrue(eventually { running.server.statistics.responsesByStatus[429] == 2 })
    }

    func testShuttingDownIs503WhileAdmittedRequestsFinish() throws {
        let gate = Gate()
        let running = try heldService(gate, workers: 2, queueLimit: 4)
        defer { gate.open(4) }
        // a connection that is open (and idle) before the shutdown starts
        let idle = try LoopbackHTTPClient(port: running.port)
        XCTAssertEqual(try idle.request("GET", "/healthz").status, 200)

        let inFlight = try LoopbackHTTPClient(port: running.port)
        try inFlight.write("GET", "/v1/cards/classic.png?title=In%20flight", headers: ["X-Hold: 1"])
        XCTAssertTrue(gate.waitForEntry())

        let stopping = Background { running.server.shutdown() }
        XCTAssertTrue(eventually { (try? LoopbackHTTPClient(port: running.port, timeout: 1)) == nil },
                      "new connections are refused once shutdown starts")
        // Connections are refused a moment before requests are: until then a request on an
        // open connection is still admitted and answered.
        var late = try idle.request("GET", "/healthz")
        for _ in 0..<100 where late.status == 200 {
            usleep(20_000)
            late = try idle.request("GET", "/healthz")
        }
        assertError(late, 503, "shutting_down", field: nil)
        XCTAssertEqual(late.header("Retry-After"), "1")
        XCTAssertEqual(late.header("Connection"), "close")
        XCTAssertTrue(idle.closedByPeer(within: 5))

        gate.open()
        let finished = try inFlight.readResponse()
        XCTAssertEqual(finished.status, 200)
        XCTAssertNotNil(pngSize(finished.body))
        try stopping.wait()
        XCTAssertNil(running.server.port)
    }

    /// Every request admitted before the shutdown (running or queued) completes with 200,
    /// and only then does `shutdown()` return.
    func testGracefulShutdownCompletesRequestsInFlight() throws {
        let gate = Gate()
        let running = try heldService(gate, workers: 2, queueLimit: 4)
        defer { gate.open(8) }
        let targets = ["/v1/cards/classic.png?title=First", "/v1/cards/dated.png?title=Second&date=2024-06-01",
                       "/v1/cards/gradient.png?title=Third", "/v1/palettes/dark/preview.png"]
        var clients: [LoopbackHTTPClient] = []
        for target in targets {
            let client = try LoopbackHTTPClient(port: running.port)
            try client.write("GET", target, headers: ["X-Hold: 1"])
            clients.append(client)
        }
        XCTAssertTrue(gate.waitForEntry() && gate.waitForEntry(), "both workers are busy")
        XCTAssertTrue(eventually { running.server.statistics.queueDepth == 2 }, "two requests wait")

        let stopping = Background { running.server.shutdown() }
        XCTAssertTrue(eventually { (try? LoopbackHTTPClient(port: running.port, timeout: 1)) == nil })
        usleep(200_000)
        XCTAssertNotNil(running.server.port, "shutdown waits for the requests in flight")

        gate.open(targets.count)
        for (client, target) in zip(clients, targets) {
            let response = try client.readResponse()
            XCTAssertEqual(response.status, 200, target)
            XCTAssertEqual(response.header("Content-Type"), "image/png", target)
            XCTAssertNotNil(pngSize(response.body), target)
        }
        try stopping.wait()
        XCTAssertNil(running.server.port)
        XCTAssertEqual(running.server.statistics.responsesByStatus[200], targets.count)
    }
}
