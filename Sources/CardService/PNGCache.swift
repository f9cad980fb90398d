import Caching
import Cards
import Foundation
import Scene

/// Encoded cards by key, bounded by total bytes; the least recently used go first (O(1)
/// lookups, insertions and evictions). Safe to share between threads.
final class PNGCache: Sendable {
    struct Entry: Sendable {
        let png: [UInt8]
        let layout: CardLayoutSummary?
        /// Code points ("U+11F04") of the title's characters no font has.
        var missingGlyphs: [String] = []
        /// The title's colour against the ground drawn under it.
        var titleContrast: TitleContrast?
    }

    private struct State {
        var entries: LRUCache<String, Entry>
        /// Bytes evicted since freed memory was last handed back to the system.
        var evictedSinceRelease = 0
    }

    let capacityBytes: Int
    private let state: LockedValue<State>

    init(capacityBytes: Int) {
        self.capacityBytes = capacityBytes
        state = LockedValue(State(entries: LRUCache(capacity: capacityBytes)))
    }

    /// The entry for `key`, or nil; a miss is counted unless `countingMiss` is false (a look
    /// made again later by the same request).
    func get(_ key: String, countingMiss: Bool = true) -> Entry? {
        state.withLock { state in
            guard countingMiss || state.entries.contains(key) else { return nil }
            return state.entries.value(forKey: key)
        }
    }

    /// The length of the PNG held for `key`, without counting a lookup (for a 304's
    /// Content-Length).
    func storedLength(_ key: String) -> Int? {
        state.withLock { $0.entries.peek(forKey: key) { $0.png.count } }
    }

    /// Keeps `entry` unless it alone would take more than a quarter of the capacity. After
    /// every quarter of the capacity evicted, hands the allocator's free pages back to the
    /// system (see `FreeMemory`), outside the lock.
    func put(_ key: String, _ entry: Entry) {
        guard entry.png.count <= capacityBytes / 4 else { return }
        let release = state.withLock { state -> Bool in
            state.evictedSinceRelease += state.entries.insert(entry, forKey: key, cost: entry.png.count).cost
            guard state.evictedSinceRelease >= capacityBytes / 4 else { return false }
            state.evictedSinceRelease = 0
            return true
        }
        if release { FreeMemory.release() }
    }

    var statistics: (hits: Int, misses: Int, bytes: Int, entries: Int) {
        state.withLock { ($0.entries.hits, $0.entries.misses, $0.entries.totalCost, $0.entries.count) }
    }
}

/// The title decisions a JSON response reports.
struct CardLayoutSummary: Codable, Sendable {
    let fontSize: Double
    let lines: [String]
    let truncated: Bool
    /// The resolved card: every text, chip, image and snapshot as placed and drawn.
    let elements: [PlacedElement]
}
