import CardService
import Foundation
import HTTPServer
import HTTPTypes
import TestSupport
import XCTest

/// What needs no render is answered on the I/O threads, even with every worker busy and the
/// queue full: health, metrics, the API description, the catalog, 304s and cached cards.
final class FastPathTests: XCTestCase {
    func testNoRenderNeverWaitsInTheQueue() throws {
        let gate = Gate()
        let running = try startService(server: try serverConfiguration(workers: 1, queueLimit: 1)) { service, request in
            if request.headers["X-Hold"] == "1" { gate.pass() }
            return service.handle(request)
        }
        defer { gate.open(4) }
        let cached = "/v1/cards/classic.png?title=Cached"
        let first = try fetch(running.port, cached)
        XCTAssertEqual(first.status, 200)
        let etag = try XCTUnwrap(first.header("ETag"))

        let busy = try LoopbackHTTPClient(port: running.port)
        try busy.write("GET", "/v1/cards/classic.png?title=Busy", headers: ["X-Hold: 1"])
        XCTAssertTrue(gate.waitForEntry())
        let waiting = try LoopbackHTTPClient(port: running.port)
        try waiting.write("GET", "/v1/cards/classic.png?title=Waiting")
        XCTAssertTrue(eventually { running.server.statistics.queueDepth == 1 })

        for target in ["/healthz", "/metrics", "/openapi.json", "/", "/v1/templates", "/v1/palettes",
                       "/v1/palettes/default", cached] {
            let started = Date()
            let response = try fetch(running.port, target)
            XCTAssertEqual(response.status, 200, target)
            XCTAssertLessThan(Date().timeIntervalSince(started), 1, target)
        }
        let notModified = try fetch(running.port, cached, headers: ["If-None-Match: \(etag)"])
        XCTAssertEqual(notModified.status, 304)
        // errors need no render either
        assertError(try fetch(running.port, "/v1/nothing"), 404, "not_found")
        // a card that must be rendered is refused: the queue is full
        assertError(try fetch(running.port, "/v1/cards/classic.png?title=New"), 429, "queue_full")

        gate.open()
        XCTAssertEqual(try busy.readResponse().status, 200)
        XCTAssertEqual(try waiting.readResponse().status, 200)
        let statistics = running.server.statistics
        XCTAssertEqual(statistics.responsesByStatus[429], 1)
        XCTAssertEqual(statistics.answeredImmediately, 10)
    }

    /// A card the cache does not hold is parsed and checked once, on the I/O thread; the
    /// worker renders from that parse. Checking a signature reads the clock once per parse.
    func testAnUncachedCardIsParsedOnce() throws {
        let clockReads = ClockReads()
        var configuration = try Repository.configuration(signingKeys: [SigningTests.key])
        configuration.now = { clockReads.count(SigningTests.now) }
        let running = try startService(configuration)
        let url = try URLSigner(keys: [SigningTests.key]).sign(path: SigningTests.path, items: SigningTests.items,
                                                                 expires: SigningTests.now + 60)
        XCTAssertEqual(try fetch(running.port, url).status, 200)
        XCTAssertEqual(clockReads.value, 1, "the rendered card's query was parsed more than once")
        XCTAssertEqual(running.server.statistics.answeredImmediately, 0)
        // now cached: answered on the I/O thread, from one parse
        XCTAssertEqual(try fetch(running.port, url).status, 200)
        XCTAssertEqual(clockReads.value, 2)
        XCTAssertEqual(running.server.statistics.answeredImmediately, 1)
    }
}

/// Counts the service's reads of its clock.
// Unchecked: `reads` is only touched with `lock` held.
final class ClockReads: @unchecked Sendable {
    private let lock = NSLock()
    private var reads = 0
    var value: Int { lock.withLock { reads } }
    func count(_ now: Int) -> Int {
        lock.withLock { reads += 1 }
        return now
    }
}
