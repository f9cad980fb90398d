import Geometry
import Layout
import Raster
import Typesetting
import XCTest

/// UILabel's measuring rules, all through the typesetter's layout.
final class LabelTests: XCTestCase {
    var context: LayoutContext!

    override func setUpWithError() throws { context = try LayoutFixtures.context(scale: 2) }

    func label(_ text: String, size: Double = 20, lines: Int = 0, mode: LineBreakMode = .truncatingTail,
               alignment: TextLayoutOptions.Alignment = .natural, shrink: Double? = nil) throws -> Label {
        try Label(text, attributes: LayoutFixtures.attributes(size: size, color: .black), numberOfLines: lines,
                  lineBreakMode: mode, alignment: alignment, adjustsFontSizeToFitWidth: shrink != nil,
                  minimumScaleFactor: shrink ?? 1)
    }

    static let long = "The day we adopted Biscuit, the scruffiest little terrier in the whole shelter"

    func isOnGrid(_ value: Double, scale: Double = 2) -> Bool { (value * scale).rounded() == value * scale }

    func testUnboundedSizeIsOneLinePerParagraphRoundedUpToPixels() throws {
        let l = try label(Self.long)
        let size = try l.sizeThatFits(LayoutFixtures.unbounded, context: context)
        let layout = try l.layout(in: LayoutFixtures.unbounded, context: context)
        XCTAssertEqual(layout.lines.count, 1)
        XCTAssertFalse(layout.truncated)
        XCTAssertGreaterThanOrEqual(size.width, layout.size.width)
        XCTAssertLessThan(size.width - layout.size.width, 0.5)
        XCTAssertGreaterThanOrEqual(size.height, layout.size.height)
        XCTAssertLessThan(size.height - layout.size.height, 0.5)
        XCTAssertTrue(isOnGrid(size.width) && isOnGrid(size.height))

        let twoParagraphs = try label("First line\nand a second, longer line")
        let layout2 = try twoParagraphs.layout(in: LayoutFixtures.unbounded, context: context)
        XCTAssertEqual(layout2.lines.map(\.text), ["First line", "and a second, longer line"])
    }

    /// The lines and heights worked out by hand, as in `UIKitFidelityTests`'
    /// `testSizeToFitKeepsTheWidthAndGrowsInHeight` (same font, size and word advances from
    /// `hb-shape`; "whole" is 2808 units). First fit at each width (width × 50 units; after ">"
    /// the line with the next word added):
    ///
    ///     400 (20000): "The day we adopted Biscuit, the" 15421 > 20079; "scruffiest little terrier
    ///                  in the whole" 16440 > 20053; "shelter"
    ///     300 (15000): "The day we adopted Biscuit," 13566 > 15421; "the scruffiest little
    ///                  terrier in" 13352 > 15207; "the whole shelter"
    ///     200 (10000): "The day we adopted" 9891 > 13566; "Biscuit, the" 5250 > 10089;
    ///                  "scruffiest little" 7003 > 10385; "terrier in the whole" 9157 > 12770; "shelter"
    ///     120 (6000):  "The day we" > 9891; "adopted" > 7765; "Biscuit, the" > 10089;
    ///                  "scruffiest" > 7003; "little terrier" > 6658; "in the whole" > 9388; "shelter"
    ///     100 (5000):  "The day" > 5521; "we" > 5718; "adopted" > 7765; "Biscuit," > 5250; "the"
    ///                  > 6414; "scruffiest" > 7003; "little" > 5546; "terrier in" 4214 > 6069;
    ///                  "the whole" 4663 > 8276; "shelter" (the longest word, 4559, still fits)
    ///
    /// Each line 25 pt high (1250 units at 20 pt), so the height is lines × 25.
    func testWidthsThatForceWrapping() throws {
        let l = try label(Self.long)
        let expected: [(width: Double, lines: [String])] = [
            (400, ["The day we adopted Biscuit, the", "scruffiest little terrier in the whole", "shelter"]),
            (300, ["The day we adopted Biscuit,", "the scruffiest little terrier in", "the whole shelter"]),
            (200, ["The day we adopted", "Biscuit, the", "scruffiest little", "terrier in the whole", "shelter"]),
            (120, ["The day we", "adopted", "Biscuit, the", "scruffiest", "little terrier", "in the whole", "shelter"]),
            (100, ["The day", "we", "adopted", "Biscuit,", "the", "scruffiest", "little", "terrier in", "the whole", "shelter"]),
        ]
        for (width, lines) in expected {
            let size = try l.sizeThatFits(Size(width: width, height: .infinity), context: context)
            let layout = try l.layout(in: Size(width: width, height: .infinity), context: context)
            XCTAssertLessThanOrEqual(size.width, width, "never wider than offered")
            XCTAssertEqual(layout.lines.map(\.text), lines, "at \(width)")
            XCTAssertEqual(size.height, 25 * Double(lines.count), "at \(width)")
            XCTAssertFalse(layout.truncated)
        }
    }

    func testNumberOfLinesLimitsAndTruncates() throws {
        for mode in [LineBreakMode.truncatingTail, .truncatingHead, .truncatingMiddle] {
            let layout = try label(Self.long, lines: 2, mode: mode).layout(in: Size(width: 200, height: .infinity), context: context)
            XCTAssertEqual(layout.lines.count, 2, "\(mode)")
            XCTAssertTrue(layout.truncated)
            XCTAssertTrue(layout.lines[1].text.contains("…"), "\(mode): \(layout.lines[1].text)")
        }
        for mode in [LineBreakMode.wordWrap, .clipping] {
            let layout = try label(Self.long, lines: 2, mode: mode).layout(in: Size(width: 200, height: .infinity), context: context)
            XCTAssertEqual(layout.lines.count, 2, "\(mode)")
            XCTAssertTrue(layout.truncated)
            XCTAssertFalse(layout.lines[1].text.contains("…"), "\(mode)")
        }
    }

    func testFiniteHeightLimitsTheLines() throws {
        let l = try label(Self.long, size: 20)
        let lineHeight = 25.0  // 1250 units at 20 pt (testWidthsThatForceWrapping)
        let layout = try l.layout(in: Size(width: 150, height: lineHeight * 2.5), context: context)
        XCTAssertEqual(layout.lines.count, 2)
        XCTAssertTrue(layout.truncated)
        let size = try l.sizeThatFits(Size(width: 150, height: lineHeight * 2.5), context: context)
        XCTAssertLessThanOrEqual(size.height, lineHeight * 2.5)
    }

    /// Wrap stability: drawing in the measured size lays out the very lines measured.
    func testLayingOutAgainAtTheMeasuredSizeGivesTheSameLines() throws {
        let titles = [Self.long, "Hi", "عيد ميلاد سعيد يا أمي الغالية، كل عام وأنت بخير",
                      "שנה טובה ומתוקה לכל המשפחה", "Supercalifragilisticexpialidocious is a long word",
                      "Trip to 東京 with 👨‍👩‍👧 🎉 and friends", "AV Wa To Ty kerning pairs at AV line ends"]
        for scale in [1.0, 2, 3] {
            let context = try LayoutFixtures.context(scale: scale)
            for title in titles {
                for width in [90.0, 133.3, 180, 251.7, .infinity] {
                    for wrap in TextLayoutOptions.Wrap.allCases {
                        let l = try Label(title, attributes: LayoutFixtures.attributes(size: 19, color: .black), numberOfLines: 0, wrap: wrap)
                        let offer = Size(width: width, height: .infinity)
                        let measured = try l.layout(in: offer, context: context)
                        let size = try l.sizeThatFits(offer, context: context)
                        let drawn = try l.layout(in: size, context: context)
                        XCTAssertEqual(drawn.lines.map(\.text), measured.lines.map(\.text), "\(title) at \(width), scale \(scale), \(wrap)")
                        XCTAssertFalse(drawn.truncated, "\(title) at \(width)")
                        XCTAssertLessThanOrEqual(size.width, max(width, 1))
                        XCTAssertTrue(drawn.lines.allSatisfy { $0.width <= size.width + 1e-9 })
                    }
                }
            }
        }
    }

    func testTextBlockIsCentredVerticallyInItsFrame() throws {
        for mode in [LineBreakMode.truncatingTail, .wordWrap] {
            let l = try label("Two lines of text here", lines: 0, mode: mode)
            let natural = try l.sizeThatFits(Size(width: 130, height: .infinity), context: context)
            let tall = try l.layout(in: Size(width: 130, height: natural.height + 60), context: context)
            let snug = try l.layout(in: natural, context: context)
            XCTAssertEqual(tall.lines.count, 2)
            XCTAssertEqual(tall.textMinY - snug.textMinY, 30, accuracy: 0.5, "\(mode)")
            XCTAssertEqual(snug.textMinY, 0, accuracy: 0.5)
        }
    }

    func testAdjustsFontSizeToFitWidthShrinksNoFurtherThanTheMinimum() throws {
        let shrinking = try label("Our first apartment together", size: 40, lines: 1, shrink: 0.5)
        let layout = try shrinking.layout(in: Size(width: 300, height: .infinity), context: context)
        XCTAssertLessThan(layout.fontScale, 1)
        XCTAssertGreaterThanOrEqual(layout.fontScale, 0.5)
        XCTAssertFalse(layout.truncated)
        XCTAssertLessThanOrEqual(layout.size.width, 300)
        let size = try shrinking.sizeThatFits(Size(width: 300, height: .infinity), context: context)
        XCTAssertLessThanOrEqual(size.width, 300)
        XCTAssertEqual(try shrinking.layout(in: size, context: context).lines.map(\.text), layout.lines.map(\.text))

        let floor = try label(Self.long + Self.long, size: 40, lines: 1, shrink: 0.5)
        let cut = try floor.layout(in: Size(width: 300, height: .infinity), context: context)
        XCTAssertEqual(cut.fontScale, 0.5, accuracy: 1e-9)
        XCTAssertTrue(cut.truncated)

        // Multi-line labels shrink too.
        let twoLines = try label(Self.long, size: 40, lines: 2, shrink: 0.3)
        let fitted = try twoLines.layout(in: Size(width: 300, height: .infinity), context: context)
        XCTAssertEqual(fitted.lines.count, 2)
        XCTAssertFalse(fitted.truncated)
        XCTAssertLessThan(fitted.fontScale, 1)
    }

    func testAlignmentWithinTheFrame() throws {
        for (alignment, expected) in [(TextLayoutOptions.Alignment.left, 0.0), (.center, 0.5), (.right, 1)] {
            let l = try label("Short", alignment: alignment)
            let natural = try l.sizeToFit(context: context)
            let layout = try l.layout(in: Size(width: 300, height: natural.height), context: context)
            let line = layout.lines[0]
            XCTAssertEqual(line.origin.x, (300 - line.width) * expected, accuracy: 1e-6, "\(alignment)")
        }
        let hebrew = try label("שלום עולם", alignment: .natural)
        let line = try hebrew.layout(in: Size(width: 300, height: 40), context: context).lines[0]
        XCTAssertEqual(line.origin.x + line.width, 300, accuracy: 1e-6, "natural is right for right-to-left text")
    }

    func testEmptyTextMeasuresZeroAndTinyOffersStillGiveALine() throws {
        XCTAssertEqual(try label("").sizeToFit(context: context), .zero)
        let tiny = try label("Hello there", lines: 1).layout(in: Size(width: 0, height: 0), context: context)
        XCTAssertEqual(tiny.lines.count, 1)
        XCTAssertTrue(tiny.truncated)
    }

    func testInvalidConfigurationIsRejected() throws {
        XCTAssertThrowsError(try label("x", lines: -1))
        XCTAssertThrowsError(try label("x", shrink: 0))
        XCTAssertThrowsError(try label("x", shrink: 1.5))
        let unknown = try Label("x", attributes: TextAttributes(family: "No Such Family"))
        XCTAssertThrowsError(try unknown.sizeToFit(context: context))
    }

    func testMissingGlyphsAreReported() throws {
        let l = try label("Private use \u{E000}")
        XCTAssertEqual(try l.layout(in: LayoutFixtures.unbounded, context: context).missingGlyphs, ["\u{E000}"])
    }
}
