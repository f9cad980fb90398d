@testable import Typesetting
import TestSupport
import XCTest

/// A word joined by no-break spaces that must be cut anyway is cut after a no-break space,
/// never before one: no line starts indented by a blank, and the one it ends hangs as a
/// space does.
final class NoBreakSpaceCutTests: XCTestCase {
    func testNoLineStartsWithANoBreakSpace() throws {
        let library = try TestFonts.library.get()
        for space in ["\u{00A0}", "\u{202F}", "\u{2007}"] {
            let text = ["aaa", "bbb", "ccc", "ddd"].joined(separator: space)
            let paragraph = try Paragraph(AttributedText(text, attributes: TextAttributes(sizeInPoints: 60)), library: library)
            let layout = TextLayout(paragraph, options: try TextLayoutOptions(width: 200, height: .infinity, maxLines: 0, wrap: .greedy,
                                                                                minimumScaleFactor: 1))
            XCTAssertGreaterThan(layout.lines.count, 1)
            for line in layout.lines {
                XCTAssertFalse(line.text.hasPrefix(space), "\(line.text.unicodeScalars.map { String($0.value, radix: 16) })")
                XCTAssertLessThanOrEqual(line.width, 200 + 1e-6)
            }
            // Every letter is on a line; a line's text leaves out the space its end hangs.
            XCTAssertEqual(layout.lines.map { $0.text }.joined().replacingOccurrences(of: space, with: ""), "aaabbbcccddd")
        }
    }
}
