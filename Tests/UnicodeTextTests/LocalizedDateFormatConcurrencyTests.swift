import Caching
import Dispatch
import UnicodeText
import XCTest

/// The shim's formatter cache under contention: more locales than it holds, formatted from
/// several threads at once, give the same text as one thread does (an evicted formatter is
/// never used, a cached one never shared mid-call).
final class LocalizedDateFormatConcurrencyTests: XCTestCase {
    func testThreadsEvictingEachOthersFormattersAgreeWithOneThread() throws {
        let tags = Array(CanonicalLocale.availableICUTags().enumerated().filter { $0.offset % 9 == 0 }.map(\.element).prefix(80))
        XCTAssertGreaterThan(tags.count, 64, "needs more locales than the cache holds")
        let expected = try tags.map(Self.texts)
        let threads = 4
        let results = LockedValue<[Int: [[String]]]>([:])
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            // Each thread walks the locales from a different place, so they collide.
            let order = tags.indices.map { ($0 + thread * tags.count / threads) % tags.count }
            var got = [[String]](repeating: [], count: tags.count)
            for i in order { got[i] = (try? Self.texts(tags[i])) ?? ["failed"] }
            results.withLock { $0[thread] = got }
        }
        let all = results.withLock { $0 }
        for thread in 0..<threads {
            XCTAssertEqual(all[thread], expected, "thread \(thread)")
        }
    }

    /// A date and a range, with and without the time, in two zones.
    static func texts(_ tag: String) throws -> [String] {
        let start = 1_717_266_600_000.0  // 2024-06-01T18:30:00Z
        let end = start + 2 * 86_400_000
        let locale = try CanonicalLocale(tag)
        let withTime = try LocalizedDateFormat(locale: locale, utcOffsetSeconds: 7200, showsTime: true)
        let dateOnly = try LocalizedDateFormat(locale: locale, utcOffsetSeconds: -3600, showsTime: false)
        return [try withTime.string(millisecondsSince1970: start), try withTime.string(millisecondsSince1970: start, to: end),
                try dateOnly.string(millisecondsSince1970: start), try dateOnly.string(millisecondsSince1970: start, to: end)]
    }
}
