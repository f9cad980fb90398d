@testable import Typesetting
import UnicodeText
import XCTest

/// Breaks a typographer would not choose are avoided when the title stays nearly as large.
final class BreakFlawTests: XCTestCase {
    func layout(_ text: String, width: Double, language: String = "en") throws -> TextLayout {
        let paragraph = try Paragraph(AttributedText(text, attributes: TextAttributes(sizeInPoints: 60)),
                                      library: TestFonts.library.get(), language: LanguageTag(language)!)
        return TextLayout(paragraph, options: try TextLayoutOptions(width: width, height: 300, maxLines: 3, minimumScaleFactor: 0.3))
    }

    func testEmojiPairStaysOnOneLine() throws {
        for width in [600.0, 400] {
            let l = try layout("We finally did it 🎉🥳 after all those years of waiting", width: width)
            XCTAssertTrue(l.lines.contains { $0.text.contains("🎉🥳") }, "\(width): \(l.lines.map(\.text))")
            XCTAssertEqual(l.flawedBreaksAvoided, [.splitsEmojiSequence])
        }
    }

    func testNoLineStartsWithASpacedDash() throws {
        for width in [600.0, 400] {
            let l = try layout("Our summer holiday in Portugal – Lisbon and Porto", width: width)
            XCTAssertFalse(l.lines.contains { $0.text.hasPrefix("–") }, "\(width): \(l.lines.map(\.text))")
        }
    }

    func testJapaneseWordsStayWholeWhenThatCostsLittle() throws {
        try XCTSkipUnless(TestFonts.cjkAvailable, "Noto Sans CJK is not installed")
        for width in [300.0, 350] {
            let l = try layout("明日は東京から出発します", width: width, language: "ja")
            XCTAssertEqual(l.lines.map(\.text), ["明日は東京", "から出発", "します"], "\(width)")
            XCTAssertTrue(l.breakFlaws.isEmpty)
        }
        // Kept whole also at full size, where balancing had room to move the break.
        let wide = try layout("明日の朝早く東京駅から新幹線で出発します", width: 944, language: "ja")
        XCTAssertEqual(wide.lines.map(\.text), ["明日の朝早く東京駅から", "新幹線で出発します"])
        // When keeping words whole would cost more than the allowed fraction, size wins.
        let narrow = try layout("明日は東京から出発します", width: 200, language: "ja")
        XCTAssertEqual(narrow.fontSizeInPoints, 50, accuracy: 1e-9)
        XCTAssertEqual(narrow.breakFlaws, [.insideWord, .insideWord])
    }

    func testFlawsOfBreaks() throws {
        func flaw(_ text: String, at offset: Int, words: Bool = false) throws -> BreakFlaw? {
            let units = Array(text.utf16)
            return BreakFlaw.of(breakAt: offset, in: units, words: words ? try WordBoundaries(utf16: units, locale: LocaleIdentifier("ja")) : nil)
        }
        XCTAssertEqual(try flaw("出発", at: 1, words: true), .insideWord)
        XCTAssertNil(try flaw("東京から", at: 2, words: true))
        XCTAssertEqual(try flaw("🎉🥳", at: 2), .splitsEmojiSequence)
        XCTAssertEqual(try flaw("👍🏽🎉", at: 4), .splitsEmojiSequence)
        XCTAssertNil(try flaw("🎉 🥳", at: 3))
        XCTAssertEqual(try flaw("a – b", at: 2), .dashStartsLine)
        XCTAssertNil(try flaw("a –b", at: 2))
        XCTAssertEqual(try flaw("say “yes ” now", at: 9), .closingPunctuationStartsLine)
        XCTAssertNil(try flaw("one two", at: 4))
    }
}
