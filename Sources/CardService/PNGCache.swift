import Foundation

/// Encoded cards by key, least recently used first out, bounded by total bytes.
final class PNGCache: @unchecked Sendable {
    struct Entry {
        let png: [UInt8]
        let layout: CardLayoutSummary?
    }

    let capacityBytes: Int
    private var entries: [String: (entry: Entry, tick: UInt64)] = [:]
    private var bytes = 0
    private var tick: UInt64 = 0
    private let lock = NSLock()
    private(set) var hits = 0
    private(set) var misses = 0

    init(capacityBytes: Int) { self.capacityBytes = capacityBytes }

    func get(_ key: String) -> Entry? {
        lock.lock()
        defer { lock.unlock() }
        guard let found = entries[key] else { misses += 1; return nil }
        tick += 1
        entries[key] = (found.entry, tick)
        hits += 1
        return found.entry
    }

    func put(_ key: String, _ entry: Entry) {
        guard entry.png.count <= capacityBytes / 4 else { return }
        lock.lock()
        defer { lock.unlock() }
        if let old = entries[key] { bytes -= old.entry.png.count }
        tick += 1
        entries[key] = (entry, tick)
        bytes += entry.png.count
        while bytes > capacityBytes, let oldest = entries.min(by: { $0.value.tick < $1.value.tick }) {
            bytes -= oldest.value.entry.png.count
            entries[oldest.key] = nil
        }
    }

    var statistics: (hits: Int, misses: Int, bytes: Int, entries: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (hits, misses, bytes, entries.count)
    }
}

/// The title decisions a JSON response reports.
struct CardLayoutSummary: Codable, Sendable {
    let fontSize: Double
    let lines: [String]
    let truncated: Bool
}
