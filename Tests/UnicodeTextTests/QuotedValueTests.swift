import UnicodeText
import XCTest

final class QuotedValueTests: XCTestCase {
    func testControlsFormatCharactersAndQuotesAreEscaped() {
        XCTAssertEqual(QuotedValue.quoted("\u{1B}[31mRED"), #""\u{1B}[31mRED""#)
        XCTAssertEqual(QuotedValue.quoted("a\u{202E}b\u{2066}c\u{200B}d"), #""a\u{202E}b\u{2066}c\u{200B}d""#)
        XCTAssertEqual(QuotedValue.quoted("line\u{2028}break\nnext\u{85}"), #""line\u{2028}break\nnext\u{0085}""#)
        XCTAssertEqual(QuotedValue.quoted(#"say "hi" \ bye"#), #""say \"hi\" \\ bye""#)
        XCTAssertEqual(QuotedValue.quoted("café עברית 😀"), "\"café עברית 😀\"", "letters and emoji stay as typed")
    }

    /// A plain value is shown as typed; one with a character to escape, or an empty one
    /// (which would leave nothing to see where it stands), in quotes.
    func testShownIsAsTypedUnlessItWouldHideSomething() {
        XCTAssertEqual(QuotedValue.shown("cards/café.png"), "cards/café.png")
        XCTAssertEqual(QuotedValue.shown("a\nb"), #""a\nb""#)
        XCTAssertEqual(QuotedValue.shown(""), #""""#)
    }

    func testLongValuesAreCutByCodePoints() {
        XCTAssertEqual(QuotedValue.quoted(String(repeating: "a", count: 80)), "\"" + String(repeating: "a", count: 80) + "\"")
        XCTAssertEqual(QuotedValue.quoted(String(repeating: "a", count: 81)), "\"" + String(repeating: "a", count: 80) + "…\"")
        // One character with 60,000 marks is cut too: the limit counts code points.
        let marks = "e" + String(repeating: "\u{301}", count: 60_000)
        XCTAssertEqual(QuotedValue.quoted(marks, maximumScalars: 3), "\"e\u{301}\u{301}…\"")
    }
}
