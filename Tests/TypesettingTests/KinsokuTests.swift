import Typesetting
import XCTest

/// Japanese kinsoku: whatever the locale, no line of a text with kana starts with a
/// character the strict rules (CSS `line-break: strict`, JIS X 4051) keep off a line start.
final class KinsokuTests: XCTestCase {
    /// Small kana, the prolonged sound mark, iteration marks, closing brackets and quotes,
    /// full stops, commas, middle dots, exclamation and question marks, the wave dash.
    static let forbiddenAtLineStart = Set(
        "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿー"
            + "ゝゞヽヾ々〻" + "）］｝〕〉》」』】〙〗〟’”｠" + "。．、，・：；！？‼⁇⁈⁉" + "〜゠")

    static let pieces = [
        "出発", "東京", "大阪", "旅行", "誕生日", "結婚", "記念", "家族", "友達", "準備", "今日", "明日", "写真", "人々",
        "きょう", "ちょっと", "しゅっぱつ", "たのしい", "でしょう", "ありがとう", "おめでとう", "いっしょ", "ぁ", "ゃ", "っ",
        "パーティー", "コーヒー", "チョコレート", "ショッピング", "ウェディング", "フェス", "ヴァイオリン", "ㇱ", "ッ", "ョ",
        "、", "。", "！", "？", "・", "」", "』", "）", "々", "ー", "ゝ", "ヽ", "〜", "「", "『", "（", "：",
    ]

    /// Titles from a fixed-seed generator, so every run checks the same ones.
    static func titles(count: Int) -> [String] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<count).map { _ in (0..<(6 + next(10))).map { _ in pieces[next(pieces.count)] }.joined() }
    }

    func testNoLineStartsWithAForbiddenCharacterUnderAnyLocale() throws {
        try XCTSkipUnless(TestFonts.cjkAvailable, "Noto Sans CJK is not installed")
        let library = try TestFonts.library.get()
        let attributes = try TextAttributes(sizeInPoints: 40)
        var failures: [String] = []
        var breaksChecked = 0
        for language in ["en", "ja", "ja-jp", "zh-hant", "ko"] {
            for (index, title) in Self.titles(count: 400).enumerated() {
                let paragraph = try Paragraph(AttributedText(title, attributes: attributes), library: library,
                                              language: LanguageTag(language)!)
                let wrap: TextLayoutOptions.Wrap = index.isMultiple(of: 2) ? .balanced : .greedy
                let options = try TextLayoutOptions(width: 330, maxLines: 0, wrap: wrap, adjustsFontSize: false)
                let layout = TextLayout(paragraph, options: options)
                for line in layout.lines.dropFirst() {
                    breaksChecked += 1
                    if let first = line.text.first, Self.forbiddenAtLineStart.contains(first) {
                        failures.append("\(language): \(layout.lines.map(\.text))")
                        break
                    }
                }
            }
        }
        XCTAssertGreaterThan(breaksChecked, 5000)
        XCTAssertTrue(failures.isEmpty, "\(failures.count) titles break before a forbidden character, e.g. \(failures.prefix(3))")
    }
}
