import CMicroHTTPD
import HTTPTypes
import Foundation

/// The server's side of the C callbacks: turns a collected request into an `HTTPRequest`,
/// answers problems, 429 and 503 at once on libmicrohttpd's thread, and otherwise defers the
/// connection and runs the handler on the worker pool.
final class ServerCore: @unchecked Sendable {
    let configuration: HTTPServer.Configuration
    let handler: HTTPServer.Handler
    let observer: HTTPServer.CompletionObserver?
    let diagnostics: (@Sendable (String) -> Void)?
    let counters = RequestCounters()
    let pool: WorkerPool

    init(configuration: HTTPServer.Configuration, handler: @escaping HTTPServer.Handler,
         observer: HTTPServer.CompletionObserver?, diagnostics: (@Sendable (String) -> Void)?) {
        self.configuration = configuration
        self.handler = handler
        self.observer = observer
        self.diagnostics = diagnostics
        self.pool = WorkerPool(workers: configuration.workers, queueLimit: configuration.queueLimit)
    }

    /// On a libmicrohttpd thread: the request is complete, or has `problem`.
    func receive(_ request: RequestHandle, problem: Int32) {
        let r = request.pointer
        let method = String(cString: sc_httpd_request_method(r))
        var targetLength = 0
        let targetBytes = sc_httpd_request_target(r, &targetLength)
        let target = String(decoding: UnsafeRawBufferPointer(start: targetBytes, count: targetLength),
                            as: UTF8.self)
        var headers = HTTPHeaders()
        for index in 0..<sc_httpd_request_header_count(r) {
            var name: UnsafePointer<CChar>?, value: UnsafePointer<CChar>?
            var nameLength = 0, valueLength = 0
            guard sc_httpd_request_header(r, index, &name, &nameLength, &value, &valueLength) == 0 else { break }
            headers.append(Self.text(name, nameLength), Self.text(value, valueLength))
        }
        let remoteAddress = String(cString: sc_httpd_request_remote_address(r))
        let remotePort = Int(sc_httpd_request_remote_port(r))
        let record = RequestRecord(
            summary: HTTPRequestSummary(method: method, target: target, remoteAddress: remoteAddress,
                                        remotePort: remotePort, userAgent: headers["User-Agent"]),
            isHead: method == "HEAD")
        sc_httpd_request_set_user(r, Unmanaged.passRetained(record).toOpaque())

        if problem != Int32(SC_HTTPD_PROBLEM_NONE) {
            send(problemResponse(problem), to: request, closing: true)
            return
        }
        var bodyLength = 0
        let bodyBytes = sc_httpd_request_body(r, &bodyLength)
        let body = bodyLength > 0 ? [UInt8](UnsafeBufferPointer(start: bodyBytes, count: bodyLength)) : []
        let parsed: HTTPRequest
        do {
            parsed = try HTTPRequest(method: method, target: target,
                                     version: String(cString: sc_httpd_request_version(r)),
                                     headers: headers, body: body,
                                     remoteAddress: remoteAddress, remotePort: remotePort)
        } catch {
            send(.error(status: 400, code: "malformed_request", message: "Malformed request: \(error)."),
                 to: request, closing: true)
            return
        }

        let admission = counters.admit(to: pool) {
            record.admitted = true
            _ = sc_httpd_defer(r) // before the job can run: its response resumes the connection
            pool.submit { [self] in
                send(handler(parsed), to: request, closing: false)
            }
        }
        switch admission {
        case .admitted:
            break
        case .queueFull:
            var response = HTTPResponse.error(
                status: 429, code: "queue_full",
                message: "The server is busy: all \(configuration.workers) workers are busy and \(configuration.queueLimit) requests are waiting. Retry shortly.")
            response.headers.append("Retry-After", "1")
            send(response, to: request, closing: false)
        case .shuttingDown:
            var response = HTTPResponse.error(status: 503, code: "shutting_down",
                                              message: "The server is shutting down.")
            response.headers.append("Retry-After", "1")
            send(response, to: request, closing: true)
        }
    }

    /// On a libmicrohttpd thread (or the one stopping the daemon): the request is over.
    func complete(_ request: RequestHandle, termination: Int32) {
        let r = request.pointer
        let status = Int(sc_httpd_request_status(r))
        let elapsed = Duration.nanoseconds(Int64(clamping: sc_httpd_request_elapsed_nanoseconds(r)))
        let length = Int(sc_httpd_request_response_length(r))
        if let user = sc_httpd_request_user(r) {
            sc_httpd_request_set_user(r, nil)
            let record = Unmanaged<RequestRecord>.fromOpaque(user).takeRetainedValue()
            counters.finish(admitted: record.admitted, status: status)
            if status != 0 { observer?(record.summary, status, elapsed, record.isHead ? 0 : length) }
        } else if status != 0 {
            // answered by libmicrohttpd itself, before a handler could see it
            counters.finish(admitted: false, status: status)
            if let observer {
                var targetLength = 0
                let bytes = sc_httpd_request_target(r, &targetLength)
                let summary = HTTPRequestSummary(
                    method: String(cString: sc_httpd_request_method(r)),
                    target: String(decoding: UnsafeRawBufferPointer(start: bytes, count: targetLength), as: UTF8.self),
                    remoteAddress: String(cString: sc_httpd_request_remote_address(r)),
                    remotePort: Int(sc_httpd_request_remote_port(r)), userAgent: nil)
                observer(summary, status, elapsed, 0)
            }
        }
    }

    /// Queues `response` (or a 500 when it is not sendable) on the request's connection.
    func send(_ response: HTTPResponse, to request: RequestHandle, closing: Bool) {
        var response = response
        if let problem = response.problem {
            diagnostics?("handler response replaced by 500: \(problem)")
            response = .error(status: 500, code: "internal_error",
                              message: "The server could not produce a valid response.")
        }
        for name in HTTPResponse.serverManagedFields { response.headers.remove(name) }
        if closing { response.headers.set("Connection", "close") }
        var block: [UInt8] = []
        for field in response.headers {
            block += field.name.utf8
            block.append(0)
            block += field.value.utf8
            block.append(0)
        }
        let count = response.headers.count
        let result = block.withUnsafeBytes { headerBytes in
            response.body.withUnsafeBufferPointer { body in
                sc_httpd_respond(request.pointer, UInt16(response.status),
                                 headerBytes.baseAddress?.assumingMemoryBound(to: CChar.self), count,
                                 body.baseAddress, body.count)
            }
        }
        if result != 0 { diagnostics?("libmicrohttpd refused a response (code \(result))") }
    }

    private func problemResponse(_ problem: Int32) -> HTTPResponse {
        let c = configuration
        switch problem {
        case Int32(SC_HTTPD_PROBLEM_URL_TOO_LONG):
            return .error(status: 414, code: "url_too_long",
                          message: "The request target is longer than \(c.maxURLBytes) bytes.")
        case Int32(SC_HTTPD_PROBLEM_HEADERS_TOO_LARGE):
            return .error(status: 431, code: "headers_too_large",
                          message: "The request header fields are larger than \(c.maxHeaderBytes) bytes.")
        case Int32(SC_HTTPD_PROBLEM_BODY_TOO_LARGE):
            return .error(status: 413, code: "body_too_large",
                          message: "The request body is larger than \(c.maxBodyBytes) bytes.")
        case Int32(SC_HTTPD_PROBLEM_MALFORMED_HEADER):
            return .error(status: 400, code: "malformed_request",
                          message: "Malformed header: field names must be tokens (no space before the colon), and an HTTP/1.1 request needs exactly one Host field.")
        default:
            return .error(status: 400, code: "malformed_request",
                          message: "The request body's framing is ambiguous or unsupported: send one Content-Length, or Transfer-Encoding: chunked, not both.")
        }
    }

    private static func text(_ pointer: UnsafePointer<CChar>?, _ length: Int) -> String {
        guard let pointer, length > 0 else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }
}

/// A C request, passed between libmicrohttpd's thread and a worker. Only the calls the C
/// shim allows from a worker (sc_httpd_respond after sc_httpd_defer) are made there.
struct RequestHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// What the completion callback needs of a request; owned by the C request while it lives.
final class RequestRecord: @unchecked Sendable {
    let summary: HTTPRequestSummary
    let isHead: Bool
    /// Set on libmicrohttpd's thread when the request enters the worker pool.
    var admitted = false

    init(summary: HTTPRequestSummary, isHead: Bool) {
        self.summary = summary
        self.isHead = isHead
    }
}
