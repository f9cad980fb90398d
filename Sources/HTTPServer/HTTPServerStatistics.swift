import Foundation

extension HTTPServer {
    /// A snapshot of the server's counters.
    public struct Statistics: Sendable, Equatable {
        /// Requests handed to the worker or fetch pool and not yet completed (waiting, running,
        /// or being sent).
        public var inFlight: Int
        /// Requests waiting for a worker.
        public var queueDepth: Int
        /// Handlers running now.
        public var activeHandlers: Int
        /// Requests waiting for a fetch thread (`ImmediateAnswer.fetch`).
        public var fetchQueueDepth: Int
        /// Fetch threads waiting on another server now.
        public var activeFetches: Int
        /// Connections open now (idle keep-alive ones included).
        public var openConnections: Int
        /// Requests answered so far, whatever the status.
        public var completed: Int
        /// Requests answered so far, by status (including 429s, 503s, and 400/414/431 answered
        /// by libmicrohttpd itself).
        public var responsesByStatus: [Int: Int]
        /// Requests answered on an I/O thread without entering the worker pool.
        public var answeredImmediately: Int
        /// Requests dropped unrendered because their client had left while they waited.
        public var abandoned: Int
        /// Answers made whose sending failed (their client left meanwhile): not among
        /// `responsesByStatus`.
        public var undelivered: Int
        /// Connections closed because their request line and header took too long.
        public var headerTimeouts: Int
        /// Connections closed because a request body arrived too slowly (under 500 bytes a
        /// second on average after the header timeout).
        public var bodyTimeouts: Int
        /// Connections closed between requests because their client had ended its side.
        public var halfClosed: Int
        /// Connections refused because their address (or IPv6 /64) had too many open.
        public var perAddressRefusals: Int

        public init(inFlight: Int = 0, queueDepth: Int = 0, activeHandlers: Int = 0, fetchQueueDepth: Int = 0, activeFetches: Int = 0,
                    openConnections: Int = 0, completed: Int = 0, responsesByStatus: [Int: Int] = [:],
                    answeredImmediately: Int = 0, abandoned: Int = 0, undelivered: Int = 0, headerTimeouts: Int = 0,
                    bodyTimeouts: Int = 0, halfClosed: Int = 0, perAddressRefusals: Int = 0) {
            self.inFlight = inFlight
            self.queueDepth = queueDepth
            self.activeHandlers = activeHandlers
            self.fetchQueueDepth = fetchQueueDepth
            self.activeFetches = activeFetches
            self.openConnections = openConnections
            self.completed = completed
            self.responsesByStatus = responsesByStatus
            self.answeredImmediately = answeredImmediately
            self.abandoned = abandoned
            self.undelivered = undelivered
            self.headerTimeouts = headerTimeouts
            self.bodyTimeouts = bodyTimeouts
            self.halfClosed = halfClosed
            self.perAddressRefusals = perAddressRefusals
        }
    }
}

/// Admission and completion bookkeeping, under one lock: a request is admitted only while the
/// server is not shutting down, so once shutdown begins `inFlight` can only fall, and
/// `waitUntilIdle` returning means no request is left suspended.
// @unchecked: every mutable field is guarded by `condition`.
final class RequestCounters: @unchecked Sendable {
    enum Admission {
        case admitted
        case queueFull
        case shuttingDown
    }

    private let condition = NSCondition()
    private var shuttingDown = false
    private var inFlight = 0
    private var completed = 0
    private var byStatus: [Int: Int] = [:]
    private var immediate = 0
    private var abandoned = 0
    private var undelivered = 0

    /// True once shutdown began (then every request is answered 503).
    var isShuttingDown: Bool { condition.withLock { shuttingDown } }

    func noteImmediate() { condition.withLock { immediate += 1 } }

    func noteAbandoned() { condition.withLock { abandoned += 1 } }
    func noteUndelivered() { condition.withLock { undelivered += 1 } }

    /// Runs `enqueue` when the pool has room and the server is open; the request counts as
    /// admitted (in flight until `finish`) whatever `enqueue` then manages.
    func admit(to pool: WorkerPool, enqueue: () -> Void) -> Admission {
        condition.lock()
        defer { condition.unlock() }
        if shuttingDown { return .shuttingDown }
        if !pool.hasRoom { return .queueFull }
        inFlight += 1
        enqueue()
        return .admitted
    }

    /// Records an answered request; `admitted` ends an admission.
    func finish(admitted: Bool, status: Int) {
        condition.lock()
        defer { condition.unlock() }
        if admitted {
            inFlight -= 1
            if inFlight == 0 { condition.broadcast() }
        }
        if status != 0 {
            completed += 1
            byStatus[status, default: 0] += 1
        }
    }

    /// From now on every request is refused.
    func beginShutdown() {
        condition.withLock { shuttingDown = true }
    }

    func waitUntilIdle() {
        condition.lock()
        defer { condition.unlock() }
        while inFlight > 0 { condition.wait() }
    }

    func snapshot(pool: WorkerPool, fetchers: WorkerPool, openConnections: Int, headerTimeouts: Int, bodyTimeouts: Int, halfClosed: Int,
                  perAddressRefusals: Int) -> HTTPServer.Statistics {
        let (inFlight, completed, byStatus, immediate, abandoned, undelivered) = condition.withLock {
            (self.inFlight, self.completed, self.byStatus, self.immediate, self.abandoned, self.undelivered)
        }
        return HTTPServer.Statistics(inFlight: inFlight, queueDepth: pool.waiting,
                                     activeHandlers: pool.active, fetchQueueDepth: fetchers.waiting,
                                     activeFetches: fetchers.active, openConnections: openConnections,
                                     completed: completed, responsesByStatus: byStatus,
                                     answeredImmediately: immediate, abandoned: abandoned, undelivered: undelivered,
                                     headerTimeouts: headerTimeouts, bodyTimeouts: bodyTimeouts, halfClosed: halfClosed,
                                     perAddressRefusals: perAddressRefusals)
    }
}
