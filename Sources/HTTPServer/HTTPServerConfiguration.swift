import Foundation
import HTTPTypes
#if canImport(Glibc)
import Glibc
#endif

extension HTTPServer {
    /// Limits and sizes of a server, checked when made. The defaults suit a loopback service
    /// behind a proxy on a small machine.
    public struct Configuration: Sendable, Equatable {
        /// IPv4 or IPv6 literal to bind ("127.0.0.1", "0.0.0.0", "::1").
        public let host: String
        /// 0 picks a free port (`HTTPServer.start()` returns it).
        public let port: Int
        /// libmicrohttpd's threads, which only read and write sockets.
        public let ioThreads: Int
        /// Threads that run the handler.
        public let workers: Int
        /// Requests that may wait for a worker when all are busy; more are answered 429.
        public let queueLimit: Int
        /// Threads that wait on other servers for a request before it needs a worker (a
        /// photo URL's origin, up to its time-out), so that a slow origin holds no worker.
        /// Requests that may wait for one of them: `queueLimit` again; more are answered 429.
        public let fetchWorkers: Int
        /// Fetch threads that requests from one source (`ImmediateAnswer.fetch`'s `from`, a
        /// photo's origin) may hold at once; more wait, and a waiting request from another
        /// source goes first. `fetchWorkers` (the default) puts no bound beyond the pool's.
        public let fetchWorkersPerSource: Int
        /// How long a request refused for a full queue waits (its connection suspended, no
        /// cost to the server) before its 429. A client retrying in a loop is paced by it
        /// instead of taking the cores away from rendering. 0 answers at once and closes the
        /// connection, so that a retry loop at least pays for a new connection each time.
        public let busyAnswerDelayMilliseconds: Int
        public let maxConnections: Int
        /// Open connections allowed per client: per IPv4 address, per /64 prefix for IPv6 (one
        /// host usually owns a whole /64); 0 = no limit. Behind a proxy every connection comes
        /// from the proxy's address.
        public let maxConnectionsPerIP: Int
        /// A connection idle this long (no bytes at all) is closed; this bounds a request body.
        public let connectionTimeoutSeconds: Int
        /// Total time a connection has for a request line and header, counted from its opening
        /// or from the end of its previous request (so it also ends idle keep-alive
        /// connections), however steadily bytes trickle in. While open connections are at 3/4
        /// of `maxConnections` or more, the allowance shrinks to one second (or this, if less):
        /// real clients send a header in one packet, trickling ones lose their place.
        public let headerTimeoutSeconds: Int
        /// libmicrohttpd's memory per connection: request line, header and I/O buffers. Requests
        /// whose line or header do not fit are answered 414 or 431 by libmicrohttpd itself.
        public let connectionMemoryLimitBytes: Int
        /// Longer bodies are answered 413 (before `100 Continue`, when the length is declared).
        /// Bodies are held in memory, so the worst case is `maxConnections` times the larger of
        /// this and `maxMultipartBodyBytes`.
        public let maxBodyBytes: Int
        /// The limit for a `multipart/form-data` body (an upload) instead of `maxBodyBytes`; 0
        /// turns uploads off: such a body sent to `uploadTarget` is answered 415 with its header
        /// (`UploadsOff`), before any of it is read.
        public let maxMultipartBodyBytes: Int
        /// `"METHOD /path"` of the one request whose multipart body takes `maxMultipartBodyBytes`
        /// (with any query); any other request's body takes `maxBodyBytes`, so a route that takes
        /// no upload is never invited (`100 Continue`) to send one. Nil: every request.
        public let uploadTarget: String?
        /// The bodies of all requests in flight together, each counted from its header (its
        /// `Content-Length`, or a chunked one's limit) until it is answered: a request that
        /// would pass it is answered 503 with the header, before its body is read. An instance
        /// holds a body twice while it waits (40 uploads of 9.5 MB took one to 828 MB), so
        /// this bounds what uploads can take. 0: no bound beyond the connections'.
        public let maxBodyMemoryBytes: Int
        /// Longer request targets are answered 414.
        public let maxURLBytes: Int
        /// Header fields longer than this in total (name + value + 4 per field) are answered 431.
        public let maxHeaderBytes: Int
        public let listenBacklog: Int
        /// The CORS fields of the answers the server layer makes itself (429, 503, 413, 414,
        /// 431, 400); give it the policy the handler uses. None by default.
        public var cors = CORSPolicy()

        /// Throws `ConfigurationError` naming the first field out of range.
        public init(host: String = "127.0.0.1",
                    port: Int = 8080,
                    ioThreads: Int = 2,
                    workers: Int = max(1, ProcessInfo.processInfo.activeProcessorCount),
                    queueLimit: Int = 64,
                    fetchWorkers: Int = 8,
                    fetchWorkersPerSource: Int? = nil,
                    busyAnswerDelayMilliseconds: Int = 1000,
                    maxConnections: Int = 1024,
                    maxConnectionsPerIP: Int = 64,
                    connectionTimeoutSeconds: Int = 15,
                    headerTimeoutSeconds: Int = 10,
                    connectionMemoryLimitBytes: Int = 64 * 1024,
                    maxBodyBytes: Int = 64 * 1024,
                    maxMultipartBodyBytes: Int? = nil,
                    uploadTarget: String? = nil,
                    maxBodyMemoryBytes: Int = 128 << 20,
                    maxURLBytes: Int = 8 * 1024,
                    maxHeaderBytes: Int = 16 * 1024,
                    listenBacklog: Int = 511) throws {
            func check(_ ok: Bool, _ field: String, _ expected: String) throws {
                if !ok { throw ConfigurationError(field: field, expected: expected) }
            }
            try check(Self.isIPAddress(host), "host", "an IPv4 or IPv6 address")
            try check((0...65535).contains(port), "port", "0...65535")
            try check((1...64).contains(ioThreads), "ioThreads", "1...64")
            try check((1...1024).contains(workers), "workers", "1...1024")
            try check((0...1_000_000).contains(queueLimit), "queueLimit", "0...1000000")
            try check((1...1024).contains(fetchWorkers), "fetchWorkers", "1...1024")
            try check((1...fetchWorkers).contains(fetchWorkersPerSource ?? fetchWorkers), "fetchWorkersPerSource", "1...fetchWorkers")
            try check((0...60_000).contains(busyAnswerDelayMilliseconds), "busyAnswerDelayMilliseconds", "0...60000")
            try check((1...1_000_000).contains(maxConnections), "maxConnections", "1...1000000")
            try check((0...maxConnections).contains(maxConnectionsPerIP), "maxConnectionsPerIP",
                      "0...maxConnections")
            try check((1...86_400).contains(connectionTimeoutSeconds), "connectionTimeoutSeconds",
                      "1...86400")
            try check((1...3600).contains(headerTimeoutSeconds), "headerTimeoutSeconds", "1...3600")
            try check((0...(1 << 30)).contains(maxBodyBytes), "maxBodyBytes", "0...1073741824")
            try check((0...(1 << 30)).contains(maxMultipartBodyBytes ?? 0), "maxMultipartBodyBytes", "0...1073741824")
            try check(uploadTarget.map { t in
                t.utf8.count < 128 && t.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F || $0 == 0x20 }
                    && t.split(separator: " ", omittingEmptySubsequences: false).count == 2 && t.contains(" /")
            } ?? true, "uploadTarget", "\"METHOD /path\", printable ASCII, under 128 bytes")
            let largestBody = max(maxBodyBytes, maxMultipartBodyBytes ?? maxBodyBytes)
            try check(maxBodyMemoryBytes == 0 || (largestBody...(1 << 40)).contains(maxBodyMemoryBytes), "maxBodyMemoryBytes",
                      "0, or the larger body limit (\(largestBody)) up to 1099511627776")
            try check((64...(1 << 20)).contains(maxURLBytes), "maxURLBytes", "64...1048576")
            try check((256...(1 << 20)).contains(maxHeaderBytes), "maxHeaderBytes", "256...1048576")
            let leastMemory = Self.leastConnectionMemoryBytes(maxURLBytes: maxURLBytes, maxHeaderBytes: maxHeaderBytes)
            try check((leastMemory...(16 << 20)).contains(connectionMemoryLimitBytes),
                      "connectionMemoryLimitBytes",
                      "maxURLBytes + maxHeaderBytes + \(Self.memoryHeadroom) (\(leastMemory)) up to 16777216")
            try check((1...65535).contains(listenBacklog), "listenBacklog", "1...65535")
            self.host = host
            self.port = port
            self.ioThreads = ioThreads
            self.workers = workers
            self.queueLimit = queueLimit
            self.fetchWorkers = fetchWorkers
            self.fetchWorkersPerSource = fetchWorkersPerSource ?? fetchWorkers
            self.busyAnswerDelayMilliseconds = busyAnswerDelayMilliseconds
            self.maxConnections = maxConnections
            self.maxConnectionsPerIP = maxConnectionsPerIP
            self.connectionTimeoutSeconds = connectionTimeoutSeconds
            self.headerTimeoutSeconds = headerTimeoutSeconds
            self.connectionMemoryLimitBytes = connectionMemoryLimitBytes
            self.maxBodyBytes = maxBodyBytes
            self.maxMultipartBodyBytes = maxMultipartBodyBytes ?? maxBodyBytes
            self.uploadTarget = uploadTarget
            self.maxBodyMemoryBytes = maxBodyMemoryBytes
            self.maxURLBytes = maxURLBytes
            self.maxHeaderBytes = maxHeaderBytes
            self.listenBacklog = listenBacklog
        }

        /// Connection memory required beyond the URL and header limits, for libmicrohttpd's field
        /// records and response buffer: with it, a request at both limits in ordinary fields
        /// still reaches the server's own checks (and gets its JSON errors). A header of very
        /// many tiny fields (libmicrohttpd 0.9.75 spends a 64-byte record on each, beside its bytes)
        /// can exhaust its memory first; it then answers 431 itself (docs/operations.md, "Answers
        /// libmicrohttpd makes itself").
        public static let memoryHeadroom = 8 * 1024

        /// The least `connectionMemoryLimitBytes` taken with these URL and header limits.
        public static func leastConnectionMemoryBytes(maxURLBytes: Int, maxHeaderBytes: Int) -> Int {
            maxURLBytes + maxHeaderBytes + memoryHeadroom
        }

        private static func isIPAddress(_ host: String) -> Bool {
            var v4 = in_addr()
            var v6 = in6_addr()
            return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
        }
    }

    /// A configuration value out of range.
    public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
        public let field: String
        public let expected: String

        public var description: String { "\(field) must be \(expected)" }
    }
}
