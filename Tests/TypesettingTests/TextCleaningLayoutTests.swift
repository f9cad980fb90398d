import Typesetting
import XCTest

/// Tabs, controls and edge whitespace never reach the layout: no boxes, no shift off centre.
final class TextCleaningLayoutTests: XCTestCase {
    private func layout(_ text: String) throws -> TextLayout {
        let paragraph = try Paragraph(AttributedText(text, attributes: TextAttributes()), library: TestFonts.library.get())
        return TextLayout(paragraph, options: try TextLayoutOptions(width: 944, height: 300, maxLines: 3, minimumScaleFactor: 0.3))
    }

    func testTabsAndControlsDrawNoBoxes() throws {
        for text in ["Road\ttrip", "Road\u{1}trip", "Road\u{7F}trip", "Road\u{9B} trip"] {
            XCTAssertEqual(try layout(text).missingGlyphs, [], text.debugDescription)
        }
        XCTAssertEqual(try layout("Road\ttrip").lines.map(\.text), ["Road trip"])
    }

    func testLeadingNewlinesAndSpacesDoNotMoveTheTitle() throws {
        let plain = try layout("Our first apartment")
        for text in ["\n\nOur first apartment", "   Our first apartment", "\u{3000}Our first apartment\n \n"] {
            let padded = try layout(text)
            XCTAssertEqual(padded.lines.map(\.text), plain.lines.map(\.text), text.debugDescription)
            XCTAssertEqual(padded.fontSizeInPoints, plain.fontSizeInPoints, text.debugDescription)
            XCTAssertEqual(padded.size, plain.size, text.debugDescription)
        }
    }
}
