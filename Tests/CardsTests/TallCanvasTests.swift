import Cards
import Geometry
import Scene
import XCTest

/// Tall canvases (at least 2.5 times as tall as wide, such as a 320×1200 skyscraper or a
/// 320×4096 strip) get their own design: the title is set as large as its longest word allows
/// across the width (the height has room for its lines), and the other elements spread over
/// the height instead of sitting in one band. Quicksand Bold's advances, measured once with
/// `sharecard measure`: "apartment" 5.219 em, "Moving" 3.455 em, "Moving day" 5.556 em.
final class TallCanvasTests: XCTestCase {
    static let apartmentInEm = 5.219

    func resolve(_ template: String, _ title: String = "Our first apartment together", size: (Int, Int)) throws -> [ResolvedElement] {
        let event = try Event(title: title, date: EventDate(iso8601: "2024-06-01"), subtitle: "Our timeline", emoji: "🎉",
                              color: "user_purple", template: template, locale: "en")
        let catalog = try CardGoldenTests.catalog.get()
        let (found, _, color) = try catalog.resolve(event)
        let card = try CardGoldenTests.renderer.get().resolve(event, template: found, color: color,
                                                              size: Size(width: Double(size.0), height: Double(size.1)))
        return card.scene.elements
    }

    /// Every text drawn (labels, and chips' titles), in drawing order.
    func texts(_ elements: [ResolvedElement]) -> [ResolvedText] {
        elements.flatMap { element -> [ResolvedText] in
            switch element {
            case .text(let text): return [text]
            case .chip(let chip): return chip.title.map { [$0] } ?? []
            case .group(let children, _, _): return texts(children)
            case .shape, .image, .snapshot: return []
            }
        }
    }

    func text(_ elements: [ResolvedElement], showing field: EventField, file: StaticString = #filePath, line: UInt = #line) throws -> ResolvedText {
        try XCTUnwrap(texts(elements).first { $0.fields.contains(field) }, "no \(field)", file: file, line: line)
    }

    /// classic on a tall canvas: the label has 6 % sides, its size is clamp(60/576vmin, 20vw,
    /// 6vh), then the fit shrinks it until "apartment" fits the whole pixels of the width (281
    /// of 281.6 at scale 1). 320×4096: 64 pt wanted, 281 / 5.219 = 53.84 pt set; 320×1200 the
    /// same (6vh = 72 does not stop it); 576×4096: 115.2 wanted, 506 / 5.219 = 96.95;
    /// 1080×4096: 216 wanted (6vh = 245.8), 950 / 5.219 = 182.03. The portrait design set
    /// 60/576 of the width (33.3 pt at 320).
    func testClassicOnATallCanvasSetsTheTitleAsLargeAsItsLongestWordAllows() throws {
        for (size, width) in [((320, 4096), 281.6), ((320, 2000), 281.6), ((320, 1200), 281.6), ((576, 4096), 506.88), ((1080, 4096), 950.4)] {
            let title = try text(resolve("classic", size: size), showing: .title)
            XCTAssertEqual(title.fontSizeInPoints, floor(width) / Self.apartmentInEm, accuracy: 0.02, "\(size)")
            XCTAssertEqual(title.lines.map(\.text), ["Our first", "apartment", "together"], "\(size)")
            XCTAssertEqual(title.frame.width, width, accuracy: 0.5, "\(size)")
        }
    }

    /// A short title keeps the wanted 20vw (64 pt at 320 wide): "Moving" (221 pt) fits the
    /// 281.6-point width, "Moving day" (355.6 pt) does not, so two lines at full size.
    func testAShortTitleOnATallStripTakesTwoLinesAtTheWantedSize() throws {
        let title = try text(resolve("classic", "Moving day", size: (320, 4096)), showing: .title)
        XCTAssertEqual(title.fontSizeInPoints, 64, accuracy: 0.01)
        XCTAssertEqual(title.lines.map(\.text), ["Moving", "day"])
    }

    /// gradient on 320×4096: the stack's frame is 8vh (327.68) from the top and bottom, its
    /// items spread (`equalSpacing`), so the emoji's top is the frame's top and the date's
    /// bottom the frame's bottom, the title between. Emoji clamp(72/576vmin, 24vw, 8vh) =
    /// 76.8 pt, date clamp(28/576vmin, 8vw, 2vh) = 25.6 pt, title 53.84 pt as classic's.
    func testGradientOnATallStripSpreadsTheEmojiTitleAndDateOverTheHeight() throws {
        let elements = try resolve("gradient", size: (320, 4096))
        let emoji = try text(elements, showing: .emoji), title = try text(elements, showing: .title), date = try text(elements, showing: .date)
        XCTAssertEqual(emoji.frame.minY, 327.68, accuracy: 1)
        XCTAssertEqual(date.frame.maxY, 4096 - 327.68, accuracy: 1)
        XCTAssertEqual(emoji.fontSizeInPoints, 76.8, accuracy: 0.01)
        XCTAssertEqual(date.fontSizeInPoints, 25.6, accuracy: 0.01)
        XCTAssertEqual(title.fontSizeInPoints, 281 / Self.apartmentInEm, accuracy: 0.02)
        XCTAssertGreaterThan(title.frame.minY, emoji.frame.maxY + 1000)
        XCTAssertLessThan(title.frame.maxY, date.frame.minY - 1000)
    }

    /// gradient on 320×4096 with the title alone (no emoji, no date): the stack's one item is
    /// pinned to both ends, as UIStackView pins its first and last view, so the label's box is
    /// the stack's frame, (19.2, 327.68, 281.6, 3440.64), and its lines are centred in it
    /// (before, the title sat at the top 13 % and 3,500 points below it were empty).
    func testGradientOnATallStripCentresALoneTitle() throws {
        let event = try Event(title: "Our first apartment together", color: "user_purple", template: "gradient", locale: "en")
        let (found, _, color) = try CardGoldenTests.catalog.get().resolve(event)
        let elements = try CardGoldenTests.renderer.get().resolve(event, template: found, color: color, size: Size(width: 320, height: 4096))
            .scene.elements
        let title = try text(elements, showing: .title)
        // On the pixel grid: each edge within a point.
        XCTAssertEqual(title.frame.minX, 19.2, accuracy: 1)
        XCTAssertEqual(title.frame.minY, 327.68, accuracy: 1)
        XCTAssertEqual(title.frame.width, 281.6, accuracy: 1)
        XCTAssertEqual(title.frame.height, 3440.64, accuracy: 1)
        // The middle of the first and last baselines, within a line of the strip's middle.
        let baselines = title.frame.minY + title.linesOffsetY + (title.lines.first!.origin.y + title.lines.last!.origin.y) / 2
        XCTAssertEqual(baselines, 2048, accuracy: 60, "the lines centred on the strip")
    }

    /// dated on 320×4096: the title in the upper 8vh…60 % (327.68…2457.6), a rule at 62 %, the
    /// chip and subtitle centred in 64 % (2621.44)…92 %; the chip's date at clamp(26/576vmin,
    /// 8vw, 2vh) = 25.6 pt.
    func testDatedOnATallStripPutsTheTitleAboveAndTheChipBelow() throws {
        let elements = try resolve("dated", size: (320, 4096))
        let title = try text(elements, showing: .title), date = try text(elements, showing: .date)
        XCTAssertEqual(title.frame.minY, 327.68, accuracy: 0.5)
        XCTAssertEqual(title.frame.maxY, 2457.6, accuracy: 0.5)
        XCTAssertEqual(title.fontSizeInPoints, 281 / Self.apartmentInEm, accuracy: 0.02)
        XCTAssertGreaterThan(date.frame.minY, 2621.44)
        XCTAssertLessThan(date.frame.maxY, 4096 - 327.68)
        XCTAssertEqual(date.fontSizeInPoints, 25.6, accuracy: 0.01)
    }

    /// dated without a date or a subtitle (a `field` choice on both) draws no rule and gives the
    /// title the whole card. On the 1500×500 banner the label is (75, 50, 1350, 400): 5 % sides,
    /// 10 vmin top and bottom, at clamp(20vmin, 1/15vw, 40vh) = 100 pt, where the title, 1403.7
    /// points long on one line, takes two. On 400×1200 it is (24, 96, 352, 1008): 6 % sides,
    /// 8vh top and bottom, clamp(60/576vmin, 20vw, 6vh) = 72 pt wanted, shrunk to "apartment"
    /// in 352 points (67.45 pt). With a subtitle alone, the rule and the two columns stay.
    func testDatedWithNeitherDateNorSubtitleGivesTheTitleTheWholeCard() throws {
        func elements(subtitle: String?, size: (Int, Int)) throws -> [ResolvedElement] {
            let event = try Event(title: "Our first apartment together", subtitle: subtitle, color: "user_purple", template: "dated", locale: "en")
            let (found, _, color) = try CardGoldenTests.catalog.get().resolve(event)
            return try CardGoldenTests.renderer.get().resolve(event, template: found, color: color,
                                                              size: Size(width: Double(size.0), height: Double(size.1))).scene.elements
        }
        func shapes(_ elements: [ResolvedElement]) -> Int {
            elements.reduce(0) { count, element in
                switch element {
                case .shape: return count + 1
                case .group(let children, _, _): return count + shapes(children)
                default: return count
                }
            }
        }
        for (size, frame, points) in [((1500, 500), Rect(x: 75, y: 50, width: 1350, height: 400), 100.0),
                                      ((400, 1200), Rect(x: 24, y: 96, width: 352, height: 1008), 352 / Self.apartmentInEm)] {
            let alone = try elements(subtitle: nil, size: size)
            XCTAssertEqual(shapes(alone), 0, "no rule at \(size)")
            let title = try text(alone, showing: .title)
            XCTAssertEqual(title.frame.minX, frame.minX, accuracy: 0.01, "\(size)")
            XCTAssertEqual(title.frame.minY, frame.minY, accuracy: 0.01, "\(size)")
            XCTAssertEqual(title.frame.width, frame.width, accuracy: 0.01, "\(size)")
            XCTAssertEqual(title.frame.height, frame.height, accuracy: 0.01, "\(size)")
            XCTAssertEqual(title.fontSizeInPoints, points, accuracy: 0.02, "\(size)")
            XCTAssertEqual(title.lines.map(\.text).joined(separator: " "), "Our first apartment together")
            if size.0 > size.1 { XCTAssertEqual(title.lines.count, 2) }

            let withSubtitle = try elements(subtitle: "Our timeline", size: size)
            XCTAssertEqual(shapes(withSubtitle), 1, "the rule at \(size)")
            let beside = try text(withSubtitle, showing: .title).frame
            XCTAssertLessThan(beside.width * beside.height, frame.width * frame.height * 0.9, "the subtitle's column at \(size)")
        }
    }

    /// The other templates on 320×4096 set their title at the same clamp(60/576vmin, 20vw,
    /// 6vh) = 64 pt wanted, shrunk to "apartment" in the whole points of their label's width:
    /// pattern 9 % sides (262.4 → 262 / 5.219 = 50.2 pt), photo 48/576vmin sides (266.67 →
    /// 266: 50.97 pt), portrait and snapshot 8vw sides (268.8 → 268: 51.35 pt). Their portrait
    /// designs set 56/576 or 60/576 of the width (31.1 or 33.3 pt).
    func testEveryOtherTemplateOnATallStripSetsItsTitleByItsWidth() throws {
        for (template, width) in [("pattern", 262.0), ("photo", 266), ("portrait", 268), ("snapshot", 268)] {
            let title = try text(resolve(template, size: (320, 4096)), showing: .title)
            XCTAssertEqual(title.fontSizeInPoints, width / Self.apartmentInEm, accuracy: 0.02, template)
            XCTAssertEqual(title.lines.map(\.text), ["Our first", "apartment", "together"], template)
        }
    }

    /// Just under 2.5:1 (320×799) the portrait design still serves: 60/576 × 320 = 33.33 pt.
    func testJustUnderTheTallRatioKeepsThePortraitDesign() throws {
        let title = try text(resolve("classic", "Moving day", size: (320, 799)), showing: .title)
        XCTAssertEqual(title.fontSizeInPoints, 60.0 / 576 * 320, accuracy: 0.01)
    }

    /// On a 4096×320 strip a two-line title no longer squeezes gradient's date: the date does
    /// not shrink (`minimumScaleFactor` 1), so it keeps clamp(8vmin, 2/75vw, 14vh) = 44.8 pt and
    /// the title gives up the height. Before, both shrank in proportion and the date was set
    /// smaller than 8 vmin (25.6 pt).
    func testGradientsDateKeepsItsSizeUnderALongTitleOnAStrip() throws {
        let elements = try resolve("gradient", "The day we adopted Biscuit, the scruffiest little terrier in the whole shelter",
                                   size: (4096, 320))
        XCTAssertEqual(try text(elements, showing: .date).fontSizeInPoints, 44.8, accuracy: 0.01)
    }

    /// dated's chip on a 4096×320 strip: clamp(8vmin, 2/75vw, 18vh) = 57.6 pt (was capped at
    /// 14vh = 44.8); on the 1500×500 banner still 40 pt (8vmin = 2/75vw = 40).
    func testDatedChipOnAStripIsSetAtAFifthOfTheHeight() throws {
        XCTAssertEqual(try text(resolve("dated", size: (4096, 320)), showing: .date).fontSizeInPoints, 57.6, accuracy: 0.01)
        XCTAssertEqual(try text(resolve("dated", size: (1500, 500)), showing: .date).fontSizeInPoints, 40, accuracy: 0.01)
    }
}
