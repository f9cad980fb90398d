import Cards
import Raster
import Scene
import XCTest

/// gradient's title shadow follows the title's colour: black at a quarter under white text, as
/// it always was (the same bytes as the fixed #00000040), white at a quarter under a pastel's
/// deep text and a light hex colour's near-black, where a dark shadow reads as a grey smudge.
final class GradientShadowTests: XCTestCase {
    func shadow(color: String, palette: String = Event.defaultPalette) throws -> Color? {
        let event = try Event(title: "Summer trip", date: EventDate(iso8601: "2024-06-01"), emoji: "☀️", color: color,
                              palette: palette, template: "gradient", locale: "en")
        let (template, _, entry) = try CardGoldenTests.catalog.get().resolve(event)
        let card = try CardGoldenTests.renderer.get().resolve(event, template: template, color: entry)
        return try XCTUnwrap(card.titleText).shadow?.color
    }

    func testTheShadowContrastsWithTheTitle() throws {
        XCTAssertEqual(try shadow(color: "user_purple"), Color.black.withAlpha(0.25))
        XCTAssertEqual(try shadow(color: "user_yellow", palette: "pastel"), Color.white.withAlpha(0.25))
        XCTAssertEqual(try shadow(color: "#f5f5dc"), Color.white.withAlpha(0.25))
        XCTAssertEqual(try shadow(color: "#1e88e5"), Color.white.withAlpha(0.25), "#1e88e5 takes near-black text")
    }
}
