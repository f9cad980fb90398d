import Foundation
import HTTPTypes
import JSONData
#if canImport(Glibc)
import Glibc
#endif

/// A JSON-lines access log that never blocks the thread reporting a request. `record` (an
/// `HTTPServer.CompletionObserver`, run on libmicrohttpd's threads) only appends the entry
/// to a bounded buffer; a thread of the log's own wakes every 50 ms (or when the buffer is
/// half full), formats the entries and writes them in one batch. When the buffer is full
/// (the output is slow, or a pipe nobody reads) the entry is dropped and counted in
/// `droppedEntries`, so the server keeps answering whatever happens to the log. `note`
/// passes other lines (diagnostics) the same way.
///
/// One line per request, keys sorted: `{"bytes":…,"method":"GET","ms":1.234,
/// "remote":"127.0.0.1","status":200,"target":"/…","time":"2026-11-30T15:22:30Z",
/// "userAgent":"…"}` (`userAgent` only when sent).
// @unchecked: the mutable state (`pending`, `dropped`, `closed`) is guarded by `condition`;
// the formatter's caches are used by the writer thread alone.
public final class AccessLog: @unchecked Sendable {
    /// Entries waiting to be written, at most.
    public let capacity: Int
    /// How often the writer thread writes what has accumulated (sooner when half full), in
    /// seconds: lines reach the output at most this late.
    static let flushInterval = 0.05
    private let fileDescriptor: Int32
    private let condition = NSCondition()
    private var pending: [Entry] = []
    private var dropped = 0
    private var written = 0
    private var closed = false
    private let finished = DispatchSemaphore(value: 0)
    private var formatter = Formatter()

    enum Entry {
        case request(RequestEntry)
        /// A line of text written as it is (control characters become spaces).
        case message(String)
    }

    struct RequestEntry {
        let summary: HTTPRequestSummary
        let status: Int
        let nanoseconds: Int64
        let bytes: Int
        let unixSeconds: Int
    }

    /// Writes to `fileDescriptor` (standard error by default), which the log does not close.
    public init(fileDescriptor: Int32 = 2, capacity: Int = 8192) {
        self.fileDescriptor = fileDescriptor
        self.capacity = max(1, capacity)
        pending.reserveCapacity(self.capacity)
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "access-log"
        thread.start()
    }

    /// Queues one entry, or drops and counts it when the buffer is full. Never blocks beyond a
    /// short lock, never formats.
    public func record(_ summary: HTTPRequestSummary, status: Int, duration: Duration, bytes: Int) {
        let components = duration.components
        let nanoseconds = components.seconds &* 1_000_000_000 &+ components.attoseconds / 1_000_000_000
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        enqueue(.request(RequestEntry(summary: summary, status: status, nanoseconds: nanoseconds,
                                      bytes: bytes, unixSeconds: now.tv_sec)))
    }

    /// Queues a line of text (a diagnostic), dropped and counted like an entry when full.
    public func note(_ line: String) {
        enqueue(.message(line))
    }

    private func enqueue(_ entry: Entry) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed, pending.count < capacity else {
            dropped += 1
            return
        }
        pending.append(entry)
        // The writer wakes on its own every `flushInterval`; a signal per entry would cost a
        // context switch and a write per request.
        if pending.count == capacity / 2 { condition.signal() }
    }

    /// The log as a completion observer for `HTTPServer`.
    public var observer: HTTPServer.CompletionObserver {
        { [self] summary, status, duration, bytes in record(summary, status: status, duration: duration, bytes: bytes) }
    }

    /// Entries dropped because the buffer was full.
    public var droppedEntries: Int { condition.withLock { dropped } }

    /// Entries written so far.
    public var writtenEntries: Int { condition.withLock { written } }

    /// Writes what is queued, then stops the writer thread, waiting for the output at most
    /// `seconds` (nil: as long as it takes). Later entries are dropped. Returns false when the
    /// output did not take everything in time. Idempotent.
    @discardableResult
    public func close(waitingAtMost seconds: Double? = nil) -> Bool {
        let first = condition.withLock { () -> Bool in
            defer { closed = true }
            condition.signal()
            return !closed
        }
        guard first else { return true }
        guard let seconds else {
            finished.wait()
            return true
        }
        if finished.wait(timeout: .now() + seconds) == .success { return true }
        return false
    }

    deinit { close() }

    private func run() {
        var batch: [Entry] = []
        var bytes: [UInt8] = []
        while true {
            condition.lock()
            if pending.count < capacity / 2 && !closed {
                _ = condition.wait(until: Date().addingTimeInterval(Self.flushInterval))
            }
            if pending.isEmpty {
                let done = closed
                condition.unlock()
                if done { return }
                continue
            }
            swap(&batch, &pending)
            condition.unlock()

            bytes.removeAll(keepingCapacity: true)
            for entry in batch { formatter.append(entry, to: &bytes) }
            writeAll(bytes)
            let count = batch.count
            batch.removeAll(keepingCapacity: true)
            condition.withLock { written += count }
        }
    }

    /// Writes every byte, retrying after interruptions; gives up on other errors (a closed
    /// pipe) and drops the rest of the batch.
    private func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if n > 0 {
                    offset += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}

extension AccessLog {
    /// Formats entries as JSON lines, byte by byte (strings by `JSONString`); caches the time
    /// text of the last second.
    struct Formatter {
        private var cachedSecond = Int.min
        private var cachedTime: [UInt8] = []

        mutating func append(_ entry: Entry, to out: inout [UInt8]) {
            switch entry {
            case .request(let request): append(request, to: &out)
            case .message(let text):
                out += text.utf8.map { $0 < 0x20 || $0 == 0x7F ? UInt8(ascii: " ") : $0 }
                out.append(UInt8(ascii: "\n"))
            }
        }

        private mutating func append(_ entry: RequestEntry, to out: inout [UInt8]) {
            out += #"{"bytes":"#.utf8
            appendInteger(entry.bytes, to: &out)
            out += #","method":"#.utf8
            JSONString.append(entry.summary.method, to: &out)
            out += #","ms":"#.utf8
            let microseconds = (max(0, entry.nanoseconds) + 500) / 1000
            appendInteger(Int(microseconds / 1000), to: &out)
            out.append(UInt8(ascii: "."))
            let fraction = Int(microseconds % 1000)
            if fraction < 100 { out.append(UInt8(ascii: "0")) }
            if fraction < 10 { out.append(UInt8(ascii: "0")) }
            appendInteger(fraction, to: &out)
            out += #","remote":"#.utf8
            JSONString.append(entry.summary.remoteAddress, to: &out)
            out += #","status":"#.utf8
            appendInteger(entry.status, to: &out)
            out += #","target":"#.utf8
            JSONString.append(entry.summary.target, to: &out)
            out += #","time":""#.utf8
            out += time(entry.unixSeconds)
            out.append(UInt8(ascii: "\""))
            if let agent = entry.summary.userAgent {
                out += #","userAgent":"#.utf8
                JSONString.append(agent, to: &out)
            }
            out += "}\n".utf8
        }

        /// RFC 3339 UTC time to the second, e.g. `2026-11-30T15:22:30Z`.
        private mutating func time(_ seconds: Int) -> [UInt8] {
            if seconds == cachedSecond { return cachedTime }
            var t = time_t(seconds)
            var parts = tm()
            gmtime_r(&t, &parts)
            func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
            let text = "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
                + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
            cachedSecond = seconds
            cachedTime = Array(text.utf8)
            return cachedTime
        }

        private func appendInteger(_ value: Int, to out: inout [UInt8]) {
            if value < 0 {
                out.append(UInt8(ascii: "-"))
                appendInteger(value == Int.min ? Int.max : -value, to: &out)
                return
            }
            if value >= 10 { appendInteger(value / 10, to: &out) }
            out.append(UInt8(ascii: "0") + UInt8(value % 10))
        }
    }
}
