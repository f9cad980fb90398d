import Foundation
import TestSupport
import XCTest
@testable import HTTPServer
import HTTPTypes

/// A configuration for tests: ephemeral port on 127.0.0.1, small pools.
func testConfiguration(workers: Int = 2, queueLimit: Int = 16, busyAnswerDelayMilliseconds: Int = 0,
                       maxConnections: Int = 64,
                       maxConnectionsPerIP: Int = 0, connectionTimeoutSeconds: Int = 5,
                       connectionMemoryLimitBytes: Int = 64 * 1024, maxBodyBytes: Int = 1 << 16,
                       maxURLBytes: Int = 4096, maxHeaderBytes: Int = 8192) throws -> HTTPServer.Configuration {
    try HTTPServer.Configuration(
        host: "127.0.0.1", port: 0, ioThreads: 2, workers: workers, queueLimit: queueLimit,
        busyAnswerDelayMilliseconds: busyAnswerDelayMilliseconds,
        maxConnections: maxConnections, maxConnectionsPerIP: maxConnectionsPerIP,
        connectionTimeoutSeconds: connectionTimeoutSeconds,
        connectionMemoryLimitBytes: connectionMemoryLimitBytes, maxBodyBytes: maxBodyBytes,
        maxURLBytes: maxURLBytes, maxHeaderBytes: maxHeaderBytes)
}

extension XCTestCase {
    /// Starts a server that is shut down when the test ends.
    func startServer(_ configuration: HTTPServer.Configuration,
                     onRequestCompleted: HTTPServer.CompletionObserver? = nil,
                     diagnostics: (@Sendable (String) -> Void)? = nil,
                     handler: @escaping HTTPServer.Handler) throws -> (HTTPServer, Int) {
        let server = HTTPServer(configuration: configuration, handler: handler,
                                onRequestCompleted: onRequestCompleted, diagnostics: diagnostics)
        let port = try server.start()
        addTeardownBlock { server.shutdown() }
        return (server, port)
    }
}

/// Polls `condition` every 10 ms until it holds or `seconds` pass.
func eventually(within seconds: Double = 3, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}

/// A value shared between a handler thread and the test.
// @unchecked: `value` is only touched under `lock`.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func get() -> Value { lock.withLock { value } }

    func update<Result>(_ body: (inout Value) -> Result) -> Result { lock.withLock { body(&value) } }
}

/// What the echo handler reports about the request it saw.
struct Echo: Codable, Equatable {
    var method: String
    var path: String
    var rawPath: String
    var rawQuery: String?
    var query: [[String]]
    var version: String
    var bodyLength: Int
    var headerNames: [String]
    var remoteAddress: String
}

let echoHandler: HTTPServer.Handler = { request in
    let echo = Echo(method: request.method, path: request.path, rawPath: request.rawPath,
                    rawQuery: request.rawQuery, query: request.queryItems.map { [$0.name, $0.value] },
                    version: request.version, bodyLength: request.body.count,
                    headerNames: request.headers.map(\.name), remoteAddress: request.remoteAddress)
    return (try? HTTPResponse.json(echo)) ?? HTTPResponse(status: 500)
}

func decodeEcho(_ response: HTTPWireResponse) throws -> Echo {
    try JSONDecoder().decode(Echo.self, from: Data(response.body))
}
