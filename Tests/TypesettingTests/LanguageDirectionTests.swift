@testable import Typesetting
import TestSupport
import UnicodeText
import XCTest

/// In a language written right to left, a paragraph with at least as many right-to-left words
/// as left-to-right ones, or with no strong letter at all, reads right to left whatever it starts
/// with; elsewhere, and where the author set direction explicitly, UAX #9's first strong
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
        // No strong letter at all reads in the language's direction.
        XCTAssertEqual(try paragraph("١٢٣ 2025", language: "ar").baseDirection, .rightToLeft)
        XCTAssertEqual(try paragraph("١٢٣ 2025", language: "en").baseDirection, .leftToRight)
        // Each paragraph of a title decides alone.
        let two = try paragraph("Happy birthday\niPhone عيد سعيد", language: "ar")
        XCTAssertEqual(two.blocks.map(\.bidi.direction), [.leftToRight, .rightToLeft])
    }

    /// An English sentence with one Arabic word or name stays left to right: more of its words
    /// run that way (the review's "Meeting with محمد at 5pm", a URL, a birthday wish).
    func testASentenceMostlyInALeftToRightScriptStaysLeftToRight() throws {
        for title in ["Meeting with محمد at 5pm", "Visit https://example.com/عروض today", "Happy birthday أحمد 🎂"] {
            XCTAssertEqual(try paragraph(title, language: "ar").baseDirection, .leftToRight, title)
        }
        // A tie reads in the language's direction.
        XCTAssertEqual(try paragraph("Google מציגה", language: "he").baseDirection, .rightToLeft)
        XCTAssertEqual(try paragraph("عيد ميلاد سعيد and many more", language: "ar").baseDirection, .rightToLeft)
    }

    /// An author's direction mark, embedding or isolate keeps rule P2 (the review's leading
    /// U+200E, and a stray U+200F pasted into a Latin title).
    func testTheAuthorsOwnDirectionControlsKeepRuleP2() throws {
        XCTAssertEqual(try paragraph("\u{200E}iPhone 16 وصل إلى متجرنا", language: "ar").baseDirection, .leftToRight)
        XCTAssertEqual(try paragraph("Hello\u{200F} world", language: "ar").baseDirection, .leftToRight)
        XCTAssertEqual(try paragraph("\u{2066}iPhone 16 وصل إلى متجرنا\u{2069}", language: "ar").baseDirection, .rightToLeft,
                       "no strong letter outside the isolate: the language's direction")
        XCTAssertEqual(try paragraph("\u{202A}iPhone 16 وصل إلى متجرنا\u{202C}", language: "ar").baseDirection, .leftToRight)
    }

    /// Under natural alignment each paragraph of a text starts on its own reading side: the
    /// Arabic paragraph after an English one is set right, not left (the review's bilingual title).
    func testEachParagraphAlignsByItsOwnDirection() throws {
        for language in ["ar", "en"] {
            let layout = TextLayout(try paragraph("Hello world\nمرحبا بالعالم\nSecond line", language: language),
                                    options: try TextLayoutOptions(width: 900, height: 600, maxLines: 0, alignment: .natural,
                                                                   minimumScaleFactor: 1, adjustsFontSize: false))
            XCTAssertEqual(layout.lines.count, 3)
            XCTAssertEqual(layout.lines[0].origin.x, 0, accuracy: 1e-9, language)
            XCTAssertEqual(layout.lines[1].origin.x + layout.lines[1].width, 900, accuracy: 1e-6, language)
            XCTAssertEqual(layout.lines[2].origin.x, 0, accuracy: 1e-9, language)
        }
    }

    func testAnExplicitDirectionIsKept() throws {
        XCTAssertEqual(try paragraph("iPhone 16 في متجرنا", language: "ar", baseDirection: .leftToRight).baseDirection, .leftToRight)
        XCTAssertEqual(try paragraph("Happy birthday", language: "en", baseDirection: .rightToLeft).baseDirection, .rightToLeft)
    }
}
