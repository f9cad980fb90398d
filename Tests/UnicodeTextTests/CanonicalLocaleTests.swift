@testable import UnicodeText
import XCTest

final class CanonicalLocaleTests: XCTestCase {
    func tag(_ input: String) throws -> String { try CanonicalLocale(input).tag }

    func reason(_ input: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            let locale = try CanonicalLocale(input)
            XCTFail("expected \(input.debugDescription) to be refused, got \(locale)", file: file, line: line)
            return ""
        } catch { return error.reason }
    }

    func testCanonicalises() throws {
        XCTAssertEqual(try tag("en"), "en")
        XCTAssertEqual(try tag("EN-us"), "en-US")
        XCTAssertEqual(try tag("zh_hant_tw"), "zh-Hant-TW")
        XCTAssertEqual(try tag("en-u-nu-latn"), "en-u-nu-latn")
        XCTAssertEqual(try tag("th-TH-u-nu-thai"), "th-TH-u-nu-thai")
        XCTAssertEqual(try tag("en-u-ca-gregory"), "en-u-ca-gregory")
        XCTAssertEqual(try tag("th-u-nu-thai-ca-buddhist"), "th-u-ca-buddhist-nu-thai")
        XCTAssertEqual(try CanonicalLocale("en-US").formattingIdentifier, "en_US@calendar=gregorian")
        XCTAssertEqual(try CanonicalLocale("ja-u-ca-japanese").formattingIdentifier, "ja@calendar=japanese")
        XCTAssertEqual(try CanonicalLocale("sr-Latn-RS-u-nu-latn").textLanguage, "sr-Latn-RS")
        XCTAssertEqual(try CanonicalLocale("de-u-nu-latn").language, "de")
    }

    /// The default locale is taken as ICU makes it, without asking ICU each time: the two agree
    /// on the ICU installed, and any other spelling of it still goes through ICU.
    func testEnglishIsWhatICUMakesOfIt() throws {
        XCTAssertEqual(try CanonicalLocale(parsing: "en"), CanonicalLocale.english)
        XCTAssertEqual(try CanonicalLocale("en"), try CanonicalLocale(parsing: "en"))
        for spelling in ["EN", "En", "en-US", "en_US", "en-u-ca-gregory"] {
            XCTAssertEqual(try CanonicalLocale(spelling), try CanonicalLocale(parsing: spelling), spelling)
        }
        XCTAssertEqual(try CanonicalLocale("EN").tag, "en")
        XCTAssertEqual(try CanonicalLocale("en").formattingIdentifier, "en@calendar=gregorian")
    }

    func testRefusesWithAReasonForEveryKindOfBadInput() {
        XCTAssertTrue(reason("").contains("empty"))
        XCTAssertTrue(reason(String(repeating: "a", count: 65)).contains("over the limit of 64"))
        XCTAssertTrue(reason("en US").contains("BCP 47"))
        XCTAssertTrue(reason("en\u{0}").contains("BCP 47"))
        XCTAssertTrue(reason("é").contains("BCP 47"))
        XCTAssertTrue(reason("en--US").contains("well-formed"))
        XCTAssertTrue(reason("en-").contains("well-formed"))
        XCTAssertTrue(reason("toolongforalanguage").contains("well-formed"))
        XCTAssertTrue(reason("en-u-nu-bogus").contains("\"bogus\""))
        XCTAssertTrue(reason("en-u-nu").contains("needs a numbering system"))
        XCTAssertTrue(reason("en-u-nu-roman").contains("not decimal"))
        XCTAssertTrue(reason("en-u-ca-bogus").contains("calendar \"bogus\""))
        XCTAssertTrue(reason("en-u-hc-h23").contains("-u-hc-"))
        XCTAssertTrue(reason("en-t-ja").contains("-t-"))
        XCTAssertTrue(reason("en-x-private").contains("-x-"))
        XCTAssertTrue(reason("x-private").contains("-x-"))
        XCTAssertTrue(reason("en-a-bcd").contains("not supported"))
        XCTAssertTrue(reason("und").contains("needs a language"))
        XCTAssertTrue(reason("zz").contains("no locale data"))
        XCTAssertTrue(reason("qaa").contains("no locale data"))
        XCTAssertTrue(reason("iw").contains("use \"he\""))
        XCTAssertTrue(reason("ca-ES-valencia-fonipa").contains("more than one variant"))
        XCTAssertTrue(reason("en-u-nu-latn-nu-arab").contains("repeats the -u-nu- key"))
        XCTAssertTrue(reason("fr-CA-u-ca-gregory-ca-buddhist").contains("repeats the -u-ca- key"))
        XCTAssertEqual(try tag("fr-CA-u-ca-gregory"), "fr-CA-u-ca-gregory")
    }

    /// Every locale ICU lists comes back as itself, and is accepted.
    func testEveryAvailableICULocaleIsAccepted() throws {
        let tags = CanonicalLocale.availableICUTags()
        XCTAssertGreaterThan(tags.count, 500)
        for tag in tags {
            XCTAssertEqual(try CanonicalLocale(tag).tag, tag)
        }
    }

    func testFormatsDatesAndRangesWithICU() throws {
        let june1 = 1_717_200_000_000.0  // 2024-06-01T00:00:00Z
        let day = 86_400_000.0
        func format(_ tag: String, offset: Int = 0, time: Bool = false) throws -> LocalizedDateFormat {
            try LocalizedDateFormat(locale: CanonicalLocale(tag), utcOffsetSeconds: offset, showsTime: time)
        }
        XCTAssertEqual(try format("en").string(millisecondsSince1970: june1), "June 1, 2024")
        XCTAssertEqual(try format("de").string(millisecondsSince1970: june1), "1. Juni 2024")
        XCTAssertEqual(try format("en-u-nu-latn").string(millisecondsSince1970: june1), "June 1, 2024")
        XCTAssertEqual(try format("ar-u-nu-arab").string(millisecondsSince1970: june1), "١ يونيو ٢٠٢٤")
        // Gregorian unless -u-ca- says otherwise, as before (the Thai default is Buddhist).
        XCTAssertEqual(try format("th-TH-u-nu-thai").string(millisecondsSince1970: june1), "๑ มิถุนายน ค.ศ. ๒๐๒๔")
        XCTAssertEqual(try format("th-TH-u-ca-buddhist").string(millisecondsSince1970: june1), "1 มิถุนายน 2567")
        XCTAssertEqual(try format("en", offset: 7200, time: true).string(millisecondsSince1970: june1 + 16.5 * 3_600_000),
                       "June 1, 2024 at 6:30\u{202F}PM")
        XCTAssertEqual(try format("en").string(millisecondsSince1970: june1, to: june1 + 2 * day), "June 1\u{2009}–\u{2009}3, 2024")
        XCTAssertEqual(try format("de").string(millisecondsSince1970: june1, to: june1 + 2 * day), "1.–3. Juni 2024")
        // The date's own zone, also for cached formatters first opened for another zone: an
        // hour around midnight at -02:00 is June 1 to June 2 there (June 2 in UTC).
        let lateJune1 = june1 + 25.5 * 3_600_000  // 2024-06-02T01:30:00Z
        XCTAssertEqual(try format("en", offset: 0, time: true).string(millisecondsSince1970: lateJune1, to: lateJune1 + 3_600_000),
                       "June 2, 2024, 1:30\u{2009}–\u{2009}2:30\u{202F}AM")
        XCTAssertEqual(try format("en", offset: -7200, time: true).string(millisecondsSince1970: lateJune1, to: lateJune1 + 3_600_000),
                       "June 1, 2024 at 11:30\u{202F}PM\u{2009}–\u{2009}June 2, 2024 at 12:30\u{202F}AM")
        XCTAssertEqual(try format("en", offset: -7200, time: true).string(millisecondsSince1970: lateJune1), "June 1, 2024 at 11:30\u{202F}PM")
        XCTAssertEqual(try format("en", offset: 0, time: true).string(millisecondsSince1970: lateJune1), "June 2, 2024 at 1:30\u{202F}AM")
        // Proleptic Gregorian: no Julian calendar before 1582 (-14,831,769,600 s is 1500-01-01).
        XCTAssertEqual(try format("en").string(millisecondsSince1970: -14_831_769_600_000), "January 1, 1500")
        // So are the calendars that count Gregorian months and days under other years and eras
        // (ICU's subclasses of its Gregorian calendar, which ucal_setGregorianChange refuses):
        // 1500-01-01 stays January 1 (it was December 22 in their Julian fallback), and so do
        // 1582-10-10 (Julian September 30) and 1000-03-01 (February 24); a range ends where it should.
        let october10of1582 = -12_219_724_800_000.0, march1of1000 = -30_605_126_400_000.0
        XCTAssertEqual(try format("en-u-ca-buddhist").string(millisecondsSince1970: -14_831_769_600_000), "January 1, 2043 BE")
        XCTAssertEqual(try format("en-u-ca-buddhist").string(millisecondsSince1970: october10of1582), "October 10, 2125 BE")
        XCTAssertEqual(try format("th-u-ca-buddhist").string(millisecondsSince1970: march1of1000), "1 มีนาคม 1543")
        XCTAssertEqual(try format("zh-Hant-TW-u-ca-roc").string(millisecondsSince1970: march1of1000), "民國前912年3月1日")
        XCTAssertEqual(try format("en-u-ca-roc").string(millisecondsSince1970: october10of1582), "October 10, 330 B.R.O.C.")
        XCTAssertTrue(try format("ja-u-ca-japanese").string(millisecondsSince1970: october10of1582).hasSuffix("10月10日"))
        XCTAssertEqual(try format("en-u-ca-buddhist").string(millisecondsSince1970: october10of1582, to: october10of1582 + 2 * day),
                       "October 10\u{2009}–\u{2009}12, 2125 BE")
        XCTAssertThrowsError(try format("en").string(millisecondsSince1970: .infinity))
        XCTAssertThrowsError(try format("en", offset: 19 * 3600))
    }
}
