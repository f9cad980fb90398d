import BufferText
import Caching
import CCurlFetch
import Foundation

/// Fetches photos by URL from allow-listed origins only, the way image proxies do: each URL
/// (and each redirect's target) must be on the list; its host is resolved here and libcurl is
/// pinned to the address chosen, which must be one the list names (an IP-literal origin) or a
/// public address of a listed host name (never loopback, private or link-local through a
/// name); bytes, connect and total time are bounded. Fetched bytes are cached by URL in a
/// bounded LRU. Safe to use from many threads.
public final class PhotoFetcher: Sendable {
    public struct Limits: Sendable {
        public var maxBytes: Int
        public var connectTimeoutMilliseconds: Int
        public var totalTimeoutMilliseconds: Int
        public var maxRedirects: Int

        public init(maxBytes: Int = 10 << 20, connectTimeoutMilliseconds: Int = 2000, totalTimeoutMilliseconds: Int = 5000,
                    maxRedirects: Int = 3) {
            self.maxBytes = maxBytes
            self.connectTimeoutMilliseconds = connectTimeoutMilliseconds
            self.totalTimeoutMilliseconds = totalTimeoutMilliseconds
            self.maxRedirects = maxRedirects
        }
    }

    /// The longest photo URL taken, in bytes (UTF-8), as the API description's `maxLength`
    /// says; a longer URL or redirect target is never fetched.
    public static let maxURLBytes = 2048

    public let origins: [PhotoOrigin]
    public let limits: Limits
    /// Keyed by the URL's bytes: Swift's `String` equality is canonical equivalence, which
    /// would make `café` spelt precomposed and decomposed (two files to the origin) one entry.
    private let cache: LockedValue<LRUCache<[UInt8], Fetched>>
    /// Names a fetched body (its content hash), on the fetch thread, kept beside it.
    private let digest: (@Sendable ([UInt8]) -> String)?
    /// The fetches under way, by URL bytes (`fetch` joins one rather than start another).
    private let flights = LockedValue<[[UInt8]: Flight]>([:])

    /// A cached body and its digest.
    private struct Fetched {
        let bytes: [UInt8]
        let digest: String?
    }

    /// `cacheBytes` bounds the cached photos' total size. `digest`, when given, names each
    /// fetched body as it is cached (`cachedDigest`), so that a card can be known by its
    /// photo without hashing the photo again where there is no time to.
    public init(origins: [PhotoOrigin], limits: Limits = Limits(), cacheBytes: Int = 64 << 20,
                digest: (@Sendable ([UInt8]) -> String)? = nil) {
        self.origins = origins
        self.limits = limits
        self.digest = digest
        cache = LockedValue(LRUCache(capacity: cacheBytes))
    }

    /// Whether `url` is one this fetcher may fetch (before any network access).
    public func allows(_ url: String) -> Bool {
        Self.origin(of: url).map(origins.contains) ?? false
    }

    /// The origin the allow-list check reads from `url` (on the list or not); nil for a URL
    /// never fetched.
    public static func origin(of url: String) -> PhotoOrigin? {
        URLParts(url)?.origin
    }

    /// The scheme, host (lower-cased, IPv6 without brackets) and port the allow-list check
    /// reads from `url`; nil for a URL never fetched.
    public static func checkedAuthority(_ url: String) -> (scheme: String, host: String, port: Int)? {
        URLParts(url).map { ($0.scheme, $0.host, $0.port) }
    }

    /// The cached bytes for `url`, without fetching.
    public func cached(_ url: String) -> [UInt8]? {
        cache.withLock { $0.value(forKey: Array(url.utf8)) }?.bytes
    }

    /// The digest of the cached body for `url` (see `init`), without fetching or hashing.
    public func cachedDigest(_ url: String) -> String? {
        cache.withLock { $0.value(forKey: Array(url.utf8)) }?.digest
    }

    /// The photo's bytes (from the cache, or fetched and cached). Every request of the fetch,
    /// redirects included, must end within `limits.totalTimeoutMilliseconds` of the call, or
    /// of `since` when given (when the fetch was asked for, before it waited for a thread).
    /// Callers asking for a URL already being fetched wait for that fetch and share its
    /// outcome, so a burst of requests for one new photo reaches its origin once.
    public func fetch(_ url: String, since: ContinuousClock.Instant? = nil) throws(PhotoFetchError) -> [UInt8] {
        enum Turn { case cached([UInt8]), joins(Flight), leads(Flight) }
        let key = Array(url.utf8)
        let turn = flights.withLock { flights -> Turn in
            if let hit = cache.withLock({ $0.value(forKey: key) }) { return .cached(hit.bytes) }
            if let running = flights[key] { return .joins(running) }
            let started = Flight()
            flights[key] = started
            return .leads(started)
        }
        switch turn {
        case .cached(let bytes):
            return bytes
        case .joins(let flight):
            return try flight.outcome().get()
        case .leads(let flight):
            let outcome = Result { () throws(PhotoFetchError) in try fetchAndCache(url, since: since) }
            flights.withLock { $0[key] = nil }
            flight.finish(outcome)
            return try outcome.get()
        }
    }

    private func fetchAndCache(_ url: String, since: ContinuousClock.Instant?) throws(PhotoFetchError) -> [UInt8] {
        let total = Duration.milliseconds(limits.totalTimeoutMilliseconds)
        let start = since ?? .now
        let deadline = start + total
        var current = url
        for _ in 0...limits.maxRedirects {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .milliseconds(1) else {
                let spent = Self.milliseconds(start.duration(to: .now))
                throw .timedOut(current == url
                    ? "\(Self.quoted(url)): not fetched: it waited \(spent) ms for a fetch thread (limits: connect \(limits.connectTimeoutMilliseconds) ms, total \(limits.totalTimeoutMilliseconds) ms)"
                    : "\(Self.quoted(current)): not fetched: the redirects from \(Self.quoted(url)) took \(spent) ms (limits: connect \(limits.connectTimeoutMilliseconds) ms, total \(limits.totalTimeoutMilliseconds) ms)")
            }
            let (status, location, body) = try fetchOnce(current, timeLeftMilliseconds: Self.milliseconds(left))
            if (300...399).contains(status), status != 304 {
                guard let location, !location.isEmpty else { throw .failed("\(Self.quoted(current)) answered \(status) without a Location") }
                guard location.utf8.count <= Self.maxURLBytes else {
                    throw .failed("\(Self.quoted(current)) redirects to a URL of \(location.utf8.count) bytes, over the \(Self.maxURLBytes) allowed")
                }
                guard allows(location) else {
                    throw .notAllowed("\(Self.quoted(current)) redirects to \(Self.quoted(location)), whose origin is not on the photo allow-list")
                }
                current = location
                continue
            }
            guard status == 200 else { throw .failed("\(Self.quoted(current)) answered HTTP \(status)") }
            let fetched = Fetched(bytes: body, digest: digest?(body))
            _ = cache.withLock { $0.insert(fetched, forKey: Array(url.utf8), cost: max(1, body.count)) }
            return body
        }
        throw .failed("more than \(limits.maxRedirects) redirects from \(Self.quoted(url))")
    }

    private static func milliseconds(_ d: Duration) -> Int {
        Int(d.components.seconds) * 1000 + Int(d.components.attoseconds / 1_000_000_000_000_000)
    }

    /// One request, given `timeLeftMilliseconds` of the fetch's total (and the connect limit
    /// within it).
    private func fetchOnce(_ url: String, timeLeftMilliseconds: Int) throws(PhotoFetchError) -> (Int, String?, [UInt8]) {
        guard let parts = URLParts(url) else {
            throw .notAllowed("\(Self.quoted(url)) is not an absolute http or https URL")
        }
        guard let origin = parts.origin, origins.contains(origin) else {
            throw .notAllowed("the origin of \(Self.quoted(url)) is not on the photo allow-list")
        }
        let address: String
        if HostAddresses.isLiteral(parts.host) {
            address = parts.host  // the list names this very address
        } else {
            let resolved = HostAddresses.resolve(parts.host)
            guard !resolved.isEmpty else { throw .failed("cannot resolve \(parts.host)") }
            guard let publicAddress = resolved.first(where: { !HostAddresses.isInternal($0) }) else {
                throw .notAllowed("\(parts.host) resolves only to internal addresses (\(resolved.joined(separator: ", "))), which the allow-list does not name")
            }
            address = publicAddress
        }
        var result = sc_fetch_result()
        var message = [CChar](repeating: 0, count: 512)
        let status: Int32 = url.withCString { u in
            parts.host.withCString { h in
                address.withCString { a in
                    var request = sc_fetch_request(url: u, host: h, port: Int32(parts.port), address: a,
                                                   connect_timeout_ms: min(limits.connectTimeoutMilliseconds, timeLeftMilliseconds),
                                                   total_timeout_ms: timeLeftMilliseconds, max_bytes: limits.maxBytes)
                    return sc_fetch(&request, &result, &message, message.count)
                }
            }
        }
        defer { sc_fetch_free(&result) }
        let text = message.stringBeforeNUL
        switch Int(status) {
        case SC_FETCH_OK: break
        case SC_FETCH_TOO_LARGE: throw .tooLarge("\(Self.quoted(url)): \(text) of \(limits.maxBytes) bytes")
        case SC_FETCH_TIMEOUT: throw .timedOut("\(Self.quoted(url)): \(text) (limits: connect \(limits.connectTimeoutMilliseconds) ms, total \(limits.totalTimeoutMilliseconds) ms)")
        case SC_FETCH_WRONG_ADDRESS: throw .notAllowed("\(Self.quoted(url)): \(text)")
        default: throw .failed("\(Self.quoted(url)): \(text)")
        }
        let location = result.location.map { String(cString: $0) } ?? ""
        let body = result.body.map { Array(UnsafeBufferPointer(start: $0, count: result.size)) } ?? []
        return (Int(result.status), location.isEmpty ? nil : location, body)
    }

    static func quoted(_ url: String) -> String { "\"\(url.prefix(200))\"" }
}

/// One fetch under way, which callers for the same URL wait on.
// @unchecked: `result` is read and written only with `condition` locked.
private final class Flight: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<[UInt8], PhotoFetchError>?

    func finish(_ outcome: Result<[UInt8], PhotoFetchError>) {
        condition.withLock {
            result = outcome
            condition.broadcast()
        }
    }

    /// Waits for the fetch's outcome (it ends within its own time-out).
    func outcome() -> Result<[UInt8], PhotoFetchError> {
        condition.withLock {
            while result == nil { condition.wait() }
            return result!
        }
    }
}
