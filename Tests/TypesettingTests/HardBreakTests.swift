import Typesetting
import XCTest

/// Hard line breaks are kept while they fit; beyond the line limit they become spaces when
/// that sets the text larger.
final class HardBreakTests: XCTestCase {
    func layout(_ text: String, maxLines: Int = 3) throws -> TextLayout {
        let paragraph = try Paragraph(AttributedText(text, attributes: TextAttributes(sizeInPoints: 60)),
                                      library: TestFonts.library.get())
        return TextLayout(paragraph, options: try TextLayoutOptions(width: 944, height: 300, maxLines: maxLines, minimumScaleFactor: 0.3))
    }

    func testMoreHardBreaksThanLinesAreReadAsSpacesWhenThatIsLarger() throws {
        let poem = try layout("Roses are red,\nviolets are blue,\nwe got married\nand so did you!")
        XCTAssertFalse(poem.truncated)
        XCTAssertEqual(poem.fontSizeInPoints, 60, accuracy: 1e-9)
        XCTAssertTrue(poem.hardBreaksSoftened)
        XCTAssertLessThanOrEqual(poem.lines.count, 3)
        XCTAssertEqual(poem.lines.map(\.text).joined(separator: " "), "Roses are red, violets are blue, we got married and so did you!")
    }

    func testHardBreaksWithinTheLimitAreKept() throws {
        let kept = try layout("Roses are red,\nviolets are blue,\nwe got married")
        XCTAssertFalse(kept.hardBreaksSoftened)
        XCTAssertEqual(kept.lines.map(\.text), ["Roses are red,", "violets are blue,", "we got married"])
        let unlimited = try layout("a\nb\nc\nd\ne", maxLines: 0)
        XCTAssertEqual(unlimited.lines.map(\.text), ["a", "b", "c", "d", "e"])
    }

    /// A CR LF is one break as written, and one space when softened, as LF alone is: not two
    /// spaces, which only a line's edge would trim.
    func testCarriageReturnLineFeedSoftensToOneSpace() throws {
        let title = "Our\nfirst\napartment\ntogether\nin\nthe city"
        let lf = try layout(title, maxLines: 2)
        let crlf = try layout(title.replacingOccurrences(of: "\n", with: "\r\n"), maxLines: 2)
        XCTAssertTrue(lf.hardBreaksSoftened)
        XCTAssertTrue(crlf.hardBreaksSoftened)
        XCTAssertEqual(crlf.fontSizeInPoints, lf.fontSizeInPoints, accuracy: 1e-9)
        XCTAssertEqual(crlf.lines.map { $0.text.replacingOccurrences(of: "\u{2060}", with: "") }, lf.lines.map(\.text))
        XCTAssertEqual(crlf.lines.map(\.width), lf.lines.map(\.width))
        XCTAssertEqual(crlf.lines.map(\.origin), lf.lines.map(\.origin))
        // A lone CR is a break of its own, and a space when softened.
        let cr = try layout(title.replacingOccurrences(of: "\n", with: "\r"), maxLines: 2)
        XCTAssertEqual(cr.lines.map(\.text), lf.lines.map(\.text))
    }

    /// A blank line (two newlines, or more, or a newline and a paragraph separator) softens
    /// to one space as one newline does: it read as a double word space.
    func testABlankLineSoftensToOneSpace() throws {
        let title = "Our\nfirst\napartment\ntogether\nin\nthe city"
        let one = try layout(title, maxLines: 2)
        for blank in ["\n\n", "\n\n\n", "\r\n\r\n", "\n\u{2029}"] {
            let soft = try layout(title.replacingOccurrences(of: "\n", with: blank), maxLines: 2)
            XCTAssertTrue(soft.hardBreaksSoftened, blank.debugDescription)
            XCTAssertEqual(soft.fontSizeInPoints, one.fontSizeInPoints, accuracy: 1e-9, blank.debugDescription)
            XCTAssertEqual(soft.lines.map { $0.text.replacingOccurrences(of: "\u{2060}", with: "") }, one.lines.map(\.text), blank.debugDescription)
            XCTAssertEqual(soft.lines.map(\.width), one.lines.map(\.width), blank.debugDescription)
        }
    }

    func testRightToLeftAndSeparatorsOtherThanNewline() throws {
        let hebrew = try layout("שנה טובה\u{2029}ומתוקה לכל\r\nהמשפחה\u{2028}והחברים", maxLines: 2)
        XCTAssertFalse(hebrew.truncated)
        XCTAssertTrue(hebrew.hardBreaksSoftened)
        XCTAssertEqual(hebrew.lines.count, 2)
        XCTAssertGreaterThan(hebrew.lines[0].origin.x + hebrew.lines[0].width, 0)
    }
}
