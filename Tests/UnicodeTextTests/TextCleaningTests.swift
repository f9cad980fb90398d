import UnicodeText
import XCTest

final class TextCleaningTests: XCTestCase {
    func testTabsBecomeSpacesAndControlsGo() {
        XCTAssertEqual(TextCleaning.cleaned("Tab\there"), "Tab here")
        XCTAssertEqual(TextCleaning.cleaned("a\u{1}b\u{7F}c\u{80}d\u{9F}e\u{0}f"), "abcdef")
        // Format characters are not controls.
        XCTAssertEqual(TextCleaning.cleaned("👩\u{200D}💻 \u{200F}x\u{FE0F}"), "👩\u{200D}💻 \u{200F}x\u{FE0F}")
    }

    func testEachParagraphIsTrimmed() {
        XCTAssertEqual(TextCleaning.cleaned("  Hello  "), "Hello")
        XCTAssertEqual(TextCleaning.cleaned(" one \n\t two\u{3000}\r\n\u{A0}three "), "one\ntwo\r\nthree")
        XCTAssertEqual(TextCleaning.cleaned("line\u{2028}  next"), "line\u{2028}next")
    }

    func testLeadingAndTrailingEmptyLinesGoButInnerOnesStay() {
        XCTAssertEqual(TextCleaning.cleaned("\n\n  Hello\n\n"), "Hello")
        XCTAssertEqual(TextCleaning.cleaned("\r\n \nA\n\nB\n \n"), "A\n\nB")
    }

    func testWhitespaceIsTrimmedByWholeCharacters() {
        // A combining mark on a space belongs to the space.
        XCTAssertEqual(TextCleaning.cleaned(" \u{301}x"), "x")
        XCTAssertEqual(TextCleaning.cleaned("x \u{301}"), "x")
    }

    func testBlankAndCleanTexts() {
        XCTAssertEqual(TextCleaning.cleaned(" \t\n\u{1} "), "")
        XCTAssertEqual(TextCleaning.cleaned(""), "")
        XCTAssertTrue(TextCleaning.isClean("Our first apartment\ntogether"))
        XCTAssertFalse(TextCleaning.isClean("Our first apartment \n"))
    }
}
