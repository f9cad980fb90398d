import CardService
import HTTPServer
import HTTPTypes
import TestSupport

/// A stranger's bytes on a TCP connection to the whole server, wired as `serve` wires it (the
/// service's triage on the I/O threads, its handler on the workers, one CORS origin allowed),
/// on 127.0.0.1. Each input is sent on a new connection, which is then half-closed, as a client
/// that has said everything; what the server answers is read until it closes the connection.
///
/// Properties: the first answer, when there is one, is not a 5xx other than 501 (a method
/// libmicrohttpd does not know), 503 (busy) or 505 (an HTTP version it does not speak); the
/// server closes the half-closed connection within its own time-out; and afterwards it still
/// answers `GET /healthz` with 200 on a new connection. A crash, a hang or a leaked worker in
/// the server shows as one of these, or as the fuzzer's own crash report.
enum HTTPWireFuzz {
    /// The server's time-outs, short so that an input the server keeps waiting on (a body
    /// shorter than its length, on a connection it does not see ended) costs a second at most.
    static let timeoutSeconds = 1

    /// The server, started on first use; it lives as long as the process.
    static let server: (http: HTTPServer, port: Int) = {
        var service = ServiceConfiguration()
        do {
            service.cors = try CORSPolicy(origins: [RequestHeadersFuzz.allowedOrigin])
            var server = try HTTPServer.Configuration(
                host: "127.0.0.1", port: 0, ioThreads: 2, workers: 2, queueLimit: 16, busyAnswerDelayMilliseconds: 0,
                maxConnections: 64, maxConnectionsPerIP: 0, connectionTimeoutSeconds: timeoutSeconds,
                headerTimeoutSeconds: timeoutSeconds, maxBodyBytes: service.maxUploadBytes,
                maxURLBytes: ServiceConfiguration.maxRequestTargetBytes,
                maxHeaderBytes: ServiceConfiguration.maxHeaderBytes)
            server.cors = service.cors
            let cards = CardService(catalog: FuzzResources.catalog, renderer: FuzzResources.renderer, configuration: service)
            let http = HTTPServer(configuration: server, triage: { cards.triage($0) }, checkHead: { cards.refusalBeforeBody($0) }, handler: { cards.handle($0) })
            return (http, try http.start())
        } catch {
            fatalError("http-wire cannot start its server: \(error)")
        }
    }()

    static let allowedServerErrors: Set<Int> = [501, 503, 505]

    static func run(_ input: [UInt8]) {
        let shown = String(decoding: input.prefix(300), as: UTF8.self).debugDescription
        do {
            let client = try LoopbackHTTPClient(port: server.port, timeout: Double(timeoutSeconds) + 4)
            // The server may answer and close before reading everything (a 413, a 431).
            try? client.send(input)
            client.finishSending()
            let head = input.starts(with: Array("HEAD ".utf8))
            if let answer = try? client.readResponse(head: head) {
                FuzzCheck.that(answer.status < 500 || allowedServerErrors.contains(answer.status),
                               "status \(answer.status) for \(shown): \(answer.text.prefix(300))")
            }
            FuzzCheck.that(client.drainedUntilClosed(within: Double(timeoutSeconds) + 4),
                           "the server kept a half-closed connection open past its time-out after \(shown)")
        } catch {
            FuzzCheck.that(false, "cannot connect to the server: \(error)")
        }
        do {
            let health = try LoopbackHTTPClient(port: server.port, timeout: 10).request("GET", "/healthz")
            FuzzCheck.that(health.status == 200, "GET /healthz answered \(health.status) after \(shown)")
        } catch {
            FuzzCheck.that(false, "GET /healthz failed after \(shown): \(error)")
        }
    }
}
