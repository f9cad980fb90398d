import BufferText
import CMicroHTTPD
import HTTPTypes
import Foundation

/// An HTTP/1.1 server on libmicrohttpd: its threads read and write sockets (epoll, a thread
/// pool, connection and per-address limits, a deadline for request headers, an inactivity
/// timeout, a memory cap per connection). Every complete request is first offered to the
/// immediate handler on the I/O thread (health, metrics, cached answers: no queue); the
/// rest are suspended, handed to a bounded pool of worker threads that run the handler, and
/// resumed with the response. Requests beyond the pool's queue are answered 429 after
/// `busyAnswerDelayMilliseconds` (suspended meanwhile, at no cost; with no delay, at once and
/// the connection closed), so a slow handler never stalls the sockets and a client retrying
/// in a loop is paced instead of taking the cores. A waiting request whose client has left
/// is dropped before its handler runs.
///
/// Every answer carries `X-Content-Type-Options: nosniff`; every error (400 and up) carries
/// `Cache-Control: no-store`; the errors the server makes itself carry the CORS fields of
/// `Configuration.cors`. Errors the server answers itself (400, 413, 414, 429, 431, 500,
/// 503) use the JSON shape of `HTTPResponse.error`. A few requests are refused by
/// libmicrohttpd before the server sees them, with the right status and a short HTML body
/// that the library offers no way to replace: a request line or header larger than
/// `connectionMemoryLimitBytes` (414, 431) and a Content-Length that is not a number (400;
/// libmicrohttpd 0.9.75 repeats its header block in that reply). A 304 carries the
/// `Content-Length` its handler gives (the length of the 200 it stands for) or none; without
/// one the connection closes after it, the only way libmicrohttpd 0.9.75 sends no length.
// @unchecked: `state`, `boundPort` and `daemon` are guarded by `stateLock`; the rest is
// immutable or Sendable.
public final class HTTPServer: @unchecked Sendable {
    /// Runs on a worker thread, never on libmicrohttpd's; may be slow.
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse
    /// Runs on a libmicrohttpd I/O thread for every well-formed request, before the queue:
    /// answers what needs no real work (or nil to pass the request to `Handler`). It must be
    /// quick and must never block or take a lock that a slow handler holds for long.
    public typealias ImmediateHandler = @Sendable (HTTPRequest) -> HTTPResponse?
    /// As `ImmediateHandler`, but may instead hand over the rest of the work, which then runs
    /// on a worker in place of `Handler`. nil: `Handler` answers the request.
    public typealias Triage = @Sendable (HTTPRequest) -> ImmediateAnswer?
    /// Runs on a libmicrohttpd I/O thread when the header of a request whose client waits
    /// for `100 Continue` (`Expect: 100-continue` with a body) is in, given the request with
    /// an empty body: an answer is sent instead of inviting the body, and the connection
    /// closes after it; nil invites the body, and the request goes on as any other. As quick
    /// as `ImmediateHandler` must be.
    public typealias HeadCheck = @Sendable (HTTPRequest) -> HTTPResponse?
    /// Called once per answered request with its summary, status, time from the request line
    /// to the end of sending (or to the connection's end), and body bytes sent (0 for HEAD, and
    /// for an answer whose sending failed). A request dropped unanswered because its client
    /// left is reported as 499. Requests libmicrohttpd refused itself are included with an
    /// empty method. Runs on a libmicrohttpd thread: keep it short and never block in it.
    public typealias CompletionObserver = @Sendable (HTTPRequestSummary, Int, Duration, Int) -> Void

    public let configuration: Configuration
    private let core: ServerCore
    private let lifecycle = NSLock() // serialises start and shutdown
    private let stateLock = NSLock()
    private var state = State.idle
    private var boundPort: Int?
    private var daemon: OpaquePointer?
    let signalHandling = SignalHandling()

    private enum State { case idle, running, stopped }

    /// `diagnostics` receives libmicrohttpd's error messages and notes about handler
    /// responses that had to be replaced.
    public convenience init(configuration: Configuration, answerImmediately: ImmediateHandler? = nil,
                            handler: @escaping Handler, onRequestCompleted: CompletionObserver? = nil,
                            diagnostics: (@Sendable (String) -> Void)? = nil) {
        let triage = answerImmediately.map { answer -> Triage in { request in answer(request).map { .response($0) } } }
        self.init(configuration: configuration, immediate: triage, checkHead: nil, handler: handler,
                  onRequestCompleted: onRequestCompleted, diagnostics: diagnostics)
    }

    /// As the initialiser above, with a `triage` on the I/O threads that may also pass a
    /// request's remaining work to the workers, and a `checkHead` that may refuse a body its
    /// client has not sent yet.
    public convenience init(configuration: Configuration, triage: @escaping Triage, checkHead: HeadCheck? = nil,
                            handler: @escaping Handler, onRequestCompleted: CompletionObserver? = nil,
                            diagnostics: (@Sendable (String) -> Void)? = nil) {
        self.init(configuration: configuration, immediate: triage, checkHead: checkHead, handler: handler,
                  onRequestCompleted: onRequestCompleted, diagnostics: diagnostics)
    }

    private init(configuration: Configuration, immediate: Triage?, checkHead: HeadCheck?, handler: @escaping Handler,
                 onRequestCompleted: CompletionObserver?, diagnostics: (@Sendable (String) -> Void)?) {
        self.configuration = configuration
        self.core = ServerCore(configuration: configuration, immediate: immediate, checkHead: checkHead,
                               handler: handler, observer: onRequestCompleted, diagnostics: diagnostics)
    }

    deinit {
        shutdown()
    }

    /// Binds and starts serving; returns the bound port. Throws `HTTPServerError`.
    @discardableResult
    public func start() throws -> Int {
        lifecycle.lock()
        defer { lifecycle.unlock() }
        guard stateLock.withLock({ state }) == .idle else { throw HTTPServerError.alreadyStarted }
        try MicroHTTPDLibrary.open()
        let c = configuration
        core.pool.start(name: "http-worker")
        core.fetchers.start(name: "http-fetch")
        core.delayed.start()
        var options = sc_httpd_options()
        options.port = UInt16(c.port)
        options.io_threads = UInt32(c.ioThreads)
        options.connection_limit = UInt32(c.maxConnections)
        options.per_ip_connection_limit = UInt32(c.maxConnectionsPerIP)
        options.connection_timeout_seconds = UInt32(c.connectionTimeoutSeconds)
        options.header_timeout_ms = UInt32(c.headerTimeoutSeconds * 1000)
        options.listen_backlog = UInt32(c.listenBacklog)
        options.connection_memory_limit = c.connectionMemoryLimitBytes
        options.max_url_bytes = c.maxURLBytes
        options.max_header_bytes = c.maxHeaderBytes
        options.max_body_bytes = c.maxBodyBytes
        options.max_multipart_body_bytes = c.maxMultipartBodyBytes
        withUnsafeMutableBytes(of: &options.upload_target) { buffer in
            let bytes = Array((c.uploadTarget ?? "").utf8.prefix(buffer.count - 1))
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        options.max_body_memory_bytes = c.maxBodyMemoryBytes
        options.on_request = { context, request, problem in
            guard let context, let request else { return }
            Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
                .receive(RequestHandle(pointer: request), problem: problem)
        }
        if core.checkHead != nil {
            options.on_head = { context, request in
                guard let context, let request else { return }
                Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue().receiveHead(RequestHandle(pointer: request))
            }
        }
        options.on_completed = { context, request, termination in
            guard let context, let request else { return }
            Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
                .complete(RequestHandle(pointer: request), termination: termination)
        }
        if core.diagnostics != nil {
            options.on_log = { context, message in
                guard let context, let message else { return }
                Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
                    .diagnostics?("libmicrohttpd: " + String(cString: message))
            }
        }
        // The daemon never outlives `core`: shutdown (also from deinit) stops it first.
        options.context = Unmanaged.passUnretained(core).toOpaque()
        var message = [CChar](repeating: 0, count: 1024)
        let started = c.host.withCString { host -> OpaquePointer? in
            options.host = host
            return sc_httpd_start(&options, &message, message.count)
        }
        guard let started else {
            core.pool.close()
            core.fetchers.close()
            core.delayed.stop()
            stateLock.withLock { state = .stopped }
            let text = message.stringBeforeNUL
            throw HTTPServerError.startFailed("\(c.host):\(c.port): \(text)")
        }
        let port = Int(sc_httpd_port(started))
        stateLock.withLock {
            daemon = started
            boundPort = port
            state = .running
        }
        return port
    }

    /// The bound port while running.
    public var port: Int? { stateLock.withLock { state == .running ? boundPort : nil } }

    public var statistics: Statistics {
        let (connections, timeouts, bodyTimeouts, halfClosed, refusals) = stateLock.withLock { () -> (Int, Int, Int, Int, Int) in
            guard let daemon else { return (0, 0, 0, 0, 0) }
            return (Int(sc_httpd_connection_count(daemon)), Int(clamping: sc_httpd_header_timeouts(daemon)),
                    Int(clamping: sc_httpd_body_timeouts(daemon)), Int(clamping: sc_httpd_half_closed(daemon)),
                    Int(clamping: sc_httpd_per_ip_refusals(daemon)))
        }
        return core.counters.snapshot(pool: core.pool, fetchers: core.fetchers, openConnections: connections, headerTimeouts: timeouts,
                                      bodyTimeouts: bodyTimeouts, halfClosed: halfClosed, perAddressRefusals: refusals)
    }

    /// Graceful stop: refuses new connections at once, answers new requests on open
    /// connections 503, waits for every request already handed to the workers to be sent,
    /// then closes the remaining connections (dropping requests still being received) and joins
    /// all threads. Blocks meanwhile, as long as the slowest running handler: never call it from
    /// a handler. Idempotent; concurrent callers wait for the first.
    public func shutdown() {
        lifecycle.lock()
        defer { lifecycle.unlock() }
        let running: OpaquePointer? = stateLock.withLock {
            defer { if state == .idle { state = .stopped } }
            return state == .running ? daemon : nil
        }
        guard let running else { return }
        if sc_httpd_quiesce(running) != 0 {
            core.diagnostics?("the listening socket was already closed when shutting down")
        }
        core.counters.beginShutdown()
        core.counters.waitUntilIdle()
        core.delayed.stop() // answers the 429s still held: nothing may stay suspended
        stateLock.withLock {
            daemon = nil
            state = .stopped
        }
        sc_httpd_stop(running)
        core.pool.close()
        core.fetchers.close()
    }

    /// Bytes allocated for request bodies now; for memory checks in tests.
    var bufferedBodyBytes: Int {
        stateLock.withLock { daemon.map { Int(sc_httpd_body_bytes($0)) } ?? 0 }
    }

    /// Requests the C shim holds (allocated, not yet freed); for leak checks in tests.
    var liveRequests: Int {
        stateLock.withLock { daemon.map { Int(sc_httpd_live_requests($0)) } ?? 0 }
    }
}

/// Why a server could not start.
public enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `start()` was already called.
    case alreadyStarted
    /// Binding or starting libmicrohttpd failed (address in use, no such address, …).
    case startFailed(String)
    /// libmicrohttpd could not be opened (the message names the files tried and the package).
    case libraryUnavailable(String)

    public var description: String {
        switch self {
        case .alreadyStarted: return "the server was already started"
        case .startFailed(let message): return "cannot start the HTTP server on \(message)"
        case .libraryUnavailable(let message): return "cannot start the HTTP server: \(message)"
        }
    }
}
