@testable import Typesetting
import TestSupport
import XCTest

/// A face found down the fallback chain asks for at most Noto's common line box (ascent 1.069,
/// descent 0.293 em) and for its glyphs' ink beyond it, with the 0.1 em clearance kept around
/// ink: one borrowed word no longer spaces every line of a title for stacked marks it does not
/// hold. The expected steps are computed by hand from the fonts' tables and glyph bounds as
/// fontTools reads them (hhea; `BoundsPen` over the glyphs `hb-shape` picks), at 60 pt.
final class FallbackLineBoxTests: XCTestCase {
    private func layout(_ text: String, family: String = "Quicksand", language: String = "en") throws -> TextLayout {
        let library = try TestFonts.library.get()
        let attributes = try TextAttributes(family: family, sizeInPoints: 60)
        let paragraph = try Paragraph(AttributedText(text, attributes: attributes), library: library, language: LanguageTag(language)!)
        return TextLayout(paragraph, options: try TextLayoutOptions(width: 4000, height: 4000, maxLines: 0, minimumScaleFactor: 1))
    }

    private func step(_ layout: TextLayout, file: StaticString = #filePath, line: UInt = #line) -> Double {
        XCTAssertEqual(layout.lines.count, 2, file: file, line: line)
        return layout.lines[1].origin.y - layout.lines[0].origin.y
    }

    /// Quicksand alone: 1000 + 250 units, 75 pt a line.
    func testALatinTitleKeepsItsFacesLineBox() throws {
        XCTAssertEqual(step(try layout("Chess night at\nthe club")), 75, accuracy: 1e-9)
    }

    /// ♞ comes from Noto Sans Symbols2 (hhea 1069 / −630: 1.699 em a line). Its ink, 0 to 767
    /// units, lies inside the common box, so the line is 1.069 + 0.293 em = 81.72 pt, as a
    /// borrowed Greek letter (Noto Sans, which declares just that box) makes it.
    func testABorrowedSymbolSpacesLinesByTheCommonBox() throws {
        XCTAssertEqual(step(try layout("Chess night ♞\nat the club")), 81.72, accuracy: 1e-6)
        XCTAssertEqual(step(try layout("Chess night Ω\nat the club")), 81.72, accuracy: 1e-6)
    }

    /// القاهرة in Noto Sans Arabic Bold (hhea 1374 / −738: 2.112 em, 126.72 pt a line before):
    /// its glyphs' ink reaches 760 units up (the teh marbuta's dots) and 231 down (the reh), so
    /// the box is 1.069 em above (760 + 100 is less) and 0.331 em below: 84 pt a line.
    func testAnArabicWordAsksForItsInkNotItsFacesBox() throws {
        XCTAssertEqual(step(try layout("together in القاهرة\nOur first apartment")), 84, accuracy: 1e-6)
        // The same on the line without the word: baselines stay evenly spaced.
        XCTAssertEqual(step(try layout("Our first apartment\ntogether in القاهرة")), 84, accuracy: 1e-6)
    }

    /// A face the text names counts with its own metrics: choosing it chose them.
    func testANamedFaceKeepsItsOwnMetrics() throws {
        XCTAssertEqual(step(try layout("القاهرة\nالقاهرة", family: "Noto Sans Arabic", language: "ar")), 126.72, accuracy: 1e-6)
    }

    /// Noto Sans CJK (1160 + 288 units) keeps its box: ideographs are set on a full em body,
    /// and its box is the leading they want, not room for marks.
    func testACJKFaceKeepsItsLeading() throws {
        try XCTSkipUnless(TestFonts.cjkAvailable)
        XCTAssertEqual(step(try layout("私たちの\n最初の夜", language: "ja")), 86.88, accuracy: 1e-6)
        XCTAssertEqual(step(try layout("Our trip to\n東京", language: "ja")), 86.88, accuracy: 1e-6)
    }

    /// Whatever the cap leaves out, no glyph's ink crosses its line's box: stacked Arabic marks,
    /// Tibetan and Myanmar stacks, Javanese, Thai vowels and tone marks, symbols, CJK and emoji,
    /// alone and beside Latin, each title on several lines.
    func testInkStaysInsideEveryLineBox() throws {
        let titles: [(String, String)] = [
            ("بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ\nاحتفالنا الكبير", "ar"),
            ("Our party in القاهرة\nwith ﷺ and ﷽", "en"),
            ("བཀྲ་ཤིས་བདེ་ལེགས།\nསྐྱིད་པོ་ཞུགས།", "bo"),
            ("Tashi delek བཀྲ་ཤིས་\ncelebration", "en"),
            ("မင်္ဂလာပါ မြန်မာ\nရန်ကုန်မြို့ ပွဲတော်", "my"),
            ("ꦱꦸꦒꦼꦁ ꦫꦮꦸꦃ\nꦥꦿꦤꦺꦠ꧀", "jv"),
            ("ขอให้มีความสุขมากๆ\nปั้ป๊ะ ฟ้ั่", "th"),
            ("Chess ♞ ⚖ ☤\n∰ ⨌ night", "en"),
            ("私たちの最初の\nアパートで過ごす夜 🏠", "ja"),
        ]
        // And every script's title of the corpus, on two lines and after a Latin word.
        let corpus = ScriptCorpus.titles.flatMap { [("\($0.text)\n\($0.text)", $0.language), ("Party\n\($0.text)", "en")] }
        for (title, language) in titles + corpus {
            for line in try layout(title, language: language).lines {
                let box = (top: line.origin.y - line.ascent, bottom: line.origin.y + line.descent)
                for run in line.runs where !run.face.isColorBitmap {
                    let k = run.fontSizeInPoints / Double(run.face.unitsPerEm)
                    for glyph in run.glyphs {
                        guard let reach = run.face.inkReach(of: glyph.id) else { continue }
                        let top = glyph.position.y - Double(reach.top) * k, bottom = glyph.position.y + Double(reach.bottom) * k
                        XCTAssertGreaterThanOrEqual(top, box.top - 1e-9, "\(title): \(line.text) in \(run.face)")
                        XCTAssertLessThanOrEqual(bottom, box.bottom + 1e-9, "\(title): \(line.text) in \(run.face)")
                    }
                }
            }
        }
    }
}
