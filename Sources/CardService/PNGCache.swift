import Foundation

/// Encoded cards by key, bounded by total bytes; the least recently used go first. A
/// dictionary into a doubly linked list, so lookups, insertions and evictions are O(1).
final class PNGCache: @unchecked Sendable {
    struct Entry {
        let png: [UInt8]
        let layout: CardLayoutSummary?
    }

    private final class Node {
        let key: String
        var entry: Entry
        var newer: Node?
        weak var older: Node?
        init(key: String, entry: Entry) {
            self.key = key
            self.entry = entry
        }
    }

    let capacityBytes: Int
    private var nodes: [String: Node] = [:]
    private var newest: Node?
    private var oldest: Node?
    private var bytes = 0
    private var hits = 0
    private var misses = 0
    private var evictedSinceRelease = 0
    private let lock = NSLock()

    init(capacityBytes: Int) { self.capacityBytes = capacityBytes }

    func get(_ key: String) -> Entry? {
        lock.lock()
        defer { lock.unlock() }
        guard let node = nodes[key] else {
            misses += 1
            return nil
        }
        hits += 1
        unlink(node)
        pushNewest(node)
        return node.entry
    }

    /// Keeps `entry` unless it alone would take more than a quarter of the capacity. After
    /// every quarter of the capacity evicted, hands the allocator's free pages back to the
    /// system (see `FreeMemory`), outside the lock.
    func put(_ key: String, _ entry: Entry) {
        guard entry.png.count <= capacityBytes / 4 else { return }
        if store(key, entry) { FreeMemory.release() }
    }

    /// Inserts under the lock, evicting as needed; true when a quarter of the capacity has
    /// been evicted since it last returned true.
    private func store(_ key: String, _ entry: Entry) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let existing = nodes[key] {
            bytes -= existing.entry.png.count
            existing.entry = entry
            unlink(existing)
            pushNewest(existing)
        } else {
            let node = Node(key: key, entry: entry)
            nodes[key] = node
            pushNewest(node)
        }
        bytes += entry.png.count
        while bytes > capacityBytes, let victim = oldest {
            unlink(victim)
            nodes[victim.key] = nil
            bytes -= victim.entry.png.count
            evictedSinceRelease += victim.entry.png.count
        }
        guard evictedSinceRelease >= capacityBytes / 4 else { return false }
        evictedSinceRelease = 0
        return true
    }

    var statistics: (hits: Int, misses: Int, bytes: Int, entries: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (hits, misses, bytes, nodes.count)
    }

    private func unlink(_ node: Node) {
        if let older = node.older { older.newer = node.newer } else { oldest = node.newer }
        if let newer = node.newer { newer.older = node.older } else { newest = node.older }
        node.newer = nil
        node.older = nil
    }

    private func pushNewest(_ node: Node) {
        node.older = newest
        newest?.newer = node
        newest = node
        if oldest == nil { oldest = node }
    }
}

/// The title decisions a JSON response reports.
struct CardLayoutSummary: Codable, Sendable {
    let fontSize: Double
    let lines: [String]
    let truncated: Bool
}
