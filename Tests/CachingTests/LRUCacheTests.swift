import Caching
import XCTest

final class LRUCacheTests: XCTestCase {
    func testEvictsTheLeastRecentlyUsedFirst() {
        var cache = LRUCache<String, Int>(capacity: 3)
        cache.insert(1, forKey: "a", cost: 1)
        cache.insert(2, forKey: "b", cost: 1)
        cache.insert(3, forKey: "c", cost: 1)
        XCTAssertEqual(cache.value(forKey: "a"), 1)  // a is now the newest
        let eviction = cache.insert(4, forKey: "d", cost: 1)
        XCTAssertEqual(eviction, .init(entryCount: 1, cost: 1))
        XCTAssertFalse(cache.contains("b"))
        XCTAssertEqual(cache.keysByRecency, ["d", "a", "c"])
    }

    func testCostBoundsTheTotal() {
        var cache = LRUCache<Int, String>(capacity: 100)
        for i in 0..<10 { cache.insert("v\(i)", forKey: i, cost: 30) }
        XCTAssertEqual(cache.count, 3)
        XCTAssertEqual(cache.totalCost, 90)
        XCTAssertEqual(cache.keysByRecency, [9, 8, 7])
        let eviction = cache.insert("big", forKey: 100, cost: 100)
        XCTAssertEqual(eviction, .init(entryCount: 3, cost: 90))
        XCTAssertEqual(cache.keysByRecency, [100])
    }

    func testReplacingAKeyUpdatesItsCostWithoutCountingAnEviction() {
        var cache = LRUCache<String, Int>(capacity: 10)
        cache.insert(1, forKey: "a", cost: 4)
        cache.insert(2, forKey: "b", cost: 4)
        XCTAssertEqual(cache.insert(3, forKey: "a", cost: 6), .init())
        XCTAssertEqual(cache.totalCost, 10)
        XCTAssertEqual(cache.keysByRecency, ["a", "b"])
        XCTAssertEqual(cache.value(forKey: "a"), 3)
    }

    func testEntriesOverTheCapacityOrWithNegativeCostAreNotStored() {
        var cache = LRUCache<String, Int>(capacity: 10)
        cache.insert(1, forKey: "a", cost: 5)
        XCTAssertEqual(cache.insert(2, forKey: "huge", cost: 11), .init())
        XCTAssertEqual(cache.insert(3, forKey: "negative", cost: -1), .init())
        XCTAssertEqual(cache.keysByRecency, ["a"])
        XCTAssertEqual(cache.totalCost, 5)
        cache.insert(4, forKey: "a", cost: 11)
        XCTAssertFalse(cache.contains("a"), "an oversized replacement drops the old value rather than keep a stale one")
        XCTAssertEqual(LRUCache<Int, Int>(capacity: -5).capacity, 0)
    }

    func testCountsHitsAndMissesAndKeepsThemAcrossRemoveAll() {
        var cache = LRUCache<Int, Int>(capacity: 5)
        cache.insert(1, forKey: 1, cost: 1)
        _ = cache.value(forKey: 1)
        _ = cache.value(forKey: 2)
        _ = cache.value(forKey: 1)
        XCTAssertTrue(cache.contains(1))  // not a lookup
        XCTAssertEqual(cache.hits, 2)
        XCTAssertEqual(cache.misses, 1)
        cache.removeAll()
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(cache.totalCost, 0)
        XCTAssertEqual(cache.hits, 2)
        XCTAssertNil(cache.removeValue(forKey: 1))
    }

    func testProjectingLookupCountsAndReordersLikeAPlainOne() {
        var cache = LRUCache<String, (name: String, size: Int)>(capacity: 5)
        cache.insert(("first", 1), forKey: "a", cost: 1)
        cache.insert(("second", 2), forKey: "b", cost: 1)
        XCTAssertEqual(cache.value(forKey: "a") { $0.size }, 1)
        XCTAssertNil(cache.value(forKey: "z") { $0.size })
        XCTAssertEqual(cache.keysByRecency, ["a", "b"])
        XCTAssertEqual(cache.hits, 1)
        XCTAssertEqual(cache.misses, 1)
    }

    func testCopiesAreIndependent() {
        var a = LRUCache<Int, Int>(capacity: 5)
        a.insert(1, forKey: 1, cost: 1)
        var b = a
        b.insert(2, forKey: 2, cost: 1)
        _ = b.value(forKey: 1)
        XCTAssertEqual(a.keysByRecency, [1])
        XCTAssertEqual(b.keysByRecency, [1, 2])
    }

    /// Random operations against a plain model: an array in recency order, scanned linearly.
    func testRandomOperationsMatchAPlainModel() {
        var state: UInt64 = 0x1234_5678
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let capacity = 50
        var cache = LRUCache<Int, Int>(capacity: capacity)
        var model: [(key: Int, value: Int, cost: Int)] = []  // newest first
        for step in 0..<20_000 {
            let key = next(40)
            switch next(4) {
            case 0, 1:
                let found = model.firstIndex { $0.key == key }
                XCTAssertEqual(cache.value(forKey: key), found.map { model[$0].value }, "step \(step)")
                if let found { model.insert(model.remove(at: found), at: 0) }
            case 2:
                let cost = next(20), value = next(1000)
                model.removeAll { $0.key == key }
                var evicted = 0
                while model.map(\.cost).reduce(0, +) + cost > capacity, let last = model.popLast() { evicted += last.cost }
                model.insert((key, value, cost), at: 0)
                XCTAssertEqual(cache.insert(value, forKey: key, cost: cost).cost, evicted, "step \(step)")
            default:
                let found = model.firstIndex { $0.key == key }
                XCTAssertEqual(cache.removeValue(forKey: key), found.map { model.remove(at: $0).value }, "step \(step)")
            }
            XCTAssertEqual(cache.keysByRecency, model.map(\.key), "step \(step)")
            XCTAssertEqual(cache.totalCost, model.map(\.cost).reduce(0, +))
        }
    }
}
