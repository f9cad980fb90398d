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
            let ranges = try [june3, august3, january3].map { try Self.withoutIsolation(format.string(millisecondsSince1970: june1, to: $0)) }
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

    /// ICU's text: the isolates around the range and each date taken out.
    static func withoutIsolation(_ range: String) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: range.unicodeScalars.filter { !(0x2066...0x2069).contains($0.value) })
        return text
    }

    /// Each date of a range is isolated, and the range as a whole, so bidi reordering never
    /// joins one date's runs to the other's, nor the range's to its surroundings': shown on its
    /// own and after a Latin title in a left-to-right paragraph (a share text), a right-to-left
    /// range has all of its start right of all of its end (in Urdu, "6:30 PM – 2" had made one
    /// left-to-right run and set the end's day beside the start's time), a left-to-right one
    /// left of it. Locales of every right-to-left script ICU writes dates in, with and without
    /// the time, digits of each locale's own.
    func testEachDateOfARangeIsIsolatedAndKeepsTheRangesDirection() throws {
        let start = 1_748_784_600_000.0  // 2025-06-01 13:30 UTC
        let ends = [start + 2 * 86_400_000, start + 86_400_000 + 9_000_000, start + 3_600_000, start + 40 * 86_400_000]
        for tag in ["ur", "ar", "fa", "he", "ps", "ckb", "sd", "ug", "yi", "en", "de", "ja", "hi", "ar-u-nu-latn", "fa-u-nu-latn"] {
            for showsTime in [false, true] {
                let format = try LocalizedDateFormat(locale: CanonicalLocale(tag), utcOffsetSeconds: 5 * 3600, showsTime: showsTime)
                for end in ends {
                    let range = try format.string(millisecondsSince1970: start, to: end)
                    let units = Array(range.utf16)
                    let context = "\(tag)\(showsTime ? " with time" : ""): \(range.debugDescription)"
                    let plain = Array(Self.withoutIsolation(range).utf16)
                    let opens = units.indices.filter { units[$0] == 0x2068 }
                    guard opens.count == 2 else {
                        if try BidiParagraph(range).levels.allSatisfy({ $0.value == 0 }) {
                            // Left to right throughout: ICU's text, whose order no isolate changes.
                            XCTAssertEqual(plain, units, context)
                        } else {
                            // An hour later on the same day, without the time, is one date as ICU writes it.
                            XCTAssertEqual(range, try format.string(millisecondsSince1970: start), "\(context): not two isolated dates")
                        }
                        continue
                    }
                    let direction = try BidiParagraph(utf16: plain).direction
                    XCTAssertEqual(units.first, direction == .rightToLeft ? 0x2067 : 0x2066, context)
                    XCTAssertEqual(units.last, 0x2069, context)
                    let closes = opens.map { open in units[(open + 1)...].firstIndex(of: 0x2069)! }
                    let first = (opens[0] + 1)..<closes[0], second = (opens[1] + 1)..<closes[1]
                    for prefix in ["", "Launch party — "] {
                        let text = Array(prefix.utf16) + units, shift = prefix.utf16.count
                        let visual = try BidiParagraph(utf16: text, baseDirection: prefix.isEmpty ? .automatic(fallback: direction) : .auto)
                            .line(0..<text.count).visualOrder
                        let firstColumns = visual.indices.filter { first.contains(visual[$0] - shift) }
                        let secondColumns = visual.indices.filter { second.contains(visual[$0] - shift) }
                        if direction == .rightToLeft {
                            XCTAssertLessThan(secondColumns.max()!, firstColumns.min()!, "\(context) after \(prefix.debugDescription)")
                        } else {
                            XCTAssertLessThan(firstColumns.max()!, secondColumns.min()!, "\(context) after \(prefix.debugDescription)")
                        }
                    }
                }
            }
        }
    }

    /// Without isolates (ICU's text as it is), the Urdu range above is out of order: the check is
    /// one that the plain text fails.
    func testTheUrduRangeWithoutIsolatesIsOutOfOrder() throws {
        let format = try LocalizedDateFormat(locale: CanonicalLocale("ur"), utcOffsetSeconds: 5 * 3600, showsTime: true)
        let start = 1_748_784_600_000.0
        let range = try format.string(millisecondsSince1970: start, to: start + 86_400_000 + 9_000_000)
        XCTAssertEqual(Self.withoutIsolation(range), "1 جون، 2025 کو 6:30 PM – 2 جون، 2025 کو 9:00 PM")
        let plain = Array(Self.withoutIsolation(range).utf16)
        let visual = try BidiParagraph(utf16: plain).line(0..<plain.count).visualOrder
        let dash = plain.firstIndex(of: 0x2013)!
        // The end's day, "2", shows left of the dash only if ordered right; here it is not.
        let dashColumn = visual.firstIndex(of: dash)!, dayColumn = visual.firstIndex(of: dash + 2)!
        XCTAssertGreaterThan(dayColumn, dashColumn, "ICU's plain Urdu range now reorders correctly: \(visual)")
    }
}
