import CardService
import Cards
import Foundation
import HTTPServer
import HTTPTypes
import TestSupport
import Typesetting
import XCTest

/// The repository's data (fonts, palettes, templates, web/), loaded once for every test.
enum Repository {
    /// The package root, two folders above this file's folder.
    static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    static let catalog: Catalog = {
        do {
            return try Catalog(palettesDirectory: root.appendingPathComponent("palettes"),
                               templatesDirectory: root.appendingPathComponent("templates"))
        } catch { fatalError("cannot load the catalog: \(error)") }
    }()

    static let templateDocuments = TemplateDocuments(catalog: catalog)

    static let renderer: CardRenderer = {
        do { return CardRenderer(fonts: try FontLibrary(directory: path("fonts"))) } catch {
            fatalError("cannot load the fonts: \(error)")
        }
    }()

    static let openAPIText: String = {
        guard let data = FileManager.default.contents(atPath: path("web/openapi.json")) else { fatalError("no web/openapi.json") }
        return String(decoding: data, as: UTF8.self)
    }()

    static let playgroundText: String = {
        guard let data = FileManager.default.contents(atPath: path("web/index.html")) else { fatalError("no web/index.html") }
        return String(decoding: data, as: UTF8.self)
    }()

    /// A service configured as `sharecard serve` configures it.
    static func configuration(signingKeys: [String] = [], now: Int? = nil) throws -> ServiceConfiguration {
        var c = ServiceConfiguration()
        c.openAPIJSON = openAPIText
        c.playgroundHTML = playgroundText
        c.fontsVersion = ContentHash.fontsVersion(directory: path("fonts"))
        if !signingKeys.isEmpty { c.signer = try URLSigner(keys: signingKeys) }
        if let now { c.now = { now } }
        return c
    }
}

/// A running server with its service; shut down when the test ends.
struct RunningService {
    let server: HTTPServer
    let service: CardService
    let port: Int
}

extension XCTestCase {
    /// Limits as `sharecard serve` sets them by default, on an ephemeral loopback port.
    func serverConfiguration(workers: Int = 2, queueLimit: Int = 16, maxBodyBytes: Int = 64 << 10,
                             maxURLBytes: Int = 8 << 10, maxHeaderBytes: Int = 16 << 10) throws -> HTTPServer.Configuration {
        try HTTPServer.Configuration(host: "127.0.0.1", port: 0, ioThreads: 2, workers: workers, queueLimit: queueLimit,
                                     maxConnections: 64, maxConnectionsPerIP: 0, connectionTimeoutSeconds: 10,
                                     connectionMemoryLimitBytes: 64 << 10, maxBodyBytes: maxBodyBytes,
                                     maxURLBytes: maxURLBytes, maxHeaderBytes: maxHeaderBytes)
    }

    /// Starts an `HTTPServer` whose handler is a `CardService` (wrapped by `wrap` when given).
    func startService(_ configuration: ServiceConfiguration? = nil,
                      server serverConfiguration: HTTPServer.Configuration? = nil,
                      wrap: (@Sendable (CardService, HTTPRequest) -> HTTPResponse)? = nil) throws -> RunningService {
        let service = CardService(catalog: Repository.catalog, renderer: Repository.renderer,
                                  configuration: try configuration ?? Repository.configuration(),
                                  templateDocuments: Repository.templateDocuments)
        // as `sharecard serve` wires it: the fast path on the I/O threads, renders on workers;
        // a wrapped handler sees every request the fast path does not answer
        let server: HTTPServer
        if let wrap {
            server = HTTPServer(configuration: try serverConfiguration ?? self.serverConfiguration(),
                                answerImmediately: { service.answerImmediately($0) }, handler: { wrap(service, $0) })
        } else {
            server = HTTPServer(configuration: try serverConfiguration ?? self.serverConfiguration(),
                                triage: { service.triage($0) }, checkHead: { service.refusalBeforeBody($0) },
                                handler: { service.handle($0) })
        }
        service.setServerStatistics { [weak server] in
            let s = server?.statistics
            return (s?.inFlight ?? 0, s?.queueDepth ?? 0)
        }
        // The server layer's lines of `/metrics` (fetch gauges, 429s), as `serve` adds them.
        service.setServerMetrics { [weak server] in
            ServerMetricsText.exposition(server?.statistics ?? HTTPServer.Statistics(), droppedLogEntries: 0)
        }
        let port = try server.start()
        addTeardownBlock { server.shutdown() }
        return RunningService(server: server, service: service, port: port)
    }

    /// Asserts the JSON error shape with `code` (and `field` when given).
    func assertError(_ response: HTTPWireResponse, _ status: Int, _ code: String, field: String?? = .none,
                     file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(response.status, status, response.text, file: file, line: line)
        XCTAssertEqual(response.header("Content-Type"), "application/json", file: file, line: line)
        guard let error = try? response.errorObject() else {
            XCTFail("not the error shape: \(response.text)", file: file, line: line)
            return
        }
        XCTAssertEqual(error.code, code, error.message, file: file, line: line)
        XCTAssertFalse(error.message.isEmpty, file: file, line: line)
        if case .some(let expected) = field { XCTAssertEqual(error.field, expected, error.message, file: file, line: line) }
    }
}

/// Polls `condition` every 10 ms until it holds or `seconds` pass.
func eventually(within seconds: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}

/// Runs `body` on another thread; `wait` returns its result (bounded).
// Unchecked: `result` is written once by the thread before `done` is signalled and read only after waiting on it.
final class Background<Value>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<Value, Error>?

    init(_ body: @escaping @Sendable () throws -> Value) {
        Thread { [self] in
            result = Result { try body() }
            done.signal()
        }.start()
    }

    func wait(_ seconds: Double = 20) throws -> Value {
        guard done.wait(timeout: .now() + seconds) == .success else {
            throw ClientError(description: "background work did not finish within \(seconds) s")
        }
        return try result!.get()
    }
}
