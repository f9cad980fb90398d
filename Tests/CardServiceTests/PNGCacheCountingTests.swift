@testable import CardService
import XCTest

/// What `PNGCache.statistics` counts, now that the cache is an `LRUCache` behind a `LockedValue`.
final class PNGCacheCountingTests: XCTestCase {
    func entry(_ size: Int) -> PNGCache.Entry { PNGCache.Entry(png: [UInt8](repeating: 1, count: size), layout: nil) }

    func testCountsHitsMissesBytesAndEntries() {
        let cache = PNGCache(capacityBytes: 1000)
        XCTAssertNil(cache.get("a"))
        cache.put("a", entry(100))
        cache.put("b", entry(150))
        XCTAssertNotNil(cache.get("a"))
        XCTAssertNotNil(cache.get("a"))
        let s = cache.statistics
        XCTAssertEqual(s.hits, 2)
        XCTAssertEqual(s.misses, 1)
        XCTAssertEqual(s.bytes, 250)
        XCTAssertEqual(s.entries, 2)
    }

    func testALookRepeatedWithoutCountingMissesCountsNoMissButStillHits() {
        let cache = PNGCache(capacityBytes: 1000)
        XCTAssertNil(cache.get("a", countingMiss: false))
        XCTAssertEqual(cache.statistics.misses, 0)
        cache.put("a", entry(10))
        XCTAssertNotNil(cache.get("a", countingMiss: false))
        XCTAssertEqual(cache.statistics.hits, 1)
    }

    func testSharedBetweenThreads() {
        let cache = PNGCache(capacityBytes: 4000)
        DispatchQueue.concurrentPerform(iterations: 8) { t in
            for i in 0..<2000 {
                let key = "k\((i * 7 + t) % 50)"
                if i % 3 == 0 { cache.put(key, PNGCache.Entry(png: [UInt8](repeating: 1, count: 1 + (i + t) % 900), layout: nil)) } else { _ = cache.get(key) }
            }
        }
        let s = cache.statistics
        XCTAssertLessThanOrEqual(s.bytes, 4000)
        XCTAssertEqual(s.hits + s.misses, 8 * 2000 - 8 * 667)
    }
}
