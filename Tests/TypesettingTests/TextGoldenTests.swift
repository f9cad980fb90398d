import Foundation
import Geometry
import Raster
import TestSupport
import Typesetting
import XCTest

/// Fitted titles as they are drawn on a card, one golden image per case.
final class TextGoldenTests: XCTestCase {
    static let golden = GoldenImage(directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden"))
    var library: FontLibrary!
    let cache = GlyphCache()

    override func setUpWithError() throws { library = try TestFonts.library.get() }

    /// The classic card: text fitted into (40, 140, 944, 300), at most 3 lines, on purple.
    func card(_ text: AttributedText, language: String = "en", options: TextLayoutOptions? = nil) throws -> Image {
        let canvas = try Canvas(size: Size(width: 1024, height: 576), background: Color(hex: "#7b4397")!)
        let paragraph = try Paragraph(text, library: library, language: LanguageTag(language)!)
        let layout = TextLayout(paragraph, options: try options ?? TextLayoutOptions(width: 944, height: 300, maxLines: 3, minimumScaleFactor: 0.3))
        XCTAssertTrue(layout.missingGlyphs.isEmpty, "tofu: \(layout.missingGlyphs)")
        canvas.draw(layout, at: Point(x: 40, y: 140), cache: cache)
        return canvas.makeImage()
    }

    func card(_ string: String, language: String = "en") throws -> Image {
        try card(AttributedText(string, attributes: TextAttributes()), language: language)
    }

    func testLatin() throws { try Self.golden.check(card("Our first apartment together"), named: "title-latin") }
    func testGreekAndCyrillic() throws { try Self.golden.check(card("Καλό ταξίδι · Счастливого пути"), named: "title-greek-cyrillic") }
    func testArabic() throws { try Self.golden.check(card("عيد ميلاد سعيد يا أمي الغالية", language: "ar"), named: "title-arabic") }
    func testHebrew() throws { try Self.golden.check(card("שנה טובה ומתוקה לכל המשפחה", language: "he"), named: "title-hebrew") }
    func testDevanagari() throws { try Self.golden.check(card("शादी की सालगिरह मुबारक हो", language: "hi"), named: "title-devanagari") }
    func testThai() throws { try Self.golden.check(card("สวัสดีปีใหม่ ขอให้มีความสุขมาก ๆ", language: "th"), named: "title-thai") }
    func testChinese() throws { try Self.golden.check(card("我们的第一个家，二〇二四年春天", language: "zh-Hans"), named: "title-chinese") }
    func testJapanese() throws { try Self.golden.check(card("東京への家族旅行、とても楽しかった！", language: "ja"), named: "title-japanese") }
    /// Adjacent brackets give back half an em each (`PunctuationSpacing`): 」「, ）「 and 」。 sit
    /// close, as a browser sets them.
    func testJapanesePunctuationSideBySide() throws {
        try Self.golden.check(card("「東京」「大阪」（二〇二六）「夏の旅」。", language: "ja"), named: "title-japanese-punctuation")
    }
    func testKorean() throws { try Self.golden.check(card("우리의 첫 번째 집들이 파티", language: "ko"), named: "title-korean") }
    func testMixedRightToLeftAndLeftToRight() throws {
        try Self.golden.check(card("Trip to ירושלים and القدس in 2024 (with Dana)", language: "en"), named: "title-mixed-bidi")
    }
    func testEmojiSequences() throws {
        try Self.golden.check(card("Family day 👨‍👩‍👧‍👦 👍🏽 🇯🇵 🏳️‍🌈 1️⃣ ❤️‍🔥"), named: "title-emoji")
    }
    func testLongTitleShrinksIntoThreeBalancedLines() throws {
        try Self.golden.check(card("The day we adopted Biscuit, the scruffiest little terrier in the whole shelter, and took him home in the rain after a long week"),
                              named: "title-long-balanced")
    }
    func testTooLongEvenAtMinimumSizeGetsAnEllipsis() throws {
        try Self.golden.check(card(String(repeating: "So many wonderful memories of that summer by the sea. ", count: 10)), named: "title-ellipsis")
    }
    func testAttributedLargeWordRaisesItsLine() throws {
        let regular = try TextAttributes(sizeInPoints: 40)
        let big = try TextAttributes(sizeInPoints: 80, color: Color(hex: "#ffd166")!)
        let text = try AttributedText([("We finally got the ", regular), ("KEYS", big), (" to our new home after months of waiting", regular)])
        try Self.golden.check(card(text, options: TextLayoutOptions(width: 944, height: 300, maxLines: 3, minimumScaleFactor: 0.3)),
                              named: "title-attributed")
    }
}
