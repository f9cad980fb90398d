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

    /// At 1500×500 the label is 1350 × 380 (5 % sides, 12 vmin top and bottom) at 24 vmin = 120 pt;
    /// the short title is wider than 1350 at 120 pt, so it takes two balanced lines at full size.
    /// At the card's share it would be 60/576 × 500 ≈ 52.1 pt.
    func testClassicOnABannerSetsTheTitleAtAFifthOfTheHeight() throws {
        let banner = try title("classic", "Our first apartment together", size: (1500, 500))
        XCTAssertEqual(banner.fontSizeInPoints, 120, accuracy: 0.01)
        XCTAssertEqual(banner.lines, ["Our first apartment", "together"])
        // 4096×320: 24 vmin = 76.8 pt, and the line fits in 3686 points of width.
        let strip = try title("classic", "Our first apartment together", size: (4096, 320))
        XCTAssertEqual(strip.fontSizeInPoints, 76.8, accuracy: 0.01)
        XCTAssertEqual(strip.lines.count, 1)
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
        let banner = try title("dated", "Our first apartment together", size: (1500, 500))
        XCTAssertEqual(banner.fontSizeInPoints, 100, accuracy: 0.01)
        XCTAssertEqual(banner.lines, ["Our first", "apartment", "together"])
    }

    /// gradient on a banner: the emoji on the leading side, the title in the remaining 73 %
    /// (1095 points) at 20 vmin = 100 pt in two lines, the date beneath.
    func testGradientOnABannerSetsTheTitleBesideTheEmoji() throws {
        let banner = try title("gradient", "Our first apartment together", size: (1500, 500))
        XCTAssertEqual(banner.fontSizeInPoints, 100, accuracy: 0.01)
        XCTAssertEqual(banner.lines, ["Our first apartment", "together"])
    }

    /// pattern on a banner: the panel 6 % from the sides, the title 10 % from them (1200 × 340
    /// points) at 20 vmin = 100 pt in two lines.
    func testPatternOnABannerWidensThePanel() throws {
        let banner = try title("pattern", "Our first apartment together", size: (1500, 500))
        XCTAssertEqual(banner.fontSizeInPoints, 100, accuracy: 0.01)
        XCTAssertEqual(banner.lines, ["Our first apartment", "together"])
    }

    /// snapshot on a banner: the title in the leading 44 % (660 points) over the chip, larger
    /// than the card's 56/576 vmin share (48.6 pt), in three lines, the quadrant beside it.
    func testSnapshotOnABannerSetsTheTitleLargerThanTheCardShare() throws {
        let banner = try title("snapshot", "Our first apartment together", size: (1500, 500))
        XCTAssertGreaterThan(banner.fontSizeInPoints, 56.0 / 576 * 500 * 1.5)
        XCTAssertEqual(banner.lines, ["Our first", "apartment", "together"])
    }

    /// photo on a banner: the title band 4 % from the sides (1380 points) at 20 vmin = 100 pt,
    /// two lines in a band 64 % of the height.
    func testPhotoOnABannerSetsTheTitleAtAFifthOfTheHeight() throws {
        let banner = try title("photo", "Our first apartment together", size: (1500, 500))
        XCTAssertEqual(banner.fontSizeInPoints, 100, accuracy: 0.01)
        XCTAssertEqual(banner.lines, ["Our first apartment", "together"])
    }

    /// portrait on a banner: the title between 8 vmin and the circle (1020 × 380 points) at
    /// 20 vmin = 100 pt in two lines.
    func testPortraitOnABannerSetsTheTitleBesideTheCircle() throws {
        let banner = try title("portrait", "Our first apartment together", size: (1500, 500))
        XCTAssertEqual(banner.fontSizeInPoints, 100, accuracy: 0.01)
        XCTAssertEqual(banner.lines, ["Our first apartment", "together"])
    }
}
