/// Values by key, bounded by a total cost (bytes, or 1 per entry for a count bound); when
/// an insertion would exceed the capacity, the least recently used entries go first.
///
/// Lookups, insertions and evictions are O(1): a dictionary into a doubly linked recency
/// list kept in arrays of slots, linked by index rather than by reference, so relinking
/// retains and releases nothing. A value type and not thread-safe: a cache shared between
/// threads keeps it inside a `LockedValue`.
///
/// Everything is `@inlinable` so that users in other modules get code specialised for their
/// key and value types; unspecialised generic dictionary lookups cost more than the rest of
/// a warm glyph draw.
public struct LRUCache<Key: Hashable, Value> {
    /// What one insertion pushed out to make room (a replaced value of the same key is not
    /// counted).
    public struct Eviction: Hashable, Sendable {
        public var entryCount: Int
        public var cost: Int

        @inlinable
        public init(entryCount: Int = 0, cost: Int = 0) {
            self.entryCount = entryCount
            self.cost = cost
        }
    }

    /// An entry's place in the recency list: plain integers, so relinking touches no
    /// reference counts.
    @usableFromInline
    struct Link: Sendable {
        @usableFromInline var newer: Int
        @usableFromInline var older: Int

        @inlinable
        init(newer: Int, older: Int) {
            self.newer = newer
            self.older = older
        }
    }

    @usableFromInline
    struct Entry {
        @usableFromInline var key: Key
        @usableFromInline var value: Value
        @usableFromInline var cost: Int

        @inlinable
        init(key: Key, value: Value, cost: Int) {
            self.key = key
            self.value = value
            self.cost = cost
        }
    }

    /// The largest total cost held.
    public let capacity: Int
    /// The sum of the costs of the entries held now; never above `capacity`.
    @inlinable public var totalCost: Int { storedTotalCost }
    /// Lookups by `value(forKey:)` that found their key.
    @inlinable public var hits: Int { storedHits }
    /// Lookups by `value(forKey:)` that did not.
    @inlinable public var misses: Int { storedMisses }

    @usableFromInline var storedTotalCost = 0
    @usableFromInline var storedHits = 0
    @usableFromInline var storedMisses = 0

    /// Slot i holds entries[i] and links[i]; free slots hold nil and are listed in freeSlots.
    @usableFromInline var entries: [Entry?] = []
    @usableFromInline var links: [Link] = []
    @usableFromInline var freeSlots: [Int] = []
    @usableFromInline var index: [Key: Int] = [:]
    @usableFromInline var newest = -1
    @usableFromInline var oldest = -1

    /// An empty cache holding at most `capacity` in total cost (negative is treated as 0).
    @inlinable
    public init(capacity: Int) { self.capacity = max(0, capacity) }

    /// Entries held now.
    @inlinable
    public var count: Int { index.count }

    /// The value for `key`, which becomes the most recently used; counted as a hit or miss.
    @inlinable
    public mutating func value(forKey key: Key) -> Value? {
        value(forKey: key) { $0 }
    }

    /// `body` applied to the value for `key` where it is stored, which becomes the most
    /// recently used; counted as a hit or miss. For taking part of a value without copying
    /// the rest (each copied reference costs an atomic retain and release).
    @inlinable
    public mutating func value<R>(forKey key: Key, _ body: (Value) -> R) -> R? {
        guard let i = index[key] else {
            storedMisses += 1
            return nil
        }
        storedHits += 1
        if i != newest {
            unlink(i)
            pushNewest(i)
        }
        return body(entries[i]!.value)
    }

    /// `body` applied to the value for `key`, without counting a lookup or changing the order.
    @inlinable
    public func peek<R>(forKey key: Key, _ body: (Value) -> R) -> R? {
        index[key].map { body(entries[$0]!.value) }
    }

    /// Whether `key` is held, without counting a lookup or changing the order.
    @inlinable
    public func contains(_ key: Key) -> Bool { index[key] != nil }

    /// Keys from the most to the least recently used.
    @inlinable
    public var keysByRecency: [Key] {
        var keys: [Key] = []
        keys.reserveCapacity(count)
        var i = newest
        while i >= 0 {
            keys.append(entries[i]!.key)
            i = links[i].older
        }
        return keys
    }

    /// Stores `value` as the most recently used, replacing any value for `key` and evicting
    /// the least recently used entries until the total cost fits. A `cost` that is negative
    /// or over the capacity stores nothing (and removes the old value for `key`).
    @inlinable @discardableResult
    public mutating func insert(_ value: Value, forKey key: Key, cost: Int) -> Eviction {
        if let existing = index[key] { remove(existing) }
        guard cost >= 0, cost <= capacity else { return Eviction() }
        var eviction = Eviction()
        while storedTotalCost + cost > capacity, oldest >= 0 {
            eviction.entryCount += 1
            eviction.cost += entries[oldest]!.cost
            remove(oldest)
        }
        let entry = Entry(key: key, value: value, cost: cost)
        let i: Int
        if let free = freeSlots.popLast() {
            i = free
            entries[i] = entry
        } else {
            i = entries.count
            entries.append(entry)
            links.append(Link(newer: -1, older: -1))
        }
        index[key] = i
        pushNewest(i)
        storedTotalCost += cost
        return eviction
    }

    /// Removes and returns the value for `key`, if any.
    @inlinable @discardableResult
    public mutating func removeValue(forKey key: Key) -> Value? {
        guard let i = index[key] else { return nil }
        let value = entries[i]!.value
        remove(i)
        return value
    }

    /// Drops every entry; the hit and miss counts stay.
    @inlinable
    public mutating func removeAll() {
        entries.removeAll()
        links.removeAll()
        freeSlots.removeAll()
        index.removeAll()
        newest = -1
        oldest = -1
        storedTotalCost = 0
    }

    @inlinable
    mutating func remove(_ i: Int) {
        unlink(i)
        let entry = entries[i]!
        index[entry.key] = nil
        entries[i] = nil
        freeSlots.append(i)
        storedTotalCost -= entry.cost
    }

    @inlinable
    mutating func unlink(_ i: Int) {
        let newer = links[i].newer, older = links[i].older
        if newer >= 0 { links[newer].older = older } else { newest = older }
        if older >= 0 { links[older].newer = newer } else { oldest = newer }
    }

    @inlinable
    mutating func pushNewest(_ i: Int) {
        links[i] = Link(newer: -1, older: newest)
        if newest >= 0 { links[newest].newer = i }
        newest = i
        if oldest < 0 { oldest = i }
    }
}

extension LRUCache: Sendable where Key: Sendable, Value: Sendable {}
extension LRUCache.Entry: Sendable where Key: Sendable, Value: Sendable {}
