@testable import UnicodeText
import XCTest

final class TextCleaningTests: XCTestCase {
    func testTabsBecomeSpacesAndControlsGo() {
        XCTAssertEqual(TextCleaning.cleaned("Tab\there"), "Tab here")
        XCTAssertEqual(TextCleaning.cleaned("a\u{1}b\u{7F}c\u{80}d\u{9F}e\u{0}f"), "abcdef")
        // Format characters are not controls.
        XCTAssertEqual(TextCleaning.cleaned("👩\u{200D}💻 \u{200F}x\u{FE0F}"), "👩\u{200D}💻 \u{200F}x\u{FE0F}")
    }

    /// No font draws a noncharacter: it would be a box. Private-use characters stay (an icon
    /// font may map them).
    func testNoncharactersGoAndPrivateUseStays() {
        func text(_ values: UInt32...) -> String { String(String.UnicodeScalarView(values.map { Unicode.Scalar($0)! })) }
        XCTAssertEqual(TextCleaning.cleaned(text(0x61, 0xFFFF, 0x62, 0xFFFE, 0x63, 0xFDD0, 0x64, 0xFDEF, 0x65, 0x1FFFF, 0x66, 0x10FFFE, 0x67)),
                       "abcdefg")
        let kept = text(0x78, 0xFDCF, 0xFDF0, 0xE000, 0x10FFFD)
        XCTAssertEqual(TextCleaning.cleaned(kept), kept)
        XCTAssertEqual(TextCleaning.cleaned(text(0xFFFF, 0x20, 0x48, 0x69, 0x20, 0xFFFE)), "Hi")
        XCTAssertEqual(TextCleaning.cleaned(text(0xFFFF, 0xFDD0)), "")
    }

    /// The value test is Unicode's property, for every scalar.
    func testTheNoncharacterTestIsUnicodesProperty() {
        var found = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            XCTAssertEqual(TextCleaning.isNoncharacter(scalar), scalar.properties.isNoncharacterCodePoint, "U+\(String(value, radix: 16))")
            if scalar.properties.isNoncharacterCodePoint { found += 1 }
        }
        XCTAssertEqual(found, 66)
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

    /// Printable ASCII without a space at either end is returned at once; the full rule (made
    /// to run by a letter beyond ASCII at the end) leaves the same text unchanged too.
    func testPlainASCIITitlesAreAlreadyClean() {
        var generator = SystemRandomNumberGenerator()
        let printable = (0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }
        for _ in 0..<5_000 {
            var text = String((0..<Int.random(in: 0...40, using: &generator)).map { _ in printable.randomElement(using: &generator)! })
            while text.first == " " { text.removeFirst() }
            while text.last == " " { text.removeLast() }
            XCTAssertEqual(TextCleaning.cleaned(text), text)
            XCTAssertEqual(TextCleaning.cleaned(text + "\u{E9}"), text + "\u{E9}")
        }
        XCTAssertEqual(TextCleaning.cleaned(" Launch "), "Launch")
        XCTAssertEqual(TextCleaning.cleaned("Launch\u{7F}"), "Launch")
    }
}
