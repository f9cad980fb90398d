import Foundation
import Typesetting
import XCTest

/// Compares `Shaper` with HarfBuzz's own `hb-shape` tool (Debian `libharfbuzz-bin`), which
/// no one here wrote: glyph ids, clusters, advances and offsets must match exactly.
///
/// Every case sets direction, script and language explicitly on both sides, passes the face's
/// units per em as `--font-size` (so positions are in font units) and `--bot`/`--eot` exactly
/// when `Shaper` sets those flags (when the range touches the text's start/end). Cases with a
/// sub-range pass the text around it as `--text-before`/`--text-after`.
///
/// Clusters: `Shaper` reports UTF-16 offsets into the paragraph; `hb-shape` 6.0 prints Unicode
/// scalar (character) indices from the start of the shaped text by default (UTF-8 byte
/// offsets only with `--utf8-clusters`; it has no UTF-16 option). The comparison therefore
/// renumbers `Shaper`'s clusters with `ClusterMap.unicodeScalars(of:from:)`; the shaping
/// itself is the project's real UTF-16 path. The mapping is monotonic, so it cannot hide a
/// difference in how glyphs were grouped.
final class ShapingOracleTests: XCTestCase {
    enum Font {
        /// A file in `fonts/`.
        case shipped(String)
        /// A face of a system collection, found by family name (skipped when absent).
        case system(path: String, family: String)
    }

    struct Case {
        let text: String
        let font: Font
        let direction: TextDirection
        let script: String
        let language: String
        var features: [String] = []
        /// The UTF-16 range to shape; nil shapes the whole text.
        var range: Range<Int>? = nil
    }

    static let quicksandBold = Font.shipped("Quicksand-Bold.ttf")
    static let quicksandMedium = Font.shipped("Quicksand-Medium.ttf")
    static let quicksandRegular = Font.shipped("Quicksand-Regular.ttf")
    static let notoSans = Font.shipped("NotoSans-Regular.ttf")
    static let notoSansBold = Font.shipped("NotoSans-Bold.ttf")
    static let arabic = Font.shipped("NotoSansArabic-Regular.ttf")
    static let arabicBold = Font.shipped("NotoSansArabic-Bold.ttf")
    static let hebrew = Font.shipped("NotoSansHebrew-Regular.ttf")
    static let hebrewBold = Font.shipped("NotoSansHebrew-Bold.ttf")
    static let devanagari = Font.shipped("NotoSansDevanagari-Regular.ttf")
    static let devanagariBold = Font.shipped("NotoSansDevanagari-Bold.ttf")
    static let thai = Font.shipped("NotoSansThai-Regular.ttf")
    static let thaiBold = Font.shipped("NotoSansThai-Bold.ttf")
    static let emoji = Font.shipped("NotoColorEmoji.ttf")
    static func cjk(_ region: String, bold: Bool = false) -> Font {
        .system(path: bold ? TestFonts.cjkBold : TestFonts.cjkRegular, family: "Noto Sans CJK \(region)")
    }

    static let corpus: [Case] = [
        // Latin: kerning, ligatures, features, accents.
        Case(text: "Happy Birthday, Anna!", font: quicksandBold, direction: .leftToRight, script: "Latn", language: "en"),
        Case(text: "AVATAR Wave Toy", font: quicksandBold, direction: .leftToRight, script: "Latn", language: "en"),
        Case(text: "office affluent fjord", font: quicksandBold, direction: .leftToRight, script: "Latn", language: "en"),
        Case(text: "AV To Ty", font: quicksandRegular, direction: .leftToRight, script: "Latn", language: "en", features: ["kern=0"]),
        Case(text: "Quicksand Medium 2024", font: quicksandMedium, direction: .leftToRight, script: "Latn", language: "en"),
        Case(text: "official waffle", font: notoSans, direction: .leftToRight, script: "Latn", language: "en"),
        Case(text: "official waffle", font: notoSans, direction: .leftToRight, script: "Latn", language: "en", features: ["liga=0"]),
        Case(text: "0123456789", font: notoSans, direction: .leftToRight, script: "Latn", language: "en", features: ["pnum"]),
        Case(text: "Small Caps 1/2", font: notoSans, direction: .leftToRight, script: "Latn", language: "en", features: ["smcp", "-kern", "tnum"]),
        Case(text: "Straße, Café & Crème brûlée", font: notoSansBold, direction: .leftToRight, script: "Latn", language: "de"),
        Case(text: "Tiếng Việt có dấu", font: notoSans, direction: .leftToRight, script: "Latn", language: "vi"),
        Case(text: "e\u{301}te\u{301} n\u{303}a\u{308}\u{323}", font: notoSans, direction: .leftToRight, script: "Latn", language: "fr"),
        // Greek and Cyrillic (not in this Quicksand: Noto Sans).
        Case(text: "Καλημέρα κόσμε", font: notoSans, direction: .leftToRight, script: "Grek", language: "el"),
        Case(text: "ΑΒΓΔ άέήί ΰ", font: notoSansBold, direction: .leftToRight, script: "Grek", language: "el"),
        Case(text: "Привет, мир!", font: notoSans, direction: .leftToRight, script: "Cyrl", language: "ru"),
        Case(text: "С днём рождения", font: notoSansBold, direction: .leftToRight, script: "Cyrl", language: "ru"),
        Case(text: "бгдпт", font: notoSans, direction: .leftToRight, script: "Cyrl", language: "bg"),
        // Arabic: joining, lam-alef, marks, digits, Persian.
        Case(text: "مرحبا بالعالم", font: arabic, direction: .rightToLeft, script: "Arab", language: "ar"),
        Case(text: "عيد ميلاد سعيد", font: arabicBold, direction: .rightToLeft, script: "Arab", language: "ar"),
        Case(text: "بِسْمِ ٱللَّٰهِ", font: arabic, direction: .rightToLeft, script: "Arab", language: "ar"),
        Case(text: "لا إله ١٢٣", font: arabic, direction: .rightToLeft, script: "Arab", language: "ar"),
        Case(text: "فارسی ۱۲۳", font: arabic, direction: .rightToLeft, script: "Arab", language: "fa"),
        // Hebrew, with and without points.
        Case(text: "שלום עולם", font: hebrew, direction: .rightToLeft, script: "Hebr", language: "he"),
        Case(text: "שָׁלוֹם", font: hebrewBold, direction: .rightToLeft, script: "Hebr", language: "he"),
        // Devanagari: conjuncts, reph, pre-base matra, a leading mark (dotted circle).
        Case(text: "नमस्ते दुनिया", font: devanagari, direction: .leftToRight, script: "Deva", language: "hi"),
        Case(text: "क्षत्रिय हिन्दी", font: devanagariBold, direction: .leftToRight, script: "Deva", language: "hi"),
        Case(text: "र्क कि", font: devanagari, direction: .leftToRight, script: "Deva", language: "hi"),
        Case(text: "ि", font: devanagari, direction: .leftToRight, script: "Deva", language: "hi"),
        // Thai: stacked marks, sara am.
        Case(text: "สวัสดีครับ", font: thai, direction: .leftToRight, script: "Thai", language: "th"),
        Case(text: "ภาษาไทย กำ น้ำ", font: thaiBold, direction: .leftToRight, script: "Thai", language: "th"),
        // Chinese, Japanese, Korean (system Noto Sans CJK collection).
        Case(text: "你好，世界", font: cjk("SC"), direction: .leftToRight, script: "Hani", language: "zh-Hans"),
        Case(text: "生日快乐！", font: cjk("SC", bold: true), direction: .leftToRight, script: "Hani", language: "zh-Hans"),
        Case(text: "繁體中文", font: cjk("TC"), direction: .leftToRight, script: "Hani", language: "zh-Hant"),
        Case(text: "こんにちは世界", font: cjk("JP"), direction: .leftToRight, script: "Hira", language: "ja"),
        Case(text: "カタカナ・テスト", font: cjk("JP", bold: true), direction: .leftToRight, script: "Kana", language: "ja"),
        Case(text: "안녕하세요", font: cjk("KR"), direction: .leftToRight, script: "Hang", language: "ko"),
        Case(text: "생일 축하해요", font: cjk("KR", bold: true), direction: .leftToRight, script: "Hang", language: "ko"),
        // Emoji: ZWJ family, skin tones, flags, keycaps, ZWJ and tag sequences.
        Case(text: "👨‍👩‍👧‍👦", font: emoji, direction: .leftToRight, script: "Zyyy", language: "en"),
        Case(text: "👍🏽👋🏿", font: emoji, direction: .leftToRight, script: "Zyyy", language: "en"),
        Case(text: "🇯🇵🇫🇷🇺🇸", font: emoji, direction: .leftToRight, script: "Zyyy", language: "en"),
        Case(text: "1️⃣#️⃣*️⃣", font: emoji, direction: .leftToRight, script: "Zyyy", language: "en"),
        Case(text: "🏳️‍🌈❤️‍🔥🏴󠁧󠁢󠁳󠁣󠁴󠁿", font: emoji, direction: .leftToRight, script: "Zyyy", language: "en"),
        Case(text: "🎂🎉", font: emoji, direction: .leftToRight, script: "Zyyy", language: "en"),
        // Sub-ranges: the text around the range is context (Arabic joining across the edge;
        // an emoji before the range makes UTF-16 and scalar offsets differ).
        Case(text: "سلام", font: arabic, direction: .rightToLeft, script: "Arab", language: "ar", range: 1..<3),
        Case(text: "🎉 Party time", font: quicksandBold, direction: .leftToRight, script: "Latn", language: "en", range: 3..<8),
        Case(text: "नमस्ते", font: devanagari, direction: .leftToRight, script: "Deva", language: "hi", range: 0..<3),
    ]

    func testCorpusIsBroadEnough() {
        XCTAssertGreaterThanOrEqual(Self.corpus.count, 30)
    }

    func testShaperMatchesHBShape() throws {
        guard let tool = HBShape.path else {
            return XCTFail("hb-shape not found: run scripts/setup (it installs Debian's libharfbuzz-bin)")
        }
        var compared = 0
        var skipped: [String] = []
        for c in Self.corpus {
            guard let (path, index) = try resolve(c.font) else {
                skipped.append(c.text)
                continue
            }
            let face = try FontFace(path: path, faceIndex: index)
            let units = Array(c.text.utf16)
            let range = c.range ?? 0..<units.count
            let run = Shaper.shape(utf16: units, range: range, face: face, direction: c.direction,
                                   script: try XCTUnwrap(ScriptTag(c.script)),
                                   language: try XCTUnwrap(LanguageTag(c.language)),
                                   features: try c.features.map { try XCTUnwrap(FontFeature($0), $0) })
            let ours = run.hbShapeDescription(clusters: .unicodeScalars(of: units, from: range.lowerBound))

            let theirs = try HBShape.shape(tool, face: face, units: units, range: range, direction: c.direction,
                                           script: c.script, language: c.language, features: c.features)
            XCTAssertEqual(ours, theirs, "\(c.text) [\(c.script)/\(c.language)] with \(path)#\(index)")
            XCTAssertFalse(ours.hasPrefix("[0="), "\(c.text): first glyph is .notdef; wrong font for the case")
            compared += 1
        }
        if !skipped.isEmpty {
            print("ShapingOracleTests: skipped \(skipped.count) case(s) whose system font is absent: \(skipped)")
        }
        XCTAssertGreaterThanOrEqual(compared, 30, "too few cases compared")
    }

    // MARK: - Helpers

    /// The font file and face index of a case, or nil when a system font is absent.
    private func resolve(_ font: Font) throws -> (String, Int)? {
        switch font {
        case .shipped(let file):
            return (TestFonts.path(file), 0)
        case .system(let path, let family):
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            return (path, try FontCollection.faceIndex(ofFamily: family, path: path))
        }
    }
}
