@testable import Typesetting
import TestSupport
import XCTest

/// A truncated last line is set in the direction of the paragraph it comes from (UAX #9 P2–P3
/// take each paragraph's base direction on its own): the ellipsis ends an English line on its
/// right even under an Arabic first paragraph, and an Arabic line on its left under an English
/// one.
final class TruncationDirectionTests: XCTestCase {
    /// Where the ellipsis is on the last line: the glyphs left and right of it, by x.
    private func ellipsisSide(_ text: String) throws -> (isLeftmost: Bool, isRightmost: Bool) {
        let library = try TestFonts.library.get()
        let paragraph = try Paragraph(AttributedText(text, attributes: TextAttributes(sizeInPoints: 40)), library: library)
        let layout = TextLayout(paragraph, options: try TextLayoutOptions(width: 600, height: 1000, maxLines: 2, minimumScaleFactor: 1))
        XCTAssertTrue(layout.truncated)
        let line = try XCTUnwrap(layout.lines.last)
        let glyphs = line.runs.flatMap { run in run.glyphs.map { (run.face, $0) } }
        let ellipses = glyphs.filter { face, glyph in face.glyphID(for: "\u{2026}") == glyph.id }
        XCTAssertEqual(ellipses.count, 1, line.text)
        let x = try XCTUnwrap(ellipses.first).1.position.x
        let xs = glyphs.map(\.1.position.x)
        return (x <= xs.min()!, x >= xs.max()!)
    }

    func testAnEnglishLineUnderAnArabicOneEndsOnTheRight() throws {
        let side = try ellipsisSide("حفلة الليلة\nSee you all at the big party tonight, dear friends and neighbours of ours!")
        XCTAssertTrue(side.isRightmost)
        XCTAssertFalse(side.isLeftmost)
    }

    func testAnArabicLineUnderAnEnglishOneEndsOnTheLeft() throws {
        let side = try ellipsisSide("Party tonight\nمرحبا بكم في حفلة عيد الميلاد السنوية الكبيرة لعائلتنا العزيزة في القاهرة")
        XCTAssertTrue(side.isLeftmost)
        XCTAssertFalse(side.isRightmost)
    }

    func testOneParagraphKeepsItsOwnDirection() throws {
        XCTAssertTrue(try ellipsisSide("See you all at the big party tonight, dear friends and neighbours of ours, all of you!").isRightmost)
        XCTAssertTrue(try ellipsisSide("مرحبا بكم في حفلة عيد الميلاد السنوية الكبيرة لعائلتنا العزيزة في القاهرة الجميلة").isLeftmost)
    }
}
