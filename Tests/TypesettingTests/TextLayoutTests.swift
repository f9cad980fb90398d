import Foundation
@testable import Typesetting
import UnicodeText
import XCTest

/// Invariants of line breaking and fitting (DESIGN §7), on the shipped fonts.
final class TextLayoutTests: XCTestCase {
    var library: FontLibrary!

    override func setUpWithError() throws { library = try TestFonts.library.get() }

    func paragraph(_ text: String, size: Double = 60, language: String = "en") throws -> Paragraph {
        try Paragraph(AttributedText(text, attributes: TextAttributes(sizeInPoints: size)), library: library,
                      language: LanguageTag(language)!)
    }

    func classic(maxLines: Int = 3, minScale: Double = 0.3, wrap: TextLayoutOptions.Wrap = .balanced) throws -> TextLayoutOptions {
        try TextLayoutOptions(width: 944, height: 300, maxLines: maxLines, wrap: wrap, minimumScaleFactor: minScale)
    }

    static let titles = [
        "Hi",
        "Our first apartment together",
        "The day we adopted Biscuit, the scruffiest little terrier in the whole shelter, and took him home in the rain",
        "A very long title that goes on and on about a wonderful trip to the seaside with the whole family, three dogs, a cat and grandma's old caravan",
        "שנה טובה ומתוקה לכל המשפחה",
        "عيد ميلاد سعيد يا أمي الغالية",
        "Trip to 東京 and 大阪 with 👨‍👩‍👧 🎉",
        "नमस्ते दुनिया, आज हमारी शादी की सालगिरह है",
        "สวัสดีปีใหม่ ขอให้มีความสุขมาก ๆ",
        "Ελληνικά και Кириллица together",
        "Supercalifragilisticexpialidociouslyextraordinarilylongword",
    ]

    func testNoLineIsWiderThanItsBox() throws {
        for title in Self.titles {
            for width in [180.0, 400, 944] {
                let options = try TextLayoutOptions(width: width, height: 300, maxLines: 3, minimumScaleFactor: 0.2)
                let layout = TextLayout(try paragraph(title), options: options)
                for line in layout.lines {
                    XCTAssertLessThanOrEqual(line.width, width * (1 + 1e-9), "\(title) at \(width): \(line.text)")
                }
                XCTAssertLessThanOrEqual(layout.lines.count, 3)
                XCTAssertLessThanOrEqual(layout.size.height, 300 * (1 + 1e-9), title)
            }
        }
    }

    func testBreaksFallOnGraphemeBoundaries() throws {
        for title in Self.titles {
            let p = try paragraph(title)
            let layout = TextLayout(p, options: try classic(minScale: 0.1))
            for line in layout.lines where !layout.truncated {
                XCTAssertTrue(p.graphemes.isBoundary(line.range.lowerBound), "\(title): \(line.range)")
                XCTAssertTrue(p.graphemes.isBoundary(line.range.upperBound), "\(title): \(line.range)")
            }
            XCTAssertTrue(layout.missingGlyphs.isEmpty, "\(title): \(layout.missingGlyphs)")
        }
    }

    /// The fitted size is maximal: 0.5 pt larger, no allowed number of lines fits the box.
    func testFittedSizeIsMaximal() throws {
        for title in Self.titles {
            let p = try paragraph(title)
            let options = try classic(minScale: 0.1)
            let layout = TextLayout(p, options: options)
            guard layout.scale < 1, !layout.truncated else { continue }
            let larger = (layout.fontSizeInPoints + 0.5) / 60
            let breaker = LineBreaker(p)
            for k in 1...3 {
                guard let candidate = breaker.minimalWidth(maxLines: k) else { continue }
                let height = candidate.lines.reduce(0) { $0 + p.lineHeight($1, multiple: 1) }
                XCTAssertTrue(candidate.width * larger > 944 || height * larger > 300,
                              "\(title): \(k) lines would fit at \(layout.fontSizeInPoints + 0.5) pt")
            }
            // And the chosen size itself fits.
            XCTAssertLessThanOrEqual(layout.lines.map(\.width).max()!, 944 * (1 + 1e-9))
        }
    }

    /// Wrap stability: laying the text out again at the measured width, at the fitted size,
    /// gives the same lines.
    func testLayingOutAgainAtTheMeasuredWidthGivesTheSameLines() throws {
        for title in Self.titles {
            for wrap in TextLayoutOptions.Wrap.allCases {
                let first = TextLayout(try paragraph(title), options: try classic(minScale: 0.1, wrap: wrap))
                guard !first.truncated else { continue }
                let again = TextLayout(try paragraph(title, size: first.fontSizeInPoints),
                                       options: try TextLayoutOptions(width: first.size.width, maxLines: 3, wrap: wrap,
                                                                      adjustsFontSize: false))
                XCTAssertEqual(again.lines.map(\.text), first.lines.map(\.text), "\(title) (\(wrap))")
            }
        }
    }

    func testShortTitleStaysFullSizeOnOneLine() throws {
        let layout = TextLayout(try paragraph("Our first apartment together"), options: try classic())
        XCTAssertEqual(layout.scale, 1)
        XCTAssertEqual(layout.fontSizeInPoints, 60)
        XCTAssertEqual(layout.lines.map(\.text), ["Our first apartment together"])
        XCTAssertFalse(layout.truncated)
        // Centred horizontally and vertically in the box.
        let line = layout.lines[0]
        XCTAssertEqual(line.origin.x, (944 - line.width) / 2, accuracy: 1e-9)
        XCTAssertEqual(layout.size.height, line.height, accuracy: 1e-9)
        XCTAssertEqual(line.origin.y - line.ascent - (line.height - line.ascent - line.descent) / 2, (300 - line.height) / 2, accuracy: 1e-9)
    }

    func testLongTitleShrinksIntoThreeBalancedLines() throws {
        let title = "The day we adopted Biscuit, the scruffiest little terrier in the whole shelter, and took him home in the rain after a very long week"
        let layout = TextLayout(try paragraph(title), options: try classic())
        XCTAssertEqual(layout.lines.count, 3)
        XCTAssertLessThan(layout.scale, 1)
        let widths = layout.lines.map(\.width)
        XCTAssertGreaterThan(widths.min()! / widths.max()!, 0.75, "balanced lines: \(layout.lines.map(\.text))")
        let greedy = TextLayout(try paragraph(title), options: try classic(wrap: .greedy))
        XCTAssertEqual(greedy.fontSizeInPoints, layout.fontSizeInPoints, accuracy: 1e-9, "same size either way")
    }

    func testTooLongEvenAtMinimumSizeIsTruncatedWithEllipsis() throws {
        let title = String(repeating: "So many wonderful memories of that summer. ", count: 12)
        for mode in TextLayoutOptions.Truncation.allCases {
            let options = try TextLayoutOptions(width: 944, height: 300, maxLines: 3, truncation: mode, minimumScaleFactor: 0.5)
            let layout = TextLayout(try paragraph(title), options: options)
            XCTAssertTrue(layout.truncated, "\(mode)")
            XCTAssertEqual(layout.scale, 0.5, "\(mode)")
            XCTAssertEqual(layout.lines.count, 3, "\(mode)")
            XCTAssertTrue(layout.lines.last!.text.contains("…"), "\(mode): \(layout.lines.last!.text)")
            XCTAssertLessThanOrEqual(layout.lines.last!.width, 944 * (1 + 1e-9), "\(mode)")
        }
    }

    func testSingleHugeWordTerminatesAndBreaksAtGraphemes() throws {
        let word = String(repeating: "abcdefghij", count: 500)
        let start = Date()
        let layout = TextLayout(try paragraph(word), options: try classic(minScale: 0.5))
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "fitting a 5,000-character word must not search step by step")
        XCTAssertTrue(layout.truncated)
        XCTAssertEqual(layout.lines.count, 3)
        XCTAssertTrue(layout.lines.allSatisfy { $0.width <= 944 * (1 + 1e-9) })
    }

    func testRightToLeftIsAlignedAndOrderedVisually() throws {
        let options = try TextLayoutOptions(width: 944, height: 300, maxLines: 1, alignment: .natural)
        let layout = TextLayout(try paragraph("שלום עולם", language: "he"), options: options)
        XCTAssertEqual(layout.lines.count, 1)
        let line = layout.lines[0]
        XCTAssertEqual(line.origin.x + line.width, 944, accuracy: 1e-6, "natural alignment of Hebrew is right")
        // Visual order: glyph x grows left to right, so the first logical letter (ש) is rightmost.
        let xs = line.runs.flatMap(\.glyphs).map(\.position.x)
        XCTAssertEqual(xs, xs.sorted())
    }

    func testLargerRunRaisesItsLine() throws {
        let small = try TextAttributes(sizeInPoints: 30)
        let big = try TextAttributes(sizeInPoints: 60)
        let plain = try Paragraph(AttributedText([("a small line with one", small), (" word", small)]), library: library)
        let mixed = try Paragraph(AttributedText([("a small line with one ", small), ("BIG", big), (" word", small)]), library: library)
        let options = try TextLayoutOptions(width: 2000, maxLines: 1, adjustsFontSize: false)
        let a = TextLayout(plain, options: options), b = TextLayout(mixed, options: options)
        XCTAssertEqual(b.lines[0].height, a.lines[0].height * 2, accuracy: 1e-6)
        XCTAssertEqual(b.fontSizeInPoints, 30)
    }

    func testMissingGlyphsAreReported() throws {
        // Kawi (Unicode 15) has no Noto face in Debian 12.
        let layout = TextLayout(try paragraph("Kawi \u{11F04} here"), options: try classic())
        XCTAssertEqual(layout.missingGlyphs, ["\u{11F04}"])
    }

    func testHardLineBreaksAreKept() throws {
        let layout = TextLayout(try paragraph("First line\nSecond"), options: try classic())
        XCTAssertEqual(layout.lines.map(\.text), ["First line", "Second"])
    }

    func testUnknownFamilyIsAnError() throws {
        XCTAssertThrowsError(try Paragraph(AttributedText("x", attributes: TextAttributes(family: "Comic Sans")), library: library)) {
            XCTAssertEqual("\($0)", "unknown font family \"Comic Sans\"")
        }
    }
}
