import Cards
import XCTest

/// Wide canvases (at least 2.5:1, such as the 1500×500 banner) get their own design: the title
/// is set at a share of the height, not at the card's `vmin` share, which would leave it small
/// between wide empty sides.
final class WideCanvasTests: XCTestCase {
    func title(_ template: String, _ title: String, size: (Int, Int)) throws -> TitleLayout {
        let event = try Event(title: title, date: EventDate(iso8601: "2024-06-01"), subtitle: "Our timeline", emoji: "🎉",
                              color: "user_purple", template: template, locale: "en")
        let rendered = try CardGoldenTests.renderer.get().render(Card(event, catalog: CardGoldenTests.catalog.get(), size: CardSize(width: size.0, height: size.1)))
        return try XCTUnwrap(rendered.title, template)
    }

    /// Lays the title out and checks its lines and, when given, its fitted size.
    @discardableResult
    func assertTitle(_ template: String, _ text: String = "Our first apartment together", size: (Int, Int) = (1500, 500),
                     points: Double? = nil, lines: [String], file: StaticString = #filePath, line: UInt = #line) throws -> TitleLayout {
        let layout = try title(template, text, size: size)
        if let points { XCTAssertEqual(layout.fontSizeInPoints, points, accuracy: 0.01, "\(template) \(size)", file: file, line: line) }
        XCTAssertEqual(layout.lines, lines, "\(template) \(size)", file: file, line: line)
        return layout
    }

    /// At 1500×500 the label is 1350 × 380 (5 % sides, 12 vmin top and bottom) at 24 vmin = 120 pt;
    /// the short title is wider than 1350 at 120 pt, so it takes two balanced lines at full size.
    /// At the card's share it would be 60/576 × 500 ≈ 52.1 pt.
    func testClassicOnABannerSetsTheTitleAtAFifthOfTheHeight() throws {
        try assertTitle("classic", points: 120, lines: ["Our first apartment", "together"])
    }

    /// A strip far wider than a banner sets its title by its height, not its shorter side:
    /// classic's size is clamp(24vmin, 8vw, 45vh). At 4096×320 that is max(76.8, min(327.7, 144))
    /// = 144 pt, where 24 vmin gave 76.8; one line in the 3686 × 243.2 label (12 vmin = 38.4 top
    /// and bottom). At 3000×320 and 4096×400 the height stops it too: 144 and 180 pt.
    func testClassicOnAStripGrowsUntilTheHeightStopsIt() throws {
        for (size, points) in [((4096, 320), 144.0), ((3000, 320), 144.0), ((4096, 400), 180.0)] {
            try assertTitle("classic", size: size, points: points, lines: ["Our first apartment together"])
        }
    }

    /// Between 2.5:1 and 3:1 the wide size keeps its floor: at 1000×400, clamp(24vmin, 8vw, 45vh)
    /// is max(96, min(80, 180)) = 96 pt, as 24 vmin was; "Moving day" fits at that size.
    func testClassicAtTheWideThresholdKeepsItsShareOfTheShorterSide() throws {
        let layout = try title("classic", "Moving day", size: (1000, 400))
        XCTAssertEqual(layout.fontSizeInPoints, 96, accuracy: 0.01)
    }

    /// The other templates' wide titles are clamp(20vmin, 1/15vw, 40vh) (snapshot: clamp(18vmin,
    /// 6vw, 36vh)): at 4096×320, 128 pt (snapshot 115.2), where 20 vmin gave 64, one line each.
    func testEveryTemplateOnAStripSetsItsTitleByTheHeight() throws {
        let expected = ["dated": 128.0, "gradient": 128, "pattern": 128, "photo": 128, "portrait": 128, "snapshot": 115.2]
        for (template, points) in expected.sorted(by: { $0.key < $1.key }) {
            try assertTitle(template, size: (4096, 320), points: points, lines: ["Our first apartment together"])
        }
    }

    /// Just under 2.5:1 the card's design still serves: 60/576 × 400 ≈ 41.67 pt at 999×400.
    func testClassicJustUnderTheWideRatioKeepsTheCardDesign() throws {
        let layout = try title("classic", "Our first apartment together", size: (999, 400))
        XCTAssertEqual(layout.fontSizeInPoints, 60.0 / 576 * 400, accuracy: 0.01)
    }

    /// dated on a banner: the title in the leading 58 % (870 points) at 20 vmin = 100 pt, three
    /// lines of 125 points within the 400-point height (10 vmin top and bottom); the date chip
    /// and subtitle beside it, not under it.
    func testDatedOnABannerSetsTheTitleBesideTheDate() throws {
        try assertTitle("dated", points: 100, lines: ["Our first", "apartment", "together"])
    }

    /// gradient on a banner: the emoji on the leading side, the title in the remaining 73 %
    /// (1095 points) at 20 vmin = 100 pt in two lines, the date beneath.
    func testGradientOnABannerSetsTheTitleBesideTheEmoji() throws {
        try assertTitle("gradient", points: 100, lines: ["Our first apartment", "together"])
    }

    /// pattern on a banner: the panel 6 % from the sides, the title 10 % from them (1200 × 340
    /// points) at 20 vmin = 100 pt in two lines.
    func testPatternOnABannerWidensThePanel() throws {
        try assertTitle("pattern", points: 100, lines: ["Our first apartment", "together"])
    }

    /// snapshot on a banner: the title in the leading 44 % (660 points) over the chip, larger
    /// than the card's 56/576 vmin share (48.6 pt), in three lines, the quadrant beside it.
    func testSnapshotOnABannerSetsTheTitleLargerThanTheCardShare() throws {
        let banner = try assertTitle("snapshot", lines: ["Our first", "apartment", "together"])
        XCTAssertGreaterThan(banner.fontSizeInPoints, 56.0 / 576 * 500 * 1.5)
    }

    /// photo on a banner: the title band 4 % from the sides (1380 points) at 20 vmin = 100 pt,
    /// two lines in a band 64 % of the height.
    func testPhotoOnABannerSetsTheTitleAtAFifthOfTheHeight() throws {
        try assertTitle("photo", points: 100, lines: ["Our first apartment", "together"])
    }

    /// portrait on a banner: the title between 8 vmin and the circle (1020 × 380 points) at
    /// 20 vmin = 100 pt in two lines.
    func testPortraitOnABannerSetsTheTitleBesideTheCircle() throws {
        try assertTitle("portrait", points: 100, lines: ["Our first apartment", "together"])
    }
}
