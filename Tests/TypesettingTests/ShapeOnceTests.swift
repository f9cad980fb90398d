@testable import Typesetting
import XCTest

/// Lines cut from the paragraph's shaping (reshaped only where HarfBuzz flags a cut unsafe)
/// must equal lines each shaped again on their own: the same faces, sizes, glyph ids and
/// positions, over scripts whose shaping crosses a break in different ways.
final class ShapeOnceTests: XCTestCase {
    static let corpus = [
        "AVATAR WAVE: To Tyre, Yvonne & Walt — “Quote” fi ffl office",
        "The day we adopted Biscuit, the scruffiest little terrier in the whole shelter, and took him home in the rain",
        "عيد ميلاد سعيد يا أمي الغالية، كل عام وأنت بخير",
        "مرحبا بالعالم 2024 (Hello) world في القاهرة",
        "שנה טובה ומתוקה לכל המשפחה והחברים",
        "नमस्ते दुनिया, आज हमारी शादी की सालगिरह है और हम क्षमा माँगते हैं",
        "สวัสดีปีใหม่ ขอให้มีความสุขมาก ๆ ตลอดทั้งปี",
        "東京で出発の準備をしています。今日は晴れ、明日は雨でしょう。",
        "우리 가족의 즐거운 여름 휴가 이야기",
        "🎉🎂👨‍👩‍👧🇯🇵❤️👍🏽 🏳️‍🌈 party 🥳🥳🥳",
        "Trip to 東京 and ירושלים with the family 👨‍👩‍👧 🎉 عيد سعيد नमस्ते",
        "Supercalifragilisticexpialidociouslyextraordinarilylongword",
    ]

    private func layouts(_ text: String, _ options: TextLayoutOptions, library: FontLibrary) throws -> (cut: TextLayout, reshaped: TextLayout) {
        let paragraph = try Paragraph(AttributedText(text, attributes: TextAttributes(sizeInPoints: 60, trackingInThousandthsOfEm: 0)),
                                      library: library)
        let cut = TextLayout(paragraph, options: options)
        let reshaped = Paragraph.$reshapesEveryLine.withValue(true) { TextLayout(paragraph, options: options) }
        return (cut, reshaped)
    }

    func testCutLinesEqualReshapedLines() throws {
        let library = try TestFonts.library.get()
        var pieces = (cut: 0, reshaped: 0), compared = 0
        for text in Self.corpus {
            for width in stride(from: 140.0, through: 1400, by: 60) {
                for wrap in TextLayoutOptions.Wrap.allCases {
                    for (maxLines, minScale) in [(0, 1.0), (3, 0.3), (2, 1.0)] {
                        let options = try TextLayoutOptions(width: width, height: 300, maxLines: maxLines, wrap: wrap,
                                                            minimumScaleFactor: minScale,
                                                            adjustsFontSize: minScale < 1)
                        let (cut, reshaped) = try layouts(text, options, library: library)
                        try assertSameGlyphs(cut, reshaped, "\(text) at \(width), \(wrap), \(maxLines) lines")
                        pieces.cut += cut.reshapedPieces
                        pieces.reshaped += reshaped.reshapedPieces
                        compared += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 1000)
        // The point of cutting: most pieces are not shaped again.
        XCTAssertLessThan(Double(pieces.cut), 0.5 * Double(pieces.reshaped), "\(pieces)")
    }

    func testJustifiedAndTrackedLinesAreCutToo() throws {
        let library = try TestFonts.library.get()
        for text in Self.corpus {
            let paragraph = try Paragraph(AttributedText(text, attributes: TextAttributes(sizeInPoints: 40, trackingInThousandthsOfEm: -20)),
                                          library: library)
            let options = try TextLayoutOptions(width: 500, maxLines: 0, alignment: .justified, adjustsFontSize: false)
            let cut = TextLayout(paragraph, options: options)
            let reshaped = Paragraph.$reshapesEveryLine.withValue(true) { TextLayout(paragraph, options: options) }
            try assertSameGlyphs(cut, reshaped, text)
        }
    }

    /// Three plain Latin lines: the reference shapes every piece again, cutting does not.
    func testOnlyUnsafeCutsAreReshaped() throws {
        let library = try TestFonts.library.get()
        let options = try TextLayoutOptions(width: 200, maxLines: 0, adjustsFontSize: false)
        let plain = try layouts("hello world again", options, library: library)
        XCTAssertEqual(plain.cut.lines.count, 3)
        XCTAssertEqual(plain.reshaped.reshapedPieces, 3)
        XCTAssertLessThan(plain.cut.reshapedPieces, plain.reshaped.reshapedPieces)
    }

    private func assertSameGlyphs(_ a: TextLayout, _ b: TextLayout, _ label: String,
                                  file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(a.scale, b.scale, label, file: file, line: line)
        XCTAssertEqual(a.lines.count, b.lines.count, label, file: file, line: line)
        for (la, lb) in zip(a.lines, b.lines) {
            XCTAssertEqual(la.text, lb.text, label, file: file, line: line)
            XCTAssertEqual(la.width, lb.width, "\(label): \(la.text)", file: file, line: line)
            XCTAssertEqual(la.runs.count, lb.runs.count, "\(label): \(la.text)", file: file, line: line)
            for (ra, rb) in zip(la.runs, lb.runs) {
                XCTAssertTrue(ra.face === rb.face, "\(label): \(la.text)", file: file, line: line)
                XCTAssertEqual(ra.fontSizeInPoints, rb.fontSizeInPoints, label, file: file, line: line)
                XCTAssertEqual(ra.glyphs, rb.glyphs, "\(label): \(la.text)", file: file, line: line)
            }
        }
    }
}
