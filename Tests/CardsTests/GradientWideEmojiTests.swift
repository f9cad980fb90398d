@testable import Cards
import Geometry
import Scene
import XCTest

/// On a wide canvas the gradient template sets the emoji on the leading side and the title
/// beside it; without an emoji the title and date are centred across the card, not beside an
/// empty slot (left to right and right to left alike).
final class GradientWideEmojiTests: XCTestCase {
    func titleFrame(_ title: String, emoji: String?, locale: String, size: (Int, Int)) throws -> Rect {
        let event = try Event(title: title, date: EventDate(iso8601: "2024-06-01"), emoji: emoji,
                              color: "user_purple", template: "gradient", locale: locale)
        let rendered = try CardGoldenTests.renderer.get().render(Card(event, catalog: CardGoldenTests.catalog.get(),
                                                                      size: CardSize(width: size.0, height: size.1)))
        return try XCTUnwrap(rendered.resolved.titleText).frame
    }

    func testWithoutAnEmojiTheTitleIsCentredOnWideCanvases() throws {
        for size in [(1500, 500), (4096, 320), (2000, 400)] {
            for (title, locale) in [("The day we adopted Biscuit", "en"), ("יום הולדת שמח לסבתא רחל", "he")] {
                let middle = Double(size.0) / 2
                let alone = try titleFrame(title, emoji: nil, locale: locale, size: size)
                XCTAssertEqual(alone.midX, middle, accuracy: 1, "\(size) \(locale) without an emoji: \(alone)")
                let beside = try titleFrame(title, emoji: "🐶", locale: locale, size: size)
                // With the emoji on the leading side, the title's centre moves to the trailing side.
                let shift = locale == "he" ? middle - beside.midX : beside.midX - middle
                XCTAssertGreaterThan(shift, Double(size.0) * 0.05, "\(size) \(locale) with an emoji: \(beside)")
            }
        }
    }
}
