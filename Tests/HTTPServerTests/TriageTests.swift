import Foundation
import TestSupport
import XCTest
import HTTPServer
import HTTPTypes

/// A triage on the I/O threads answers a request, hands its remaining work to the workers,
/// or leaves it to the handler.
final class TriageTests: XCTestCase {
    func testHandedOverWorkRunsOnAWorkerInsteadOfTheHandler() throws {
        let handlerCalls = Locked(0)
        let gate = Gate()
        let server = HTTPServer(configuration: try testConfiguration(workers: 1, queueLimit: 1), triage: { request in
            switch request.path {
            case "/healthz": return .response(.text("ok"))
            case "/work":
                let parsed = request.queryItems.first?.value ?? "-"
                return .work { gate.pass(); return .text("worked on \(parsed)") }
            default: return nil
            }
        }) { _ in
            handlerCalls.update { $0 += 1 }
            return .text("handler")
        }
        let port = try server.start()
        defer { gate.open(4); server.shutdown() }
        let working = try LoopbackHTTPClient(port: port)
        try working.send("GET /work?item=seven HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(gate.waitForEntry())
        // the one worker is held by the work; an answer of the triage's own still comes at once
        XCTAssertEqual(server.statistics.inFlight, 1)
        XCTAssertEqual(try LoopbackHTTPClient(port: port).request("GET", "/healthz").text, "ok")
        gate.open()
        XCTAssertEqual(try working.readResponse().text, "worked on seven")
        XCTAssertEqual(try LoopbackHTTPClient(port: port).request("GET", "/other").text, "handler")
        XCTAssertEqual(handlerCalls.get(), 1, "only the request the triage left went to the handler")
        XCTAssertEqual(server.statistics.answeredImmediately, 1)
    }

    /// Work that waits on another server runs on a fetch thread: it holds no worker, a full
    /// fetch pool answers 429 on its own, and what it hands on is run by a worker, or
    /// answered 429 when the workers have filled up meanwhile.
    func testFetchesWaitOnTheirOwnThreadsAndHandOnToAWorker() throws {
        let fetching = Gate(), working = Gate()
        let configuration = try HTTPServer.Configuration(host: "127.0.0.1", port: 0, ioThreads: 2, workers: 1, queueLimit: 0,
                                                         fetchWorkers: 1, busyAnswerDelayMilliseconds: 0)
        let server = HTTPServer(configuration: configuration, triage: { request in
            switch request.path {
            case "/fetch": return .fetch(from: "origin") { fetching.pass(); return .work { .text("drawn after fetching") } }
            case "/fetch-refused": return .fetch(from: "origin") { .response(.error(status: 502, code: "fetch_failed", message: "the origin failed")) }
            case "/work": return .work { working.pass(); return .text("worked") }
            default: return nil
            }
        }) { _ in .text("handler") }
        let port = try server.start()
        defer { fetching.open(8); working.open(8); server.shutdown() }

        let fetch = try LoopbackHTTPClient(port: port), work = try LoopbackHTTPClient(port: port)
        try fetch.send("GET /fetch HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(fetching.waitForEntry())
        try work.send("GET /work HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(working.waitForEntry(), "the worker waited for the fetch")
        XCTAssertEqual(server.statistics.activeFetches, 1)
        XCTAssertEqual(server.statistics.activeHandlers, 1)
        let refused = try LoopbackHTTPClient(port: port).request("GET", "/fetch")
        XCTAssertEqual(refused.status, 429)
        XCTAssertTrue(refused.text.contains("all 1 fetch threads"), refused.text)

        fetching.open()  // the fetch is done, but the one worker is still busy: 429, not a wait
        let late = try fetch.readResponse()
        XCTAssertEqual(late.status, 429)
        XCTAssertTrue(late.text.contains("all 1 workers"), late.text)
        working.open()
        XCTAssertEqual(try work.readResponse().text, "worked")

        fetching.open()
        XCTAssertEqual(try LoopbackHTTPClient(port: port).request("GET", "/fetch").text, "drawn after fetching")
        XCTAssertEqual(try LoopbackHTTPClient(port: port).request("GET", "/fetch-refused").status, 502)
    }

    /// Fetches from one source hold at most `fetchWorkersPerSource` threads: with a slow
    /// source's first request on one of two threads, its second waits in the queue, and a
    /// request from another source takes the free thread at once. Without the bound the
    /// second slow request took that thread and the other source's waited for the slow one.
    func testOneSlowSourceLeavesFetchThreadsToTheOthers() throws {
        let slow = Gate()
        let configuration = try HTTPServer.Configuration(host: "127.0.0.1", port: 0, ioThreads: 2, workers: 1, queueLimit: 4,
                                                         fetchWorkers: 2, fetchWorkersPerSource: 1, busyAnswerDelayMilliseconds: 0)
        let server = HTTPServer(configuration: configuration, triage: { request in
            switch request.path {
            case "/slow": return .fetch(from: "https://slow.example") { slow.pass(); return .response(.text("slow")) }
            case "/fast": return .fetch(from: "https://fast.example") { .response(.text("fast")) }
            default: return nil
            }
        }) { _ in .text("handler") }
        let port = try server.start()
        defer { slow.open(8); server.shutdown() }

        let first = try LoopbackHTTPClient(port: port), second = try LoopbackHTTPClient(port: port)
        try first.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(slow.waitForEntry())
        try second.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(eventually { server.statistics.fetchQueueDepth == 1 }, "the slow source's second request waits")
        XCTAssertEqual(server.statistics.activeFetches, 1, "with a thread free")

        let started = Date()
        XCTAssertEqual(try LoopbackHTTPClient(port: port).request("GET", "/fast").text, "fast")
        XCTAssertLessThan(Date().timeIntervalSince(started), 1, "the other source's request waited for the slow one")
        XCTAssertEqual(server.statistics.fetchQueueDepth, 1)

        slow.open()
        XCTAssertEqual(try first.readResponse().text, "slow")
        XCTAssertTrue(slow.waitForEntry(), "the waiting request runs once its source's thread is free")
        slow.open()
        XCTAssertEqual(try second.readResponse().text, "slow")
    }

    /// A client that leaves while its request waits on a fetch is not rendered for: the
    /// fetch finishes, and the worker drops the request as it drops one that left the queue.
    /// Shutdown waits for a fetch under way and answers it.
    func testAFetchOutlivesNeitherItsClientNorShutdown() throws {
        let fetching = Gate()
        let worked = Locked(0)
        let configuration = try HTTPServer.Configuration(host: "127.0.0.1", port: 0, ioThreads: 2, workers: 1, queueLimit: 4,
                                                         fetchWorkers: 2, busyAnswerDelayMilliseconds: 0)
        let server = HTTPServer(configuration: configuration, triage: { request in
            request.path == "/fetch"
                ? .fetch(from: "origin") { fetching.pass(); return .work { worked.update { $0 += 1 }; return .text("drawn after fetching") } }
                : nil
        }) { _ in .text("handler") }
        let port = try server.start()
        defer { fetching.open(8); server.shutdown() }

        let leaving = try LoopbackHTTPClient(port: port)
        try leaving.send("GET /fetch HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(fetching.waitForEntry())
        leaving.reset()
        fetching.open()
        XCTAssertTrue(eventually { server.statistics.abandoned == 1 && server.statistics.inFlight == 0 })
        XCTAssertEqual(worked.get(), 0, "the work of a client that had left was run")

        let staying = try LoopbackHTTPClient(port: port)
        try staying.send("GET /fetch HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(fetching.waitForEntry())
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread { server.shutdown(); stopped.signal() }
        XCTAssertEqual(stopped.wait(timeout: .now() + 0.3), .timedOut, "shutdown did not wait for the fetch")
        fetching.open()
        XCTAssertEqual(try staying.readResponse().text, "drawn after fetching")
        XCTAssertEqual(stopped.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(worked.get(), 1)
    }
}
