import CardService
import Cards
import Faces
import HTTPServer

/// One of `serve`'s whole-number options, written once: its range, its default, and the help
/// that states that default, so `--help` and the value used cannot drift apart.
struct ServeLimit: Sendable {
    let name: String
    let valueName: String
    let range: ClosedRange<Int>
    let defaultValue: Int
    /// The help before "(default N…)".
    let help: String
    /// What follows the default inside the parentheses ("; 0 = off").
    var note = ""

    var spec: OptionSpec { OptionSpec(name: name, valueName: valueName, help: "\(help) (default \(defaultValue)\(note)).") }

    /// The value given, checked against the range, else the default.
    func value(_ args: ParsedArguments) throws -> Int { try args.int(name, in: range) ?? defaultValue }

    static let port = ServeLimit(name: "port", valueName: "N", range: 0...65535, defaultValue: 8080, help: "Port", note: "; 0 picks a free one")
    static let queue = ServeLimit(name: "queue", valueName: "N", range: 0...100_000, defaultValue: 64, help: "Requests that may wait for a worker before 429")
    static let fetchWorkers = ServeLimit(name: "fetch-workers", valueName: "N", range: 1...256, defaultValue: 8,
                                         help: "Threads that wait on photo=<url> origins, so a slow one holds no render worker (each request may wait for one as for a worker)")
    static let busyDelay = ServeLimit(name: "busy-delay", valueName: "MS", range: 0...60_000, defaultValue: 1000,
                                      help: "Hold a 429 this long before sending it", note: "; 0 = at once, then close")
    static let maxSignedLifetime = ServeLimit(name: "max-signed-lifetime", valueName: "S", range: 1...(10 * 365 * 86_400),
                                              defaultValue: URLSigner.defaultMaximumLifetimeSeconds,
                                              help: "Refuse signed URLs that expire more than this many seconds ahead", note: ", 30 days")
    static let maxConnections = ServeLimit(name: "max-connections", valueName: "N", range: 1...100_000, defaultValue: 1024, help: "Open connections at most")
    static let maxConnectionsPerIP = ServeLimit(name: "max-connections-per-ip", valueName: "N", range: 0...100_000, defaultValue: 64,
                                                help: "Per client address, per /64 for IPv6")
    static let timeout = ServeLimit(name: "timeout", valueName: "S", range: 1...3600, defaultValue: 15, help: "Close connections idle this long, seconds (between requests, --header-timeout when shorter)")
    static let headerTimeout = ServeLimit(name: "header-timeout", valueName: "S", range: 1...3600, defaultValue: 10,
                                          help: "Total time for a request line and header, seconds", note: "; 1 under connection pressure")
    static let maxURLBytes = ServiceConfiguration.maxRequestTargetBytes
    static let maxHeaderBytes = ServiceConfiguration.maxHeaderBytes
    /// At least what a request at both limits needs, so that it still gets the server's own answers.
    static let connectionMemory = ServeLimit(
        name: "connection-memory", valueName: "BYTES",
        range: HTTPServer.Configuration.leastConnectionMemoryBytes(maxURLBytes: maxURLBytes, maxHeaderBytes: maxHeaderBytes)...(16 << 20),
        defaultValue: 64 << 10,
        help: "Memory per connection for the request line and headers, at least a 16 KiB URL, a 16 KiB header and 8 KiB of records")
    static let maxBody = ServeLimit(name: "max-body", valueName: "BYTES", range: 256...(1 << 20), defaultValue: 64 << 10, help: "Largest POST body")
    static let maxUpload = ServeLimit(name: "max-upload", valueName: "BYTES", range: 0...(256 << 20), defaultValue: 10 << 20,
                                      help: "Largest multipart POST body, an event with its photo", note: "; 0 refuses uploads")
    static let maxBodyMemory = ServeLimit(name: "max-body-memory", valueName: "BYTES", range: 0...(1 << 40), defaultValue: 128 << 20,
                                          help: "Request bodies all connections may hold at once (uploads: an instance holds one twice while it waits), each counted by its declared length from its header; more are answered 503 before they are read",
                                          note: "; 0 = no limit")
    static let titleLimit = ServeLimit(name: "title-limit", valueName: "N", range: 1...5000, defaultValue: Event.defaultTitleLimit,
                                       help: "Longest title or subtitle in Unicode code points")
    static let maxScale = ServeLimit(name: "max-scale", valueName: "N", range: 1...3, defaultValue: 3, help: "Largest scale served, 1-3")
    static let maxPixels = ServeLimit(name: "max-pixels", valueName: "N", range: 1_000_000...400_000_000, defaultValue: 50_000_000,
                                      help: "Most device pixels one card may need: its size × scale², plus a canvas copy per snapshot level, a layer per filtered group and its images", note: "; larger answer 422")
    static let cacheMegabytes = ServeLimit(name: "cache-mb", valueName: "N", range: 0...4096, defaultValue: 32, help: "Megabytes of encoded PNGs kept in memory")
    static let faceCacheEntries = ServeLimit(name: "face-cache-entries", valueName: "N", range: 0...FaceCache.maxCapacity,
                                             defaultValue: FaceCache.defaultCapacity,
                                             help: "Photos whose detected faces are kept in memory, about 550 bytes each", note: "; 0 = off")
}
