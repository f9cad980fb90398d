import Foundation
import Typesetting
import XCTest

/// How the fallback chain picks a face: by presentation selector, by script (opening only the
/// faces it tries), and by the Han variant the text itself implies.
final class FallbackSelectionTests: XCTestCase {
    private func library() throws -> FontLibrary { try TestFonts.library.get() }

    /// The faces the runs of a laid-out title were drawn with, by family.
    private func families(_ text: String, language: String = "en") throws -> [String] {
        let paragraph = try Paragraph(AttributedText(text, attributes: TextAttributes()), library: library(),
                                      language: try XCTUnwrap(LanguageTag(language)))
        let layout = TextLayout(paragraph, options: try TextLayoutOptions(width: 944, height: 300, maxLines: 3))
        XCTAssertEqual(layout.missingGlyphs, [], text)
        return layout.lines.flatMap(\.runs).map(\.face.family)
    }

    func testTextPresentationSelectorPicksAnOutlineFace() throws {
        let fonts = try library()
        for symbol in ["\u{2764}\u{FE0E}", "\u{2708}\u{FE0E}", "\u{263A}\u{FE0E}"] {
            let face = try XCTUnwrap(fonts.face(for: symbol.unicodeScalars, preferred: fonts.titleFace, weight: .bold), symbol)
            XCTAssertFalse(face.isColorBitmap, "\(symbol.unicodeScalars.first!) with U+FE0E drew with \(face)")
            XCTAssertTrue(face.family.hasPrefix("Noto Sans Symbols"), "\(face)")
        }
        // The same characters with U+FE0F stay colour emoji.
        for symbol in ["\u{2764}\u{FE0F}", "\u{2708}\u{FE0F}", "\u{263A}\u{FE0F}"] {
            XCTAssertEqual(fonts.face(for: symbol.unicodeScalars, preferred: fonts.titleFace)?.isColorBitmap, true, symbol)
        }
        XCTAssertFalse(try families("I \u{2764}\u{FE0E} Paris").contains("Noto Color Emoji"))
        XCTAssertTrue(try families("I \u{2764}\u{FE0F} Paris").contains("Noto Color Emoji"))
    }

    /// A variation selector after a character that is not an emoji selects nothing: a stray
    /// U+FE0F after a space sent the space to the colour face, set an emoji wide (a hole in
    /// the title), and one after a letter sent the letter there.
    func testAStrayEmojiSelectorAfterTextIsIgnored() throws {
        XCTAssertFalse(try families("Lone VS \u{FE0F} start").contains("Noto Color Emoji"))
        XCTAssertFalse(try families("Lone VS\u{FE0F} start").contains("Noto Color Emoji"))
        XCTAssertFalse(try families("Lone VS \u{FE0E} start").contains("Noto Sans Symbols"))
        let paragraph = { (text: String) in
            try Paragraph(AttributedText(text, attributes: TextAttributes()), library: self.library(), language: try XCTUnwrap(LanguageTag("en")))
        }
        let options = try TextLayoutOptions(width: 2000, height: 300, maxLines: 1)
        XCTAssertEqual(TextLayout(try paragraph("Lone VS \u{FE0F} start"), options: options).size.width,
                       TextLayout(try paragraph("Lone VS  start"), options: options).size.width, accuracy: 0.01)
        // After an emoji it still selects.
        XCTAssertTrue(try families("I \u{2764}\u{FE0F} Paris").contains("Noto Color Emoji"))
    }

    /// Punctuation and marks of no script of their own that are used only with some scripts
    /// (Script_Extensions) find those scripts' faces wherever they stand, not only beside a
    /// letter of the script: the Arabic comma after a Latin name, the danda after English.
    func testScriptExtensionsFindTheFaceOfAScriptsOwnPunctuation() throws {
        let fonts = try library()
        let expected: [(String, String)] = [("\u{060C}", "Noto Sans Arabic"), ("\u{061F}", "Noto Sans Arabic"),
                                            ("\u{061B}", "Noto Sans Arabic"), ("\u{0964}", "Noto Sans Devanagari"),
                                            ("\u{0965}", "Noto Sans Devanagari")]
        for (mark, family) in expected {
            XCTAssertFalse(fonts.titleFace.covers(Array(mark.unicodeScalars)), "the title face would need no fallback")
            let face = fonts.face(for: mark.unicodeScalars, preferred: fonts.titleFace, script: try XCTUnwrap(ScriptTag("Latn")))
            XCTAssertEqual(face?.family, family, "U+\(String(mark.unicodeScalars.first!.value, radix: 16, uppercase: true))")
        }
        XCTAssertEqual(try families("Happy birthday\u{060C} Sara\u{061F}"), ["Quicksand", "Noto Sans Arabic", "Quicksand", "Noto Sans Arabic"])
        XCTAssertEqual(try families("Hello\u{0964}").last, "Noto Sans Devanagari")
        XCTAssertTrue(try families("\u{0645}\u{0628}\u{0631}\u{0648}\u{0643} \u{064A}\u{0627} Sara\u{060C} \u{0646}\u{062D}\u{0628}\u{0643}").contains("Noto Sans Arabic"))
    }

    func testKanaMakeHanJapaneseUnderAnyLocale() throws {
        for locale in ["en", "zh-Hans", "ko"] {
            let faces = try families("写真の日、直した骨", language: locale)
            XCTAssertEqual(Set(faces), ["Noto Sans CJK JP"], "locale \(locale): \(faces)")
        }
        // Without kana the locale decides; Simplified Chinese is the default.
        XCTAssertEqual(Set(try families("写真直骨")), ["Noto Sans CJK SC"])
        XCTAssertEqual(Set(try families("写真直骨", language: "ja")), ["Noto Sans CJK JP"])
        // The katakana middle dot separates names in Chinese too: it is no evidence of Japanese.
        XCTAssertEqual(Set(try families("列奥纳多・迪卡普里奥", language: "zh-Hans")), ["Noto Sans CJK SC"])
        XCTAssertEqual(Set(try families("写真・直骨", language: "zh-Hant")), ["Noto Sans CJK TC"])
        XCTAssertEqual(Set(try families("コーヒー・写真", language: "zh-Hans")), ["Noto Sans CJK JP"])
    }

    func testHangulMakesHanKorean() throws {
        let faces = try families("한국 漢字", language: "en")
        XCTAssertEqual(Set(faces.filter { $0.contains("CJK") }), ["Noto Sans CJK KR"], "\(faces)")
    }

    /// Han glyph forms differ by region: with kana in the title, 直 takes the Japanese glyph.
    func testJapaneseGlyphFormsUnderTheDefaultLocale() throws {
        let fonts = try library()
        let paragraph = try Paragraph(AttributedText("直すの", attributes: TextAttributes()), library: fonts)
        let run = try XCTUnwrap(TextLayout(paragraph, options: try TextLayoutOptions(width: 944, height: 300, maxLines: 1)).lines.first?.runs.first)
        let jp = try XCTUnwrap(fonts.face(family: "Noto Sans CJK JP", weight: .bold))
        let sc = try XCTUnwrap(fonts.face(family: "Noto Sans CJK SC", weight: .bold))
        let units = Array("直".utf16)
        let japanese = Shaper.shape(utf16: units, range: 0..<1, face: jp, direction: .leftToRight, script: .han, language: LanguageTag("ja")!)
        let chinese = Shaper.shape(utf16: units, range: 0..<1, face: sc, direction: .leftToRight, script: .han, language: LanguageTag("zh-hans")!)
        XCTAssertNotEqual(japanese.glyphs[0].glyphID, chinese.glyphs[0].glyphID, "the test needs a character whose forms differ")
        XCTAssertEqual(run.face, jp)
        XCTAssertEqual(run.glyphs.first?.id, japanese.glyphs[0].glyphID)
    }

    func testFacesOpenOnFirstUse() throws {
        let fonts = try FontLibrary(directory: TestFonts.directory)
        XCTAssertEqual(fonts.openedFaces.map(\.family), ["Quicksand"], "only the title face opens up front")
        XCTAssertGreaterThanOrEqual(fonts.entries.count, 150)
        let latin = try Paragraph(AttributedText("Happy Birthday", attributes: TextAttributes()), library: fonts)
        XCTAssertEqual(latin.missingClusters, [])
        XCTAssertEqual(fonts.openedFaces.map(\.family), ["Quicksand"], "a Latin title needs no fallback face")
        let paragraph = try Paragraph(AttributedText("শুভ জন্মদিন", attributes: TextAttributes()), library: fonts,
                                      language: LanguageTag("bn")!)
        XCTAssertEqual(paragraph.missingClusters, [])
        let opened = Set(fonts.openedFaces.map(\.family))
        XCTAssertTrue(opened.contains("Noto Sans Bengali"), "\(opened)")
        XCTAssertLessThanOrEqual(opened.count, 3, "a Bengali title opened \(opened)")
    }

    func testScriptTableLimitsTheCandidates() throws {
        let fonts = try library()
        let bengali = fonts.fallbackChain(for: ScriptTag("Beng")!).map(\.family)
        XCTAssertTrue(bengali.contains("Noto Sans Bengali"))
        XCTAssertFalse(bengali.contains("Noto Sans Tamil"))
        XCTAssertLessThan(bengali.count, 15, "\(bengali)")
        XCTAssertGreaterThan(fonts.fallbackChain().count, 100)
    }

    func testManifestRejectsABadScriptCode() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fontlib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        try FileManager.default.copyItem(atPath: TestFonts.path("Quicksand-Bold.ttf"), toPath: url.appendingPathComponent("Q.ttf").path)
        try #"{"version": 1, "title": {"family": "Q", "weight": 700}, "faces": [{"file": "Q.ttf", "family": "Q", "weight": 700}], "fallback": [{"family": "Q", "scripts": ["Bengali"]}]}"#
            .write(to: url.appendingPathComponent("fonts.json"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try FontLibrary(directory: url.path)) { error in
            XCTAssertTrue("\(error)".contains("fallback[0] script \"Bengali\""), "\(error)")
        }
    }
}
