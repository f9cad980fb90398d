@testable import Cards
import Foundation
import XCTest

final class EventTests: XCTestCase {
    let decoder = EventDecoder()

    func decode(_ json: String) throws -> Event { try decoder.decode(Data(json.utf8)) }

    func error(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try decode(json)
            XCTFail("expected an error for \(json)", file: file, line: line)
            return ""
        } catch { return "\(error)" }
    }

    func testDecodesEveryField() throws {
        let event = try decode(#"{"title": "Our first apartment together", "date": "2024-06-01", "endDate": "2024-06-03", "subtitle": "Home", "emoji": "🏡", "color": "user_green", "palette": "dark", "template": "dated", "locale": "en-GB"}"#)
        XCTAssertEqual(event.title, "Our first apartment together")
        XCTAssertEqual(event.date?.description, "2024-06-01")
        XCTAssertEqual(event.endDate?.description, "2024-06-03")
        XCTAssertEqual(event.subtitle, "Home")
        XCTAssertEqual(event.emoji, "🏡")
        XCTAssertEqual(event.color, "user_green")
        XCTAssertEqual(event.palette, "dark")
        XCTAssertEqual(event.template, "dated")
        XCTAssertEqual(event.locale, "en-GB")
    }

    func testDefaults() throws {
        let event = try decode(#"{"title": "Hi"}"#)
        XCTAssertEqual([event.color, event.palette, event.template, event.locale], ["user_purple", "default", "classic", "en"])
        XCTAssertNil(event.date)
    }

    func testErrorsNameTheField() {
        XCTAssertEqual(error(#"{"title": "   "}"#), "title: must not be empty or blank")
        XCTAssertEqual(error(#"{"date": "2024-01-01"}"#), "title: is required")
        XCTAssertEqual(error(#"{"title": 5}"#), "title: expected a string, found a number")
        XCTAssertTrue(error(#"{"title": "x", "colour": "red"}"#).hasPrefix("colour: unknown field"))
        XCTAssertEqual(error(#"{"title": "x", "date": "2023-02-29"}"#), "date: \"2023-02-29\" is not a day of the calendar")
        XCTAssertTrue(error(#"{"title": "x", "date": "01/06/2024"}"#).hasPrefix("date: expected an ISO 8601 date"))
        XCTAssertEqual(error(#"{"title": "x", "date": "2024-06-03", "endDate": "2024-06-01"}"#), "endDate: is before date")
        XCTAssertEqual(error(#"{"title": "x", "emoji": "ab"}"#), "emoji: must be one emoji, got \"ab\"")
        XCTAssertTrue(error(#"{"title": "x", "color": "../etc/passwd"}"#).hasPrefix("color: must be a name"))
        XCTAssertEqual(error(#"{"title": "x", "color": ""}"#), "color: is empty: give a palette colour's name, or a hex colour such as "
            + "#1e88e5 (written %231e88e5 in a URL, where a bare # starts the fragment)")
        XCTAssertTrue(error(#"{"title": "x", "locale": "en US; rm"}"#).hasPrefix("locale: must be a BCP 47 tag"))
        XCTAssertTrue(error("[1]").contains("expected a JSON object"))
        XCTAssertTrue(error("{\"title\": ").contains("malformed JSON"))
    }

    func testTitlesAreCleanedNotRefused() throws {
        XCTAssertEqual(try Event(title: "\n\n  Road\ttrip\u{1}\u{7F} \n").title, "Road trip")
        XCTAssertEqual(try Event(title: "x", subtitle: " Family\t").subtitle, "Family")
        XCTAssertThrowsError(try Event(title: "\u{1}\t\n"))
    }

    func testEmojiFieldTakesEveryEmojiForm() throws {
        for emoji in ["🎂", "1️⃣", "#⃣", "*️⃣", "🇯🇵", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "🏴󠁧󠁢󠁷󠁬󠁳󠁿", "👩🏽‍💻", "❤️‍🔥", "©️", "☺", "☺︎"] {
            XCTAssertNoThrow(try Event(title: "x", emoji: emoji), "\(emoji.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        // A skin tone alone draws a colour swatch, one regional indicator a boxed letter.
        for text in ["1", "#", "©", "ab", "😀😀", "e\u{301}", "1\u{20E3}\u{20E3}", "\u{20E3}", "😀 ",
                     "\u{1F3FD}", "\u{1F3FD}\u{FE0F}", "\u{1F1E6}", "\u{1F1E6}\u{FE0F}"] {
            XCTAssertThrowsError(try Event(title: "x", emoji: text), text.debugDescription)
        }
        let long = "👩" + String(repeating: "\u{200D}👩", count: 8)
        XCTAssertThrowsError(try Event(title: "x", emoji: long)) {
            XCTAssertTrue("\($0)".contains("over the limit of 16"), "\($0)")
        }
    }

    func testTitleLimitIsConfigurable() throws {
        let long = String(repeating: "a", count: 501)
        XCTAssertEqual(error(#"{"title": "\#(long)"}"#), "title: is 501 code points long, over the limit of 500")
        XCTAssertNoThrow(try EventDecoder(titleLimit: 1000).decode(Data(#"{"title": "\#(long)"}"#.utf8)))
    }

    func testInvalidUTF8IsRejected() {
        var bytes = Array(#"{"title": "caf"#.utf8)
        bytes += [0xC3, 0x28]  // an invalid two-byte sequence
        bytes += Array("\"}".utf8)
        XCTAssertThrowsError(try decoder.decode(Data(bytes))) { XCTAssertEqual("\($0)", "event is not valid UTF-8") }
    }

    func testDatesWithTimesAndOffsets() throws {
        let d = try EventDate(iso8601: "2024-06-01T18:30:00+02:00")
        XCTAssertEqual(d.time?.hour, 18)
        XCTAssertEqual(d.utcOffsetSeconds, 7200)
        XCTAssertEqual(d.description, "2024-06-01T18:30:00+02:00")
        XCTAssertEqual(try EventDate(iso8601: "2024-06-01T18:30Z").description, "2024-06-01T18:30:00Z")
        XCTAssertEqual(try EventDate(iso8601: "2024-02-29").day, 29)
        for bad in ["2024-13-01", "2024-06-01T25:00", "2024-06-01T10:00+15:00", "2024-06-01 10:00", "20240601", ""] {
            XCTAssertThrowsError(try EventDate(iso8601: bad), bad)
        }
    }

    /// Dates compare on the proleptic Gregorian calendar, also before 1582.
    func testOldDatesOrderCorrectly() throws {
        XCTAssertNoThrow(try decode(#"{"title": "x", "date": "1582-10-10", "endDate": "1582-10-16"}"#))
        XCTAssertLessThan(try EventDate(iso8601: "1582-10-04"), try EventDate(iso8601: "1582-10-15"))
        XCTAssertLessThan(try EventDate(iso8601: "2024-06-01T23:30:00-02:00"), try EventDate(iso8601: "2024-06-02T02:00:00+00:00"))
        XCTAssertEqual(try EventDate(iso8601: "1970-01-02").millisecondsSince1970, 86_400_000)
        XCTAssertEqual(try EventDate(iso8601: "2000-03-01T00:00:00Z").millisecondsSince1970, 951_868_800_000)
    }

    func testRangeWithADateOnlyEndShowsNoTime() throws {
        let range = try decode(#"{"title": "Trip", "date": "2024-06-01T18:00:00+02:00", "endDate": "2024-06-02", "locale": "fr"}"#)
        let text = try XCTUnwrap(range.formattedDate)
        XCTAssertFalse(text.contains(":"), text)
    }

    /// A date-only end is a calendar day: it is compared with the start's day as written and
    /// shown as that day, whatever offset the start's time carries.
    func testADateOnlyEndIsTheDayWritten() throws {
        func range(_ start: String, _ end: String) throws -> String? {
            try decode(#"{"title": "Trip", "date": "\#(start)", "endDate": "\#(end)"}"#).formattedDate
        }
        XCTAssertEqual(try range("2024-06-01T10:00:00-05:00", "2024-06-03"), "June 1\u{2009}–\u{2009}3, 2024")
        XCTAssertEqual(try range("2024-06-01T18:00:00-05:00", "2024-06-02"), "June 1\u{2009}–\u{2009}2, 2024")
        XCTAssertEqual(try range("2024-06-01T23:30:00+09:00", "2024-06-02"), "June 1\u{2009}–\u{2009}2, 2024")
        XCTAssertEqual(try range("2024-06-01", "2024-06-02T01:00:00+09:00"), "June 1\u{2009}–\u{2009}2, 2024")
        // Ending on the day it starts is not ending before it.
        XCTAssertEqual(try range("2024-06-01T10:00:00+09:00", "2024-06-01"), "June 1, 2024")
        XCTAssertEqual(try range("2024-06-01T23:00:00-05:00", "2024-06-01"), "June 1, 2024")
        // An end on an earlier day than the start's, as written, is refused in either order.
        XCTAssertEqual(error(#"{"title": "x", "date": "2024-06-02T01:00:00+09:00", "endDate": "2024-06-01"}"#), "endDate: is before date")
        XCTAssertEqual(error(#"{"title": "x", "date": "2024-06-02", "endDate": "2024-06-01T23:00:00-05:00"}"#), "endDate: is before date")
        // Two times are still compared as moments.
        XCTAssertEqual(error(#"{"title": "x", "date": "2024-06-01T10:00:00Z", "endDate": "2024-06-01T11:00:00+02:00"}"#), "endDate: is before date")
        XCTAssertNoThrow(try range("2024-06-01T10:00:00Z", "2024-06-01T13:00:00+02:00"))
    }

    func testShareTextIsLocalised() throws {
        let en = try decode(#"{"title": "Our first apartment together", "date": "2024-06-01", "emoji": "🏡"}"#)
        XCTAssertEqual(try en.shareText, "🏡 Our first apartment together — June 1, 2024")
        let de = try decode(#"{"title": "Umzug", "date": "2024-06-01", "locale": "de"}"#)
        XCTAssertEqual(try de.formattedDate, "1. Juni 2024")
        let range = try decode(#"{"title": "Trip", "date": "2024-06-01", "endDate": "2024-06-03"}"#)
        XCTAssertEqual(try range.formattedDate, "June 1\u{2009}–\u{2009}3, 2024")
        XCTAssertEqual(try decode(#"{"title": "No date"}"#).shareText, "No date")
    }

    func testTitleAndSubtitleLimitsCountCodePoints() {
        // One character with 32,000 combining marks is over the limit, as the server has it.
        let marks = "a" + String(repeating: "\u{301}", count: 32_000)
        XCTAssertThrowsError(try Event(title: marks)) {
            XCTAssertEqual("\($0)", "title: is 32001 code points long, over the limit of 500")
        }
        XCTAssertThrowsError(try Event(title: "x", subtitle: "e" + String(repeating: "\u{301}", count: 500))) {
            XCTAssertEqual("\($0)", "subtitle: is 501 code points long, over the limit of 500")
        }
        XCTAssertNoThrow(try Event(title: String(repeating: "\u{1F600}", count: 500)))
    }

    /// A subtitle with nothing visible is no subtitle: the same event (and card key) as one
    /// without it, and what its JSON form reads back as (found by the `event` fuzz target:
    /// "\u{7F}\u{7F}\u{7F}" was cleaned to "" and written back as an absent subtitle).
    func testASubtitleWithNothingVisibleIsNone() throws {
        for subtitle in ["\u{7F}\u{7F}\u{7F}", "   ", "\t", "\u{200B}", " \u{301}", "\n\n"] {
            let event = try Event(title: "x", subtitle: subtitle)
            XCTAssertNil(event.subtitle, subtitle.debugDescription)
            XCTAssertEqual(event, try Event(title: "x"), subtitle.debugDescription)
        }
        XCTAssertEqual(try Event(title: "x", subtitle: " Our timeline\u{7F}").subtitle, "Our timeline")
    }

    func testTitleWithNothingVisibleIsBlank() {
        for title in ["\u{200B}", "\u{2060}", "\u{FEFF}", "\u{200F}", "\u{034F}", "\u{2800}", "\u{3164}", "\u{180E}",
                      "\u{200B}\u{200D}\u{FE0F}", " \u{200B}\n\u{2060} ", "\u{3000}\u{00A0}", " \u{301}"] {
            XCTAssertThrowsError(try Event(title: title), "\(title.unicodeScalars.map { String($0.value, radix: 16) })") {
                XCTAssertEqual("\($0)", "title: must not be empty or blank")
            }
        }
        for title in ["a\u{200B}", "\u{2801}", "\u{200B}😀", "\u{0301}", "_", "\u{2028}."] {
            XCTAssertNoThrow(try Event(title: title), "\(title.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    func testSizesAreWrittenWithXOrTheMultiplicationSignMessagesUse() throws {
        for text in ["1300x630", "1300X630", "1300×630"] {
            XCTAssertEqual(try CardSize(parsing: text), try CardSize(width: 1300, height: 630), text)
        }
        XCTAssertEqual(try CardSize(parsing: "1300×630").description, "1300x630")
        for bad in ["1200×", "×630", "1200××630", "1200x×630", "1200*630", "１２００x630"] {
            XCTAssertThrowsError(try CardSize(parsing: bad), bad)
        }
    }

    func testValuesInMessagesAreShortAndEscaped() {
        let hostile = "\u{202E}" + String(repeating: "x", count: 60_000)
        let expectedName = #"got "\u{202E}"# + String(repeating: "x", count: 79) + "…\""
        for field in ["color", "palette", "template"] {
            XCTAssertThrowsError(try EventDecoder().decode(fields: { $0 == "title" ? "t" : $0 == field ? hostile : nil })) {
                XCTAssertTrue("\($0)".hasSuffix(expectedName), "\($0)".prefix(200) + "")
                XCTAssertLessThan("\($0)".count, 200)
            }
        }
        XCTAssertThrowsError(try EventDecoder().decode(fields: { $0 == "title" ? "t" : $0 == "date" ? hostile : nil })) {
            XCTAssertTrue("\($0)".hasSuffix(expectedName), "\($0)".prefix(200) + "")
        }
        XCTAssertThrowsError(try CardSize(parsing: hostile)) {
            XCTAssertTrue("\($0)".hasSuffix(expectedName), "\($0)".prefix(200) + "")
        }
        XCTAssertThrowsError(try Event(title: "x", palette: "\u{1B}[31mRED")) {
            XCTAssertEqual("\($0)", #"palette: must be a name of letters, digits, '_' or '-', got "\u{1B}[31mRED""#)
        }
    }

    /// A name of the right characters that is only too long says so, rather than naming the
    /// characters; an unknown name is quoted as every other value is (cut, escaped).
    func testANameTooLongSaysSoAndAnUnknownOneIsQuotedShort() throws {
        XCTAssertNoThrow(try Event(title: "x", palette: String(repeating: "d", count: 64)))
        XCTAssertThrowsError(try Event(title: "x", palette: String(repeating: "d", count: 65))) {
            XCTAssertTrue("\($0)".hasPrefix("palette: must be a name of at most 64 characters, got 65: \"ddd"), "\($0)")
        }
        XCTAssertThrowsError(try Event(title: "x", template: String(repeating: "é", count: 65))) {
            XCTAssertTrue("\($0)".hasPrefix("template: must be a name of letters, digits"), "\($0)")
        }
        let catalog = try Catalog(palettesDirectory: CardGoldenTests.repository.appendingPathComponent("palettes"),
                                  templatesDirectory: CardGoldenTests.repository.appendingPathComponent("templates"))
        XCTAssertThrowsError(try catalog.palette(named: String(repeating: "d", count: 15_000))) {
            XCTAssertLessThan("\($0)".utf8.count, 400, "the whole name was echoed")
        }
        XCTAssertThrowsError(try catalog.template(named: "\u{1B}[2J" + String(repeating: "t", count: 500))) {
            XCTAssertTrue("\($0)".hasPrefix(#"template: unknown template "\u{1B}[2Jttt"#), "\($0)".prefix(100) + "")
            XCTAssertLessThan("\($0)".utf8.count, 400)
        }
    }
}
