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

    func testRightToLeftAndSeparatorsOtherThanNewline() throws {
        let hebrew = try layout("שנה טובה\u{2029}ומתוקה לכל\r\nהמשפחה\u{2028}והחברים", maxLines: 2)
        XCTAssertFalse(hebrew.truncated)
        XCTAssertTrue(hebrew.hardBreaksSoftened)
        XCTAssertEqual(hebrew.lines.count, 2)
        XCTAssertGreaterThan(hebrew.lines[0].origin.x + hebrew.lines[0].width, 0)
    }
}
