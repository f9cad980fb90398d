import Typesetting
import XCTest

/// Fitted Korean titles end their lines between words, not between the syllables of one
/// (캠|핑), unless a word is wider than the box, which is then cut as any too-wide word is.
final class KoreanWordTests: XCTestCase {
    func layout(_ text: String, width: Double, maxLines: Int = 3) throws -> TextLayout {
        try XCTSkipUnless(TestFonts.cjkAvailable, "Noto Sans CJK is not installed")
        let paragraph = try Paragraph(AttributedText(text, attributes: TextAttributes(sizeInPoints: 60)),
                                      library: TestFonts.library.get(), language: LanguageTag("ko")!)
        return TextLayout(paragraph, options: try TextLayoutOptions(width: width, height: 300, maxLines: maxLines, minimumScaleFactor: 0.3))
    }

    func testLinesEndBetweenWords() throws {
        // The snapshot template's title on a banner: two lines of 우리 가족 첫 캠|핑 여행 before.
        let title = "우리 가족 첫 캠핑 여행 2026"
        let l = try layout(title, width: 560)
        XCTAssertGreaterThan(l.lines.count, 1)
        XCTAssertEqual(l.lines.map { $0.text.trimmingCharacters(in: .whitespaces) }.joined(separator: " "), title)
        let words = Set(title.split(separator: " ").map(String.init))
        for line in l.lines {
            for word in line.text.split(separator: " ") { XCTAssertTrue(words.contains(String(word)), "\(word) in \(l.lines.map(\.text))") }
        }
        XCTAssertFalse(l.breakFlaws.contains(.splitsWord))
    }

    func testAWordWiderThanTheBoxIsStillCut() throws {
        let word = String(repeating: "대한민국만세", count: 6)
        let l = try layout(word, width: 400)
        XCTAssertFalse(l.truncated)
        XCTAssertGreaterThan(l.lines.count, 1)
        XCTAssertEqual(l.lines.map(\.text).joined(), word)
        XCTAssertTrue(l.breakFlaws.allSatisfy { $0 == .splitsWord }, "\(l.breakFlaws)")
    }
}
