@testable import Typesetting
import TestSupport
import UnicodeText
import XCTest

/// In a language written right to left, a paragraph holding a right-to-left letter is right to
/// left whatever it starts with; elsewhere, and without such a letter, UAX #9's first strong
/// character decides (rule P2).
final class LanguageDirectionTests: XCTestCase {
    func testICUKnowsWhichLanguagesAreWrittenRightToLeft() {
        for tag in ["ar", "ar-EG", "he", "he-IL", "fa", "ur", "ug", "ps", "ckb", "yi", "az-Arab", "pa-Arab", "dv", "sd"] {
            XCTAssertTrue(LanguageDirection.isRightToLeft(tag: tag), tag)
        }
        for tag in ["en", "az", "sr-Latn", "ja", "zh-Hant", "hi", "ku", "ar-Latn", "", "x", "@@", "en-u-nu-arab", "a-very-bad-tag-indeed-xyz"] {
            XCTAssertFalse(LanguageDirection.isRightToLeft(tag: tag), tag)
        }
    }

    private func paragraph(_ text: String, language: String,
                           baseDirection: BidiParagraph.BaseDirection = .auto) throws -> Paragraph {
        try Paragraph(AttributedText(text, attributes: TextAttributes(sizeInPoints: 40)), library: TestFonts.library.get(),
                      language: LanguageTag(language)!, baseDirection: baseDirection)
    }

    func testAnArabicSentenceOpeningWithABrandNameIsRightToLeftInArabic() throws {
        let title = "iPhone 16 في متجرنا"
        let arabic = try paragraph(title, language: "ar")
        XCTAssertEqual(arabic.baseDirection, .rightToLeft)
        // Shown left to right, the Arabic words stand left of the name they follow.
        let order = try arabic.blocks[0].bidi.line(0..<title.utf16.count).visualOrder
        let nameColumn = order.firstIndex(of: 0)!, firstArabicColumn = order.firstIndex(of: 10)!
        XCTAssertGreaterThan(nameColumn, firstArabicColumn)
        XCTAssertEqual(Paragraph.readingDirection(of: title, language: LanguageTag("ar")!), .rightToLeft)
        // In English the first strong letter decides, as before.
        XCTAssertEqual(try paragraph(title, language: "en").baseDirection, .leftToRight)
        XCTAssertEqual(Paragraph.readingDirection(of: title, language: LanguageTag("en")!), .leftToRight)
        XCTAssertEqual(try paragraph("Netflix ليلة الفيلم", language: "ur").baseDirection, .rightToLeft)
        XCTAssertEqual(try paragraph("Google מציגה", language: "he").baseDirection, .rightToLeft)
    }

    func testAParagraphWithoutRightToLeftLettersKeepsRuleP2() throws {
        XCTAssertEqual(try paragraph("Happy birthday 2025", language: "ar").baseDirection, .leftToRight)
        XCTAssertEqual(Paragraph.readingDirection(of: "Happy birthday", language: LanguageTag("fa")!), .leftToRight)
        // Arabic-Indic digits alone are not letters: no strong character, left to right.
        XCTAssertEqual(try paragraph("١٢٣ 2025", language: "ar").baseDirection, .leftToRight)
        // Each paragraph of a title decides alone.
        let two = try paragraph("Happy birthday\niPhone عيد سعيد", language: "ar")
        XCTAssertEqual(two.blocks.map(\.bidi.direction), [.leftToRight, .rightToLeft])
    }

    func testAnExplicitDirectionIsKept() throws {
        XCTAssertEqual(try paragraph("iPhone 16 في متجرنا", language: "ar", baseDirection: .leftToRight).baseDirection, .leftToRight)
        XCTAssertEqual(try paragraph("Happy birthday", language: "en", baseDirection: .rightToLeft).baseDirection, .rightToLeft)
    }
}
