import UnicodeText
import XCTest

/// Unicode 15.1's LB15a: a break is allowed before an opening bracket after a quotation mark
/// and spaces, unless the mark is an initial quote that starts a quotation. Expected breaks are
/// worked out from the rules of UAX #14 revision 51, not from the code.
final class QuoteBracketBreakingTests: XCTestCase {
    /// Whether a line may end just before the first `(`/`[` of `text` (after its spaces).
    /// `tailored` false: ICU's own breaks.
    private func breaksBeforeBracket(_ text: String, tailored: Bool = true) throws -> Bool {
        let units = Array(text.utf16)
        let offset = try XCTUnwrap(units.firstIndex { $0 == 0x28 || $0 == 0x5B })
        let icu = try LineBreaks(utf16: units)
        let breaks = tailored ? icu.breakingBeforeBracketsAfterQuotes(in: units) : icu
        return breaks.contains { $0.offset == offset }
    }

    func testAClosingQuoteThenSpaceMayBreakBeforeABracket() throws {
        // ICU 72 (Unicode 15.0's LB15, QU SP* × OP) gives no break here.
        XCTAssertFalse(try breaksBeforeBracket("Mary said “congratulations” (and cried)", tailored: false))
        XCTAssertTrue(try breaksBeforeBracket("Mary said “congratulations” (and cried)"))
        XCTAssertTrue(try breaksBeforeBracket("He said \"hello\" (and left)"))
        XCTAssertTrue(try breaksBeforeBracket("She said ’yes’   [twice]"))
        XCTAssertTrue(try breaksBeforeBracket("le « oui » (enfin)"))
        // German: “ is an initial quote (Pi) closing the quotation after a letter: not LB15a.
        XCTAssertTrue(try breaksBeforeBracket("„Hallo“ (und)"))
    }

    func testAnInitialQuoteThatStartsAQuotationKeepsWhatFollows() throws {
        for text in ["“ (aside)", "say “ (aside)", "(“ [x]", "word\u{00A0}“ (x)", "a\n“ (x)"] {
            XCTAssertFalse(try breaksBeforeBracket(text), text)
        }
    }

    func testOtherBreaksAreUntouched() throws {
        for text in ["Mary said “congratulations” (and cried)", "no quotes (here) at all", "“quoted” text", "a ( b"] {
            let units = Array(text.utf16)
            let plain = try LineBreaks(utf16: units).map(\.offset)
            let tailored = try LineBreaks(utf16: units).breakingBeforeBracketsAfterQuotes(in: units).map(\.offset)
            XCTAssertEqual(Set(plain).subtracting(tailored), [], text)
            XCTAssertEqual(tailored, tailored.sorted(), text)
            XCTAssertEqual(Set(tailored).count, tailored.count, text)
        }
        // No quote before the spaces: nothing added (ICU already breaks after a space before "(").
        let units = Array("no quotes (here)".utf16)
        XCTAssertEqual(try LineBreaks(utf16: units).breakingBeforeBracketsAfterQuotes(in: units).map(\.offset),
                       try LineBreaks(utf16: units).map(\.offset))
    }
}
