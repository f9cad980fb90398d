import BufferText
import CICU
import UnicodeText
import XCTest

/// The C shim's locale and date functions on hostile arguments: every one returns a failure
/// code, never writes past the capacity it is given, and never traps.
final class ICUShimLocaleTests: XCTestCase {
    func testLocaleFunctionsRefuseBadArguments() {
        var out = [CChar](repeating: 0x7F, count: 8)
        var message = [CChar](repeating: 0, count: 64)
        XCTAssertEqual(sc_icu_locale_from_tag(nil, 2, &out, 8, &message, message.count), Int32(SC_ICU_ERROR_ARGUMENT))
        XCTAssertEqual(sc_icu_locale_from_tag("en", -1, &out, 8, &message, message.count), Int32(SC_ICU_ERROR_ARGUMENT))
        XCTAssertEqual(sc_icu_locale_from_tag("en", 2, nil, 8, &message, message.count), Int32(SC_ICU_ERROR_ARGUMENT))
        XCTAssertEqual(sc_icu_locale_from_tag("en", 200, &out, 8, &message, message.count), Int32(SC_ICU_ERROR_ARGUMENT))
        // Only tag_length bytes are read: "en" out of "en-u-nu-bogus".
        XCTAssertEqual(sc_icu_locale_from_tag("en-u-nu-bogus", 2, &out, 8, &message, message.count), 2)
        XCTAssertEqual(out.stringBeforeNUL, "en")
        // A capacity too small for the answer is an error, and the last byte is untouched.
        var small = [CChar](repeating: 0x7F, count: 5)
        XCTAssertEqual(sc_icu_locale_from_tag("zh-Hant-TW", 10, &small, 4, &message, message.count), Int32(SC_ICU_ERROR_CAPACITY))
        XCTAssertEqual(small[4], 0x7F)
        XCTAssertEqual(sc_icu_locale_to_tag("en\u{1}", &out, 8, &message, message.count), Int32(SC_ICU_ERROR_ARGUMENT))
        XCTAssertEqual(sc_icu_locale_part("en_US", 9, &out, 8), Int32(SC_ICU_ERROR_ARGUMENT))
        XCTAssertEqual(sc_icu_locale_keyword("en", -1, &out, 8, &small, 5), Int32(SC_ICU_ERROR_ARGUMENT))
        XCTAssertEqual(sc_icu_locale_keyword("en", 0, &out, 8, &small, 5), 1)
        XCTAssertEqual(sc_icu_language_has_data(""), 0)
        XCTAssertEqual(sc_icu_language_has_data(nil), 0)
        XCTAssertEqual(sc_icu_numbering_system_kind(nil), Int32(SC_ICU_NUMBERING_UNKNOWN))
        XCTAssertEqual(sc_icu_calendar_is_known("gregory"), 0, "ICU's name is gregorian")
        XCTAssertEqual(sc_icu_calendar_is_known("gregorian"), 1)
        XCTAssertEqual(sc_icu_available_locale(-1, &out, 8), Int32(SC_ICU_ERROR_ARGUMENT))
        XCTAssertEqual(sc_icu_available_locale(sc_icu_available_locale_count(), &out, 8), Int32(SC_ICU_ERROR_ARGUMENT))
        XCTAssertEqual(sc_icu_numbering_system_name(100_000, &out, 8), 0)
        XCTAssertEqual(sc_icu_calendar_name(100_000, &out, 8), 0)
    }

    func testDateFunctionsRefuseBadArguments() {
        var out = [UInt16](repeating: 0xFFFF, count: 4)
        var message = [CChar](repeating: 0, count: 128)
        let june1 = 1_717_200_000_000.0
        var ends: [Int32] = [7, 7, 7, 7]
        XCTAssertEqual(sc_icu_format_date(nil, june1, 0, 0, &out, 4, &message, message.count), Int32(SC_ICU_ERROR_ARGUMENT))
        XCTAssertEqual(sc_icu_format_date("en", .nan, 0, 0, &out, 4, &message, message.count), Int32(SC_ICU_ERROR_ARGUMENT))
        XCTAssertEqual(sc_icu_format_date("en", 1e300, 0, 0, &out, 4, &message, message.count), Int32(SC_ICU_ERROR_ARGUMENT))
        XCTAssertEqual(sc_icu_format_date("en", june1, 19 * 3600, 0, &out, 4, &message, message.count), Int32(SC_ICU_ERROR_ARGUMENT))
        // "June 1, 2024" does not fit in 3 code units; the 4th is untouched.
        XCTAssertEqual(sc_icu_format_date("en", june1, 0, 0, &out, 3, &message, message.count), Int32(SC_ICU_ERROR_CAPACITY))
        XCTAssertEqual(out[3], 0xFFFF)
        XCTAssertEqual(sc_icu_format_date_interval("en", june1, .infinity, 0, 0, &out, 4, &ends, &message, message.count), Int32(SC_ICU_ERROR_ARGUMENT))
        XCTAssertEqual(sc_icu_format_date_interval("en", june1, june1 + 86_400_000, 0, 0, &out, 3, &ends, &message, message.count),
                       Int32(SC_ICU_ERROR_CAPACITY))
        XCTAssertEqual(out[3], 0xFFFF)
        XCTAssertEqual(ends, [-1, -1, -1, -1], "no spans of a range that was not written")
        // A locale ICU cannot format with is a failure code with ICU's reason, not a trap.
        let status = sc_icu_format_date("en@numbers=bogus", june1, 0, 0, &out, 4, &message, message.count)
        XCTAssertLessThan(status, 0)
        XCTAssertFalse(message.stringBeforeNUL.isEmpty)
        XCTAssertLessThan(sc_icu_format_date_interval("en@numbers=bogus", june1, june1, 0, 0, &out, 4, &ends, &message, message.count), 0)
    }
}
