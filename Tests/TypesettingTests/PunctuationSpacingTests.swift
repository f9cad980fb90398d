import Foundation
import Typesetting
import XCTest

/// Fullwidth CJK punctuation side by side, held to Chromium's `text-spacing-trim: normal`:
/// `Fixtures/punctuation-trim-chromium.json` holds the widths headless Chromium gave each string
/// in Noto Sans CJK Bold at 1000 px (font units), written by
/// `tests/reference/chromium_punctuation_trim.py`.
final class PunctuationSpacingTests: XCTestCase {
    struct Reference: Decodable {
        struct Row: Decodable {
            let lang: String, family: String, text: String
            let normal: Double, spaceAll: Double
        }
        struct Wrapped: Decodable {
            struct Line: Decodable { let text: String, width: Double }
            let lang: String, family: String, text: String, width: Double
            let lines: [Line]
        }
        let browser: String
        let rows: [Row]
        let wrapped: [Wrapped]
    }

    static let reference = Result { () throws -> Reference in
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/punctuation-trim-chromium.json")
        return try JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
    }

    private func layout(_ text: String, family: String, language: String, width: Double = 100_000,
                        features: [FontFeature] = []) throws -> TextLayout {
        let attributes = try TextAttributes(family: family, weight: .bold, sizeInPoints: 1000, features: features)
        let paragraph = try Paragraph(AttributedText(text, attributes: attributes), library: TestFonts.library.get(),
                                      language: LanguageTag(language)!)
        return TextLayout(paragraph, options: try TextLayoutOptions(width: width, maxLines: 0, alignment: .left, wrap: .greedy,
                                                                    adjustsFontSize: false))
    }

    func testAdjacentPunctuationIsSetAsChromiumSetsIt() throws {
        try XCTSkipUnless(TestFonts.cjkAvailable, "Noto Sans CJK is not installed")
        let reference = try Self.reference.get()
        XCTAssertGreaterThanOrEqual(reference.rows.count, 90)
        var trimmed = 0
        for row in reference.rows {
            let context = "\(row.lang) \(row.text) (\(reference.browser))"
            let set = try layout(row.text, family: row.family, language: row.lang)
            XCTAssertEqual(set.lines.count, 1, context)
            XCTAssertEqual(set.lines[0].width, row.normal, accuracy: 0.5, context)
            let spaced = try layout(row.text, family: row.family, language: row.lang,
                                    features: [FontFeature(tag: "halt", value: 0)!])
            XCTAssertEqual(spaced.lines[0].width, row.spaceAll, accuracy: 0.5, "with the author's halt=0: \(context)")
            if row.normal != row.spaceAll { trimmed += 1 }
        }
        XCTAssertGreaterThan(trimmed, 60, "the reference trims in most of its strings")
    }

    func testALineStartingWithAnOpeningMarkSetsItFullAsChromiumDoes() throws {
        try XCTSkipUnless(TestFonts.cjkAvailable, "Noto Sans CJK is not installed")
        let reference = try Self.reference.get()
        XCTAssertFalse(reference.wrapped.isEmpty)
        for row in reference.wrapped {
            let context = "\(row.lang) \(row.text) in \(row.width) (\(reference.browser))"
            let set = try layout(row.text, family: row.family, language: row.lang, width: row.width)
            XCTAssertEqual(set.lines.map(\.text), row.lines.map(\.text), context)
            for (line, expected) in zip(set.lines, row.lines) {
                XCTAssertEqual(line.width, expected.width, accuracy: 0.5, "\(context): \(line.text)")
            }
        }
    }

    /// What is drawn is what was measured: lines cut from the paragraph's shaping are the lines
    /// shaped again on their own, glyph for glyph; an opening mark that starts a line is drawn
    /// full (a halved one's ink is moved half an em left, past the line's start), and the line
    /// was broken knowing it, so no line is wider than its box.
    func testLinesAreDrawnAsMeasured() throws {
        try XCTSkipUnless(TestFonts.cjkAvailable, "Noto Sans CJK is not installed")
        var lineStarts = 0
        // The second reads right to left: its brackets take the paragraph's direction.
        let texts = ["「東京」「大阪」（名古屋）・「京都」、「神戸」。", "\u{200F}「東京」「大阪」（名古屋）・「京都」"]
        for (text, width) in texts.flatMap({ text in stride(from: 3000.0, through: 12000, by: 100).map { (text, $0) } }) {
            let cut = try layout(text, family: "Noto Sans CJK JP", language: "ja", width: width)
            let reshaped = try Paragraph.$reshapesEveryLine.withValue(true) {
                try layout(text, family: "Noto Sans CJK JP", language: "ja", width: width)
            }
            XCTAssertEqual(cut.lines.map(\.text), reshaped.lines.map(\.text), "at \(width)")
            for (line, again) in zip(cut.lines, reshaped.lines) {
                let context = "\(line.text) at \(width)"
                XCTAssertEqual(line.width, again.width, accuracy: 1e-6, context)
                XCTAssertLessThanOrEqual(line.width, width + 1e-6, "\(context): wider than its box")
                let glyphs = line.runs.flatMap(\.glyphs), glyphsAgain = again.runs.flatMap(\.glyphs)
                XCTAssertEqual(glyphs.map(\.id), glyphsAgain.map(\.id), context)
                for (g, h) in zip(glyphs, glyphsAgain) { XCTAssertEqual(g.position.x, h.position.x, accuracy: 1e-6, context) }
                if line.text.hasPrefix("「") || line.text.hasPrefix("（"), !text.hasPrefix("\u{200F}") {
                    lineStarts += 1
                    XCTAssertEqual(glyphs.first?.position.x ?? -1, 0, accuracy: 1e-6, "\(context): the opening mark is halved")
                }
            }
        }
        XCTAssertGreaterThan(lineStarts, 100)
    }

    /// The rules in logical order, one pair at a time, in the Japanese face (its 、。 sit in the
    /// left half of the em, its ：centred): which characters give half an em back.
    func testThePairRules() throws {
        try XCTSkipUnless(TestFonts.cjkAvailable, "Noto Sans CJK is not installed")
        let cases: [(String, Double)] = [
            ("東「京」大", 5000),    // nothing adjacent
            ("」「", 1500),         // a closing mark before an opening one: the opening one
            ("「「", 1500),         // two opening marks: the second
            ("」」", 1500),         // two closing marks: the first
            ("。」", 1500),         // a full stop is a closing mark here
            ("：「", 1500),         // a centred colon is a middle dot
            ("」：", 1500),
            ("「」", 2000),         // an opening mark before a closing one keeps both
            ("」！", 2000),         // ！ is neither
            ("\n「", 1000),         // no pair across a hard break: one line of one mark
        ]
        for (text, expected) in cases {
            let set = try layout(text, family: "Noto Sans CJK JP", language: "ja")
            XCTAssertEqual(set.lines.map(\.width).max() ?? 0, expected, accuracy: 0.5, text)
        }
    }

    /// A Latin title is passed over, and one with neither a pair nor a closing bracket is shaped
    /// once, as before; an item with pairs, closing brackets or both is shaped once more.
    func testWhatCostsAShaping() throws {
        try XCTSkipUnless(TestFonts.cjkAvailable, "Noto Sans CJK is not installed")
        for (text, expected) in [("Our first apartment together", 1), ("“Quoted” (words)", 1), ("東京、大阪。名古屋", 1),
                                 ("東京「大阪」名古屋", 2), ("東京」「大阪」「名古屋」", 2), ("「東京」「大阪", 2)] {
            let before = Shaper.shapingCallCount
            _ = try Paragraph(AttributedText(text, attributes: TextAttributes(sizeInPoints: 60)), library: TestFonts.library.get(),
                              language: LanguageTag("ja")!)
            XCTAssertEqual(Shaper.shapingCallCount - before, expected, text)
        }
    }
}
