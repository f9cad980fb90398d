import UnicodeText
import XCTest

/// Date ranges are written in the long style a single date is ("2024年6月1日～3日", not
/// "2024/06/01～2024/06/03"), in every calendar. The expected text is ICU's own interval
/// format for the long-month skeleton `yMMMMd` (`udtitvfmt_open(locale, "yMMMMd")`, ICU 72),
/// taken outside this code: same month, same year, different years, in UTC.
final class LocalizedDateRangeTests: XCTestCase {
    static let reference: [(tag: String, ranges: [String])] = [
        ("ja", ["2024年6月1日～3日", "2024年6月1日～8月3日", "2024年6月1日～2025年1月3日"]),
        ("ja-u-ca-japanese", ["令和6年6月1日～3日", "令和6年6月1日～8月3日", "令和6年6月1日～7年1月3日"]),
        ("zh-Hant-TW-u-ca-roc", ["民國 113年6月1日至3日", "民國 113年6月1日至8月3日", "民國 113年6月1日至114年1月3日"]),
        ("zh", ["2024年6月1日至3日", "2024年6月1日至8月3日", "2024年6月1日至2025年1月3日"]),
        ("ko", ["2024년 6월 1일~3일", "2024년 6월 1일 ~ 8월 3일", "2024년 6월 1일 ~ 2025년 1월 3일"]),
        ("en", ["June 1\u{2009}–\u{2009}3, 2024", "June 1\u{2009}–\u{2009}August 3, 2024", "June 1, 2024\u{2009}–\u{2009}January 3, 2025"]),
        ("de", ["1.–3. Juni 2024", "1. Juni\u{2009}–\u{2009}3. August 2024", "1. Juni 2024\u{2009}–\u{2009}3. Januar 2025"]),
        ("fr", ["1–3 juin 2024", "1 juin\u{2009}–\u{2009}3 août 2024", "1 juin 2024\u{2009}–\u{2009}3 janvier 2025"]),
        ("ar", ["١–٣ يونيو، ٢٠٢٤", "١ يونيو – ٣ أغسطس، ٢٠٢٤", "١ يونيو، ٢٠٢٤ – ٣ يناير، ٢٠٢٥"]),
    ]

    func testRangesAreWrittenInTheLongStyle() throws {
        let june1 = 1_717_200_000_000.0, june3 = june1 + 2 * 86_400_000
        let august3 = 1_722_643_200_000.0, january3 = 1_735_862_400_000.0
        for (tag, expected) in Self.reference {
            let format = try LocalizedDateFormat(locale: CanonicalLocale(tag), utcOffsetSeconds: 0, showsTime: false)
            let ranges = try [june3, august3, january3].map { try format.string(millisecondsSince1970: june1, to: $0) }
            XCTAssertEqual(ranges, expected, tag)
            XCTAssertFalse(ranges.contains { $0.contains("/") }, "\(tag): numeric short form \(ranges)")
        }
    }

    /// With the time, the dates keep their long style too.
    func testRangesWithTimeKeepTheLongDate() throws {
        let june1 = 1_717_200_000_000.0
        let format = try LocalizedDateFormat(locale: CanonicalLocale("ja"), utcOffsetSeconds: 0, showsTime: true)
        XCTAssertEqual(try format.string(millisecondsSince1970: june1, to: june1 + 2 * 86_400_000), "2024年6月1日 0:00～2024年6月3日 0:00")
    }
}
