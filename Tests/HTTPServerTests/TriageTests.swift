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
}
