@testable import Typesetting
import TestSupport
import XCTest

/// `justified` widens every line but the last to the box: at word separators (U+0020, U+00A0,
/// U+3000), and in Chinese and Japanese between characters, as CSS's `text-justify: auto` does
/// (before, a line without U+0020 stayed ragged).
final class JustificationTests: XCTestCase {
    private func layout(_ text: String, width: Double, language: String = "zh",
                        wrap: TextLayoutOptions.Wrap? = nil) throws -> TextLayout {
        let library = try TestFonts.library.get()
        let paragraph = try Paragraph(AttributedText(text, attributes: TextAttributes(sizeInPoints: 40)), library: library,
                                      language: LanguageTag(language)!)
        return TextLayout(paragraph, options: try TextLayoutOptions(width: width, maxLines: 0, alignment: .justified, wrap: wrap,
                                                                    adjustsFontSize: false))
    }

    /// Unless told, justified lines are filled first (greedy) and then widened: evened lines
    /// would each be short, and the short ones spread wide. Worked out by hand at 40 pt (one
    /// character = 40 pt) in a 700-point box: 17 characters fill the first line (680 pt); the
    /// second stops at 16, before 北京, which Chinese line breaking keeps whole (18 would be 720
    /// pt); the last takes the 8 left. Balanced, no line of the three comes near 17.
    func testJustifiedLinesAreFilledBeforeTheyAreWidened() throws {
        let text = "我们的第一套公寓欢迎大家来参加派对新年快乐二〇二四年春节联欢晚会在北京举行欢迎光临"
        let unset = try layout(text, width: 700).lines.map(\.text)
        let greedy = try layout(text, width: 700, wrap: .greedy).lines.map(\.text)
        let balanced = try layout(text, width: 700, wrap: .balanced).lines.map(\.text)
        XCTAssertEqual(unset, greedy)
        XCTAssertNotEqual(balanced, greedy, "the text must tell the two apart")
        XCTAssertEqual(greedy.map(\.count), [17, 16, 8])
        XCTAssertEqual(balanced.count, 3)
        XCTAssertLessThan(balanced.map(\.count).max()!, 16)
        XCTAssertEqual(TextLayoutOptions.Wrap.preferred(for: .justified), .greedy)
        XCTAssertEqual(TextLayoutOptions.Wrap.preferred(for: .natural), .balanced)
    }

    func testChineseLinesReachTheBox() throws {
        let lines = try layout("我们的第一套公寓欢迎大家来参加派对新年快乐二〇二四年春节联欢晚会在北京举行欢迎光临", width: 700).lines
        XCTAssertGreaterThan(lines.count, 2)
        for line in lines.dropLast() {
            XCTAssertEqual(line.origin.x, 0, accuracy: 1e-9)
            XCTAssertEqual(line.width, 700, accuracy: 1e-6, line.text)
        }
        XCTAssertLessThan(lines.last!.width, 700, "the last line keeps its natural width")
    }

    func testSeparatorsOtherThanASpaceStretchToo() throws {
        for separator in ["\u{00A0}", "\u{3000}"] {
            let text = ["Lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit"].joined(separator: separator)
                + " sed do eiusmod tempor"
            let lines = try layout(text, width: 520, language: "en").lines
            XCTAssertGreaterThan(lines.count, 1)
            XCTAssertEqual(lines[0].width, 520, accuracy: 1e-6, lines[0].text)
        }
    }
}
