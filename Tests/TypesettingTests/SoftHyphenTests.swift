@testable import Typesetting
import TestSupport
import XCTest

/// A soft hyphen (U+00AD) is the author's hyphenation point: invisible while the word is whole,
/// a hyphen at the end of the line when the line breaks there (Unicode §23.2, as browsers draw
/// it), and a flawed break like a dictionary's, taken only when it is worth its size.
final class SoftHyphenTests: XCTestCase {
    private func layout(_ text: String, width: Double, maxLines: Int = 0) throws -> TextLayout {
        let library = try TestFonts.library.get()
        let paragraph = try Paragraph(AttributedText(text, attributes: TextAttributes(sizeInPoints: 60)), library: library)
        return TextLayout(paragraph, options: try TextLayoutOptions(width: width, height: 400, maxLines: maxLines, minimumScaleFactor: 0.1))
    }

    func testALineEndingAtASoftHyphenShowsAHyphen() throws {
        let split = try layout("Extra\u{AD}ordinary", width: 150, maxLines: 2)
        XCTAssertEqual(split.lines.count, 2)
        XCTAssertEqual(split.lines[0].text, "Extra\u{AD}\u{2010}")
        XCTAssertEqual(split.lines[1].text, "ordinary")
        XCTAssertEqual(split.breakFlaws, [.hyphenated])
        // The hyphen is drawn, rightmost, within the box.
        let glyphs = split.lines[0].runs.flatMap { run in run.glyphs.map { (run.face, $0) } }
        let hyphen = try XCTUnwrap(glyphs.first { face, glyph in glyph.id == face.glyphID(for: "\u{2010}") })
        XCTAssertEqual(hyphen.1.position.x, glyphs.map(\.1.position.x).max())
        XCTAssertLessThanOrEqual(split.lines[0].width, 150 + 1e-6)
    }

    func testAWordThatFitsWholeKeepsItsSoftHyphensHidden() throws {
        let whole = try layout("Extra\u{AD}ordinary day", width: 900)
        XCTAssertEqual(whole.lines.map(\.text), ["Extra\u{AD}ordinary day"])
        XCTAssertEqual(whole.fontSizeInPoints, try layout("Extraordinary day", width: 900).fontSizeInPoints)
        // A break at a soft hyphen costs as a flawed one: avoided when whole words keep the size.
        let twoLines = try layout("Extra\u{AD}ordinary day", width: 420, maxLines: 2)
        XCTAssertEqual(twoLines.lines.map(\.text), ["Extra\u{AD}ordinary", "day"])
    }
}
