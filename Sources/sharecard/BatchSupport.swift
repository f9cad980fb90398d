import Cards
import Foundation

/// Splitting a JSON-lines file, and the optional "id" each line may carry.
enum BatchInput {
    struct Line: Sendable {
        let number: Int
        let text: Data
    }

    /// Non-blank lines with their 1-based numbers.
    static func lines(_ data: Data) -> [Line] {
        var result: [Line] = []
        var number = 0
        for slice in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            if slice.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            result.append(Line(number: number, text: Data(slice)))
        }
        return result
    }

    /// The line's "id" (validated) and the event object without it.
    static func split(_ line: Data) throws -> (id: String?, event: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any], let raw = object["id"] else {
            return (nil, line)
        }
        guard let id = raw as? String, !id.isEmpty, id.count <= 100,
              id.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "-" || $0 == "_") }) else {
            throw EventError(field: "id", reason: "must be 1-100 letters, digits, '-' or '_'")
        }
        var rest = object
        rest["id"] = nil
        return (id, try JSONSerialization.data(withJSONObject: rest))
    }
}

/// Runs work items on `jobs` threads, results in input order.
struct BatchRunner {
    let jobs: Int

    func run<T: Sendable, R: Sendable>(_ items: [T], _ body: @escaping @Sendable (T) -> R) -> [R] {
        let results = ResultSlots<R>(count: items.count)
        let next = Counter()
        let group = DispatchGroup()
        for _ in 0..<min(jobs, max(items.count, 1)) {
            group.enter()
            Thread {
                while let i = next.take(below: items.count) { results.set(i, body(items[i])) }
                group.leave()
            }.start()
        }
        group.wait()
        return results.values()
    }
}

final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}

final class ResultSlots<R>: @unchecked Sendable {
    private var slots: [R?]
    private let lock = NSLock()
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ r: R) { lock.lock(); slots[i] = r; lock.unlock() }
    func values() -> [R] { slots.map { $0! } }
}

/// What each output file was rendered from, so a re-run can skip finished cards. Stored
/// as `.sharecard-batch.json` in the output folder: file name → card key and PNG hash.
final class BatchManifest: @unchecked Sendable {
    static let fileName = ".sharecard-batch.json"
    private let url: URL
    private var entries: [String: [String: String]]
    private let lock = NSLock()

    init(directory: String) {
        url = URL(fileURLWithPath: directory).appendingPathComponent(BatchManifest.fileName)
        entries = (try? JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: [String: String]]) ?? [:]
    }

    /// The file exists, holds exactly the bytes recorded, and those came from `key`.
    func isComplete(name: String, key: String, path: String) -> Bool {
        lock.lock()
        let entry = entries[name]
        lock.unlock()
        guard let entry, entry["key"] == key, let data = FileManager.default.contents(atPath: path) else { return false }
        return entry["sha256"] == ContentHash.hex(Array(data))
    }

    func record(name: String, key: String, bytes: [UInt8]) {
        let hash = ContentHash.hex(bytes)
        lock.lock()
        entries[name] = ["key": key, "sha256": hash]
        lock.unlock()
    }

    func save() throws {
        lock.lock()
        let data = try JSONSerialization.data(withJSONObject: entries, options: [.sortedKeys])
        lock.unlock()
        try writeOutput(Array(data), to: url.path)
    }
}

/// A one-line progress bar on standard error, redrawn at most every 100 ms.
final class ProgressBar: @unchecked Sendable {
    private let total: Int
    private let enabled: Bool
    private var done = 0, failed = 0
    private var lastDraw = 0.0
    private let start = Date()
    private let lock = NSLock()

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled
    }

    func advance(failed didFail: Bool) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        done += 1
        if didFail { failed += 1 }
        let now = Date().timeIntervalSince(start)
        if now - lastDraw >= 0.1 || done == total {
            lastDraw = now
            draw(elapsed: now)
        }
    }

    private func draw(elapsed: Double) {
        let width = 30
        let filled = total == 0 ? width : width * done / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let line = String(format: "\r%@ %d/%d  %.0f cards/s%@", bar, done, total, rate, failed > 0 ? "  \(failed) failed" : "")
        FileHandle.standardError.write(Data(line.utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
