@testable import Typesetting
import TestSupport
import XCTest

/// A paragraph takes Unicode 15.1's break before a bracket after a closing quote, so a title
/// with a parenthesis after a quotation fits at the size it would without the parenthesis.
final class QuoteBracketParagraphTests: XCTestCase {
    func testATitleWithABracketAfterAQuoteIsNotShrunkForIt() throws {
        let library = try TestFonts.library.get()
        func fitted(_ text: String) throws -> Double {
            let paragraph = try Paragraph(AttributedText(text, attributes: TextAttributes(sizeInPoints: 60)), library: library)
            return TextLayout(paragraph, options: try TextLayoutOptions(width: 300, height: 300, maxLines: 0, minimumScaleFactor: 0.1))
                .fontSizeInPoints
        }
        XCTAssertEqual(try fitted("Mary said \"congratulations\" (and cried)"), try fitted("Mary said \"congratulations\"  and cried)"),
                       accuracy: 0.01)
    }
}
