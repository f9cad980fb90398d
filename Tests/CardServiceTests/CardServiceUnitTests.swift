@testable import CardService
import XCTest

final class PNGCacheTests: XCTestCase {
    func entry(_ size: Int) -> PNGCache.Entry { PNGCache.Entry(png: [UInt8](repeating: 1, count: size), layout: nil) }

    func testEvictsLeastRecentlyUsedWithinTheByteBound() {
        let cache = PNGCache(capacityBytes: 1000)
        cache.put("a", entry(200))
        cache.put("b", entry(200))
        cache.put("c", entry(200))
        XCTAssertNotNil(cache.get("a"))  // a is now the most recent
        cache.put("d", entry(200))
        cache.put("e", entry(200))       // 1000 bytes: nothing evicted yet
        XCTAssertEqual(cache.statistics.bytes, 1000)
        cache.put("f", entry(200))       // evicts b, the least recently used
        XCTAssertNil(cache.get("b"))
        XCTAssertNotNil(cache.get("a"))
        XCTAssertLessThanOrEqual(cache.statistics.bytes, 1000)
    }

    func testRefusesEntriesOverAQuarterOfCapacityAndReplacesInPlace() {
        let cache = PNGCache(capacityBytes: 1000)
        cache.put("big", entry(251))
        XCTAssertNil(cache.get("big"))
        cache.put("x", entry(100))
        cache.put("x", entry(50))
        XCTAssertEqual(cache.statistics.bytes, 50)
        XCTAssertEqual(cache.statistics.entries, 1)
    }

    func testNeverExceedsItsBoundUnderRandomUse() {
        let cache = PNGCache(capacityBytes: 10_000)
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let key = "k\(Int.random(in: 0..<200, using: &rng))"
            if Bool.random(using: &rng) { cache.put(key, entry(Int.random(in: 1...2500, using: &rng))) } else { _ = cache.get(key) }
            XCTAssertLessThanOrEqual(cache.statistics.bytes, 10_000)
        }
    }
}

final class URLSignerTests: XCTestCase {
    func testSignsAndVerifiesAndRotates() throws {
        let old = try URLSigner(keys: ["old-key-0123456789"])
        let url = try old.sign(path: "/v1/cards/classic.png", items: [("title", "Hello world"), ("color", "user_red")], expires: 2000)
        let items = URLComponents(string: url)!.queryItems!.map { ($0.name, $0.value!) }
        XCTAssertNil(old.verify(path: "/v1/cards/classic.png", items: items, now: 1999))
        XCTAssertEqual(old.verify(path: "/v1/cards/classic.png", items: items, now: 2001), .expired)
        let rotated = try URLSigner(keys: ["new-key-0123456789", "old-key-0123456789"])
        XCTAssertNil(rotated.verify(path: "/v1/cards/classic.png", items: items, now: 1000))
        let tampered = items.map { $0.0 == "title" ? ("title", "Hello World") : $0 }
        XCTAssertEqual(rotated.verify(path: "/v1/cards/classic.png", items: tampered, now: 1000), .invalid)
        XCTAssertEqual(rotated.verify(path: "/v1/cards/dated.png", items: items, now: 1000), .invalid)
        XCTAssertEqual(rotated.verify(path: "/v1/cards/classic.png", items: [("title", "x")], now: 1000), .missing)
        XCTAssertEqual(rotated.verify(path: "/v1/cards/classic.png", items: [("title", "x"), ("sig", "!!"), ("expires", "5")], now: 1000), .malformed)
        XCTAssertThrowsError(try URLSigner(keys: ["short"]))
    }

    func testQueryEncodingIsRFC3986() {
        XCTAssertEqual(QueryEncoding.encode("a b&c=d/é~_.-"), "a%20b%26c%3Dd%2F%C3%A9~_.-")
    }

    func testIfNoneMatch() {
        XCTAssertTrue(CardService.matches("*", "\"abc\""))
        XCTAssertTrue(CardService.matches("\"x\", W/\"abc\"", "\"abc\""))
        XCTAssertFalse(CardService.matches("\"abcd\"", "\"abc\""))
        XCTAssertFalse(CardService.matches(nil, "\"abc\""))
    }
}
