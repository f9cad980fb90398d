import CMicroHTTPD
import HTTPTypes
import Foundation

/// The server's side of the C callbacks: turns a collected request into an `HTTPRequest`,
/// answers problems, immediate answers, 429 and 503 at once on libmicrohttpd's thread, and
/// otherwise defers the connection and runs the handler (or the work the triage handed
/// over) on the worker pool. The answers it makes itself get the CORS fields of
/// `configuration.cors`, as the handler's do.
// @unchecked: immutable after init; `counters` and the pools lock internally.
final class ServerCore: @unchecked Sendable {
    let configuration: HTTPServer.Configuration
    let immediate: HTTPServer.Triage?
    let checkHead: HTTPServer.HeadCheck?
    let handler: HTTPServer.Handler
    let observer: HTTPServer.CompletionObserver?
    let diagnostics: (@Sendable (String) -> Void)?
    let counters = RequestCounters()
    let pool: WorkerPool
    /// Threads for work that waits on other servers (`ImmediateAnswer.fetch`).
    let fetchers: WorkerPool
    let delayed: DelayedAnswers

    init(configuration: HTTPServer.Configuration, immediate: HTTPServer.Triage?, checkHead: HTTPServer.HeadCheck?,
         handler: @escaping HTTPServer.Handler, observer: HTTPServer.CompletionObserver?,
         diagnostics: (@Sendable (String) -> Void)?) {
        self.configuration = configuration
        self.immediate = immediate
        self.checkHead = checkHead
        self.handler = handler
        self.observer = observer
        self.diagnostics = diagnostics
        self.pool = WorkerPool(workers: configuration.workers, queueLimit: configuration.queueLimit)
        self.fetchers = WorkerPool(workers: configuration.fetchWorkers, queueLimit: configuration.queueLimit,
                                   perSourceLimit: configuration.fetchWorkersPerSource)
        self.delayed = DelayedAnswers(delay: .milliseconds(configuration.busyAnswerDelayMilliseconds))
    }

    /// On a libmicrohttpd thread: the header of a request whose client waits for `100
    /// Continue`. An answer from `checkHead` goes instead, and the body is never sent.
    func receiveHead(_ request: RequestHandle) {
        guard let checkHead, !counters.isShuttingDown else { return }
        let r = request.pointer
        let head = ReceivedHead(r)
        // A target that is not UTF-8 or does not parse is answered with the whole request.
        guard head.targetIsUTF8, let parsed = try? head.request(body: []), let response = checkHead(parsed) else { return }
        sc_httpd_request_set_user(r, Unmanaged.passRetained(head.record).toOpaque())
        send(response, to: request, closing: true)
    }

    /// On a libmicrohttpd thread: the request is complete, or has `problem`.
    func receive(_ request: RequestHandle, problem: Int32) {
        let r = request.pointer
        let head = ReceivedHead(r)
        /// An answer the server layer makes itself, with the CORS fields a handler's would have.
        func own(_ response: HTTPResponse) -> HTTPResponse {
            var response = response
            configuration.cors.addFields(to: &response, origin: head.headers.combined("Origin"), method: head.method)
            return response
        }
        let record = head.record
        sc_httpd_request_set_user(r, Unmanaged.passRetained(record).toOpaque())

        if problem != Int32(SC_HTTPD_PROBLEM_NONE) {
            send(own(problemResponse(problem, bodyLimit: Int(sc_httpd_request_body_limit(r)))), to: request, closing: true)
            return
        }
        guard head.targetIsUTF8 else {
            send(own(.error(status: 400, code: "malformed_request",
                            message: "Malformed request: the request target has bytes that are not UTF-8 (percent-encode them).")),
                 to: request, closing: true)
            return
        }
        var bodyLength = 0
        let bodyBytes = sc_httpd_request_body(r, &bodyLength)
        let body = bodyLength > 0 ? [UInt8](UnsafeBufferPointer(start: bodyBytes, count: bodyLength)) : []
        // The copy is the one kept while the request waits for a worker: the buffer goes now.
        sc_httpd_request_release_body(r)
        let parsed: HTTPRequest
        do {
            parsed = try head.request(body: body)
        } catch {
            send(own(.error(status: 400, code: "malformed_request", message: "Malformed request: \(error).")),
                 to: request, closing: true)
            return
        }
        var work: (@Sendable () -> HTTPResponse)?
        var fetch: (from: String, run: @Sendable () -> ImmediateAnswer)?
        if let immediate, !counters.isShuttingDown, let answer = immediate(parsed) {
            switch answer {
            case .response(let response):
                counters.noteImmediate()
                send(response, to: request, closing: false)
                return
            case .work(let rest):
                work = rest
            case .fetch(let source, let first):
                fetch = (source, first)
            }
        }
        let job = work ?? { [handler] in handler(parsed) }

        let admission = counters.admit(to: fetch == nil ? pool : fetchers) {
            record.admitted = true
            // Deferred before the job can run: its response resumes the connection.
            guard sc_httpd_defer(r) == 0 else {
                diagnostics?("libmicrohttpd could not suspend a connection; answered 500")
                send(own(.error(status: 500, code: "internal_error", message: "The server could not queue the request.")),
                     to: request, closing: true)
                return
            }
            let submitted: Bool
            if let fetch {
                // What the fetch's hand-over answers when the workers have filled up meanwhile.
                let busy = own(queueFullResponse)
                submitted = fetchers.submit(from: fetch.from) { [self] in
                    if Self.hasLeft(peer: sc_httpd_request_peer_state(request.pointer), othersWaiting: fetchers.waiting) {
                        counters.noteAbandoned()
                        return { [self] in abandon(request) }
                    }
                    return delivery(after: fetch.run(), for: request, busy: busy)
                }
            } else {
                submitted = pool.submit(rendering(job, for: request))
            }
            if !submitted {
                // Cannot happen while admission holds the counters' lock and saw room; if it
                // does, the suspended connection must still be answered.
                diagnostics?("the worker pool refused an admitted request; answered 503")
                send(own(.error(status: 503, code: "unavailable", message: "The server could not queue the request.")),
                     to: request, closing: true)
            }
        }
        switch admission {
        case .admitted:
            break
        case .queueFull:
            let response = own(fetch == nil ? queueFullResponse : fetchQueueFullResponse)
            // Held for the delay (the connection kept: the wait already paces a retry loop,
            // and a reconnect would cost the server more than the answer), or, without a
            // delay, closed so that a retry loop pays for a new connection each time.
            if configuration.busyAnswerDelayMilliseconds > 0 && sc_httpd_defer(r) == 0 {
                // A client that reset its connection during the wait is not answered (nor the
                // answer counted as sent): dropped, as a queued request whose client left is.
                delayed.schedule { [self, response] in
                    if Self.hasLeft(peer: sc_httpd_request_peer_state(request.pointer), othersWaiting: 0) {
                        counters.noteAbandoned()
                        abandon(request)
                    } else {
                        send(response, to: request, closing: false)
                    }
                }
            } else {
                send(response, to: request, closing: true)
            }
        case .shuttingDown:
            var response = own(.error(status: 503, code: "shutting_down",
                                      message: "The server is shutting down."))
            response.headers.append("Retry-After", "1")
            send(response, to: request, closing: true)
        }
    }

    /// The 429 for a request that finds every worker busy and the queue full.
    private var queueFullResponse: HTTPResponse {
        Self.busy("all \(configuration.workers) workers are busy and \(configuration.queueLimit) requests are waiting")
    }

    /// The 429 for a request that must wait on another server while every fetch thread waits.
    private var fetchQueueFullResponse: HTTPResponse {
        Self.busy("all \(configuration.fetchWorkers) fetch threads are waiting on other servers and \(configuration.queueLimit) requests are waiting for them")
    }

    private static func busy(_ reason: String) -> HTTPResponse {
        var response = HTTPResponse.error(status: 429, code: "queue_full", message: "The server is busy: \(reason). Retry shortly.")
        response.headers.append("Retry-After", "1")
        return response
    }

    /// A worker's job: `job`'s answer, unless the client has left meanwhile.
    private func rendering(_ job: @escaping @Sendable () -> HTTPResponse, for request: RequestHandle) -> WorkerPool.Job {
        { [self] in
            if Self.hasLeft(peer: sc_httpd_request_peer_state(request.pointer), othersWaiting: pool.waiting) {
                counters.noteAbandoned()
                return { [self] in abandon(request) }
            }
            let response = job()
            return { [self] in send(response, to: request, closing: false) }
        }
    }

    /// On a fetch thread, once it has waited: what is left of the request. Work goes to the
    /// worker pool when the fetch thread is free again; with no room there (a worker pool
    /// busier than when the request was admitted) the request is answered `busy`, and a retry
    /// finds what was fetched in the fetcher's cache.
    private func delivery(after answer: ImmediateAnswer, for request: RequestHandle, busy: HTTPResponse) -> WorkerPool.Delivery {
        switch answer {
        case .response(let response):
            return { [self] in send(response, to: request, closing: false) }
        case .fetch(_, let next):
            return delivery(after: next(), for: request, busy: busy)
        case .work(let rest):
            return { [self] in
                if !pool.submit(rendering(rest, for: request)) { send(busy, to: request, closing: false) }
            }
        }
    }

    /// Whether a worker should drop a request rather than run it: its connection was reset, or
    /// its client has ended its side while other requests wait for a worker. An end of stream
    /// alone does not say the client left: one that half-closes after sending (`nc -N`) still
    /// reads the answer, while one that closed and gave up sends the same FIN. So it is answered
    /// when nobody else waits, and under contention the requests whose clients are surely
    /// there go first (as nginx, which answers neither, counts a 499).
    static func hasLeft(peer: Int32, othersWaiting: Int) -> Bool {
        switch peer {
        case Int32(SC_HTTPD_PEER_GONE): return true
        case Int32(SC_HTTPD_PEER_ENDED_SENDING): return othersWaiting > 0
        default: return false
        }
    }

    /// On a worker: the client of a deferred request left; close without answering.
    private func abandon(_ request: RequestHandle) {
        if sc_httpd_abandon(request.pointer) != 0 {
            diagnostics?("could not drop a request whose client left (it already had an answer)")
        }
    }

    /// The status the access log gives a request dropped because its client left before its
    /// answer (nginx's convention; nothing with it was sent).
    static let clientLeftStatus = 499

    /// On a libmicrohttpd thread (or the one stopping the daemon): the request is over. An
    /// answer whose sending failed (the client left meanwhile) is counted as undelivered, not
    /// among the answers sent, and logged with no bytes; a request dropped unanswered because
    /// its client left is logged as 499.
    func complete(_ request: RequestHandle, termination: Int32) {
        let r = request.pointer
        let made = Int(sc_httpd_request_status(r))
        let elapsed = Duration.nanoseconds(Int64(clamping: sc_httpd_request_elapsed_nanoseconds(r)))
        if let user = sc_httpd_request_user(r) {
            sc_httpd_request_set_user(r, nil)
            let record = Unmanaged<RequestRecord>.fromOpaque(user).takeRetainedValue()
            let delivered = termination == Int32(SC_HTTPD_END_COMPLETED)
            if made != 0 && !delivered { counters.noteUndelivered() }
            counters.finish(admitted: record.admitted, status: delivered ? made : 0)
            let length = delivered && !record.isHead ? Int(sc_httpd_request_response_length(r)) : 0
            observer?(record.summary, made != 0 ? made : Self.clientLeftStatus, elapsed, length)
        } else if made != 0 {
            // answered by libmicrohttpd itself, before a handler could see it (it closes after
            // its own answers, which it reports as ending with an error: they were sent)
            counters.finish(admitted: false, status: made)
            if let observer {
                var targetLength = 0
                let bytes = sc_httpd_request_target(r, &targetLength)
                let summary = HTTPRequestSummary(
                    method: String(cString: sc_httpd_request_method(r)),
                    target: String(decoding: UnsafeRawBufferPointer(start: bytes, count: targetLength), as: UTF8.self),
                    remoteAddress: String(cString: sc_httpd_request_remote_address(r)),
                    remotePort: Int(sc_httpd_request_remote_port(r)), userAgent: nil)
                observer(summary, made, elapsed, 0)
            }
        }
    }

    /// Queues `response` (or a 500 when it is not sendable) on the request's connection, with
    /// the headers every answer gets: `nosniff`, and `no-store` on errors.
    func send(_ response: HTTPResponse, to request: RequestHandle, closing: Bool) {
        var response = response
        if let problem = response.problem {
            diagnostics?("handler response replaced by 500: \(problem)")
            response = .error(status: 500, code: "internal_error",
                              message: "The server could not produce a valid response.")
        }
        // A 304's Content-Length states the length of the 200 it stands for (RFC 9110 §8.6); the
        // shim keeps it, and sends none when there is none.
        for name in HTTPResponse.serverManagedFields where !(response.status == 304 && name == "Content-Length") {
            response.headers.remove(name)
        }
        response.headers.set("X-Content-Type-Options", "nosniff")
        if response.status >= 400 { response.headers.set("Cache-Control", "no-store") }
        if closing { response.headers.set("Connection", "close") }
        var block: [UInt8] = []
        block.reserveCapacity(256)
        for field in response.headers {
            block += field.name.utf8
            block.append(0)
            block += field.value.utf8
            block.append(0)
        }
        let result = block.withUnsafeBytes { headerBytes in
            response.body.withUnsafeBufferPointer { body in
                sc_httpd_respond(request.pointer, UInt16(response.status),
                                 headerBytes.baseAddress?.assumingMemoryBound(to: CChar.self), headerBytes.count,
                                 body.baseAddress, body.count)
            }
        }
        switch result {
        case 0: break
        case -1: diagnostics?("a response was sent twice or outside its request (ignored)")
        case -2: diagnostics?("libmicrohttpd refused a response header; answered 500")
        default: diagnostics?("out of memory for a response; the connection was closed")
        }
    }

    /// `bodyLimit`: the body limit for the request's type (`maxBodyBytes` or `maxMultipartBodyBytes`).
    private func problemResponse(_ problem: Int32, bodyLimit: Int) -> HTTPResponse {
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
                          message: "The request body is larger than \(bodyLimit) bytes.")
        case Int32(SC_HTTPD_PROBLEM_UPLOADS_OFF):
            var response = HTTPResponse.error(status: 415, code: "unsupported_media_type", message: UploadsOff.message)
            response.headers.append("Accept-Post", UploadsOff.acceptedTypes)
            return response
        case Int32(SC_HTTPD_PROBLEM_CODING_NOT_IMPLEMENTED):
            return .error(status: 501, code: "coding_not_implemented",
                          message: "The request body's transfer codings are not implemented here: send it with Content-Length, or Transfer-Encoding: chunked alone.")
        case Int32(SC_HTTPD_PROBLEM_OBSOLETE_FOLD):
            return .error(status: 400, code: "malformed_request",
                          message: "Malformed header: a field is continued on the next line (obsolete line folding); send each field on one line.")
        case Int32(SC_HTTPD_PROBLEM_MALFORMED_TARGET):
            return .error(status: 400, code: "malformed_request",
                          message: "Malformed request line: the request target has a NUL byte or stray whitespace.")
        case Int32(SC_HTTPD_PROBLEM_BODIES_HELD):
            var response = HTTPResponse.error(status: 503, code: "bodies_held",
                                              message: "The server is holding as many request bodies as it may (\(c.maxBodyMemoryBytes) bytes in all); this one was not read. Retry shortly.")
            response.headers.append("Retry-After", "1")
            return response
        case Int32(SC_HTTPD_PROBLEM_BAD_HOST):
            return .error(status: 400, code: "malformed_request",
                          message: "Malformed header: Host must be a host name, IPv4 address or [IP literal], with an optional :port.")
        case Int32(SC_HTTPD_PROBLEM_MALFORMED_HEADER):
            return .error(status: 400, code: "malformed_request",
                          message: "Malformed header: field names must be tokens (no space before the colon), values may hold no control characters (such as a bare CR), and an HTTP/1.1 request needs exactly one Host field.")
        default:
            return .error(status: 400, code: "malformed_request",
                          message: "The request body's framing is ambiguous or unsupported: send one Content-Length, or Transfer-Encoding: chunked (HTTP/1.1 only), not both.")
        }
    }

}

/// A C request's method, target, header fields and peer, read on libmicrohttpd's thread.
struct ReceivedHead {
    let method: String
    /// The target as sent; bytes that are not UTF-8 are replaced here and `targetIsUTF8` is
    /// false (such a target is refused like a percent-encoded one, not used).
    let target: String
    let targetIsUTF8: Bool
    let version: String
    let headers: HTTPHeaders
    let remoteAddress: String
    let remotePort: Int

    init(_ r: OpaquePointer) {
        method = String(cString: sc_httpd_request_method(r))
        version = String(cString: sc_httpd_request_version(r))
        var targetLength = 0
        let targetBytes = UnsafeRawBufferPointer(start: sc_httpd_request_target(r, &targetLength), count: targetLength)
        let validTarget = String(validating: targetBytes, as: UTF8.self)
        target = validTarget ?? String(decoding: targetBytes, as: UTF8.self)
        targetIsUTF8 = validTarget != nil
        var headers = HTTPHeaders()
        for index in 0..<sc_httpd_request_header_count(r) {
            var name: UnsafePointer<CChar>?, value: UnsafePointer<CChar>?
            var nameLength = 0, valueLength = 0
            guard sc_httpd_request_header(r, index, &name, &nameLength, &value, &valueLength) == 0 else { break }
            headers.append(Self.text(name, nameLength), Self.text(value, valueLength))
        }
        self.headers = headers
        remoteAddress = String(cString: sc_httpd_request_remote_address(r))
        remotePort = Int(sc_httpd_request_remote_port(r))
    }

    /// The request with `body`; throws what `HTTPRequest` finds malformed in the target.
    func request(body: [UInt8]) throws -> HTTPRequest {
        try HTTPRequest(method: method, target: target, version: version, headers: headers, body: body,
                        remoteAddress: remoteAddress, remotePort: remotePort)
    }

    /// What the completion callback will need of the request.
    var record: RequestRecord {
        RequestRecord(summary: HTTPRequestSummary(method: method, target: target, remoteAddress: remoteAddress,
                                                  remotePort: remotePort, userAgent: headers["User-Agent"]),
                      isHead: method == "HEAD")
    }

    private static func text(_ pointer: UnsafePointer<CChar>?, _ length: Int) -> String {
        guard let pointer, length > 0 else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }
}

/// A C request, passed between libmicrohttpd's thread and a worker. Only the calls the C
/// shim allows from a worker (sc_httpd_respond, sc_httpd_abandon and
/// sc_httpd_request_peer_state after sc_httpd_defer) are made there.
// @unchecked: a pointer; the shim's rules above make its use from another thread safe.
struct RequestHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// What the completion callback needs of a request; owned by the C request while it lives.
// @unchecked: `admitted` is written on the I/O thread in the request callback and read there
// in the completion callback; libmicrohttpd runs both for one connection on one thread.
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
