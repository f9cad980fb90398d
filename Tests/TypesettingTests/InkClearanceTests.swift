@testable import Typesetting
import TestSupport
import XCTest

/// Stacked marks above a capital (Vietnamese Ỗ, Ẫ, Ễ) reach past Quicksand's ascent: such a line
/// is made that much taller, with TeX's `\lineskip` of clearance, so its marks never touch the
/// descenders of the line above; lines without such ink keep the face's line box.
final class InkClearanceTests: XCTestCase {
    private func layout(_ text: String) throws -> TextLayout {
        let library = try TestFonts.library.get()
        let paragraph = try Paragraph(AttributedText(text, attributes: TextAttributes(sizeInPoints: 60)), library: library,
                                      language: LanguageTag("vi")!)
        return TextLayout(paragraph, options: try TextLayoutOptions(width: 2000, height: 2000, maxLines: 0, minimumScaleFactor: 1))
    }

    /// The highest and lowest ink of a line (its runs are placed on the layout's y-down axis).
    private func ink(_ line: TextLayout.Line) -> (top: Double, bottom: Double) {
        var top = Double.infinity, bottom = -Double.infinity
        for run in line.runs {
            let k = run.fontSizeInPoints / Double(run.face.unitsPerEm)
            for glyph in run.glyphs {
                guard let reach = run.face.inkReach(of: glyph.id) else { continue }
                top = min(top, glyph.position.y - Double(reach.top) * k)
                bottom = max(bottom, glyph.position.y + Double(reach.bottom) * k)
            }
        }
        return (top, bottom)
    }

    func testStackedMarksClearTheDescendersAbove() throws {
        let lines = try layout("ggg ygq\nỖỖỖ ỖỖỖ").lines
        XCTAssertEqual(lines.count, 2)
        let gap = ink(lines[1]).top - ink(lines[0]).bottom
        XCTAssertGreaterThanOrEqual(gap, 0.1 * 60 - 0.01, "\(gap) points between the g's tails and the tildes")
    }

    func testLinesWithoutTallInkKeepTheFacesLineBox() throws {
        // Quicksand: ascent 1000, descent 250 units, no gap: 75 points at 60 pt.
        let lines = try layout("Gặp gỡ gia đình\nChúc mừng").lines
        XCTAssertEqual(lines[1].origin.y - lines[0].origin.y, 75, accuracy: 0.01)
        let tall = try layout("Chúc mừng\nỖng Ẵm").lines
        XCTAssertGreaterThan(tall[1].origin.y - tall[0].origin.y, 75 + 0.1 * 60)
    }
}
