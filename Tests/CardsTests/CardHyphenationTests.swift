import Cards
import XCTest

/// Cards hyphenate by the event's language, when that sets the title larger (the rule is in
/// Typesetting; these check that a card's title reaches it). The compound below is one word
/// wider than the classic label box at 60 pt: kept whole it shrinks the title, hyphenated it
/// is set at the full 60 pt.
final class CardHyphenationTests: XCTestCase {
    func title(_ text: String, locale: String) throws -> TitleLayout {
        let event = try Event(title: text, color: "user_blue", template: "classic", locale: locale)
        let card = try Card(event, catalog: CardGoldenTests.catalog.get())
        return try XCTUnwrap(CardGoldenTests.renderer.get().resolve(card.event, template: card.template, color: card.color).title)
    }

    func testAGermanCardHyphenatesALongCompound() throws {
        let text = "Einladung zur Donaudampfschifffahrtsgesellschaftskapitänsfeier"
        let german = try title(text, locale: "de-DE")
        XCTAssertEqual(german.fontSizeInPoints, 60, accuracy: 1e-9)
        XCTAssertFalse(german.truncated)
        XCTAssertTrue(german.lines.dropLast().allSatisfy { $0.hasSuffix("\u{2010}") }, "\(german.lines)")
        XCTAssertEqual(german.lines.joined().replacingOccurrences(of: "\u{2010}", with: "").replacingOccurrences(of: " ", with: ""), text.replacingOccurrences(of: " ", with: ""))
    }

    func testALanguageWithoutADictionaryDoesNotHyphenate() throws {
        let text = "Einladung zur Donaudampfschifffahrtsgesellschaftskapitänsfeier"
        let unhyphenated = try title(text, locale: "ja")
        XCTAssertFalse(unhyphenated.lines.contains { $0.contains("\u{2010}") }, "\(unhyphenated.lines)")
        XCTAssertLessThan(unhyphenated.fontSizeInPoints, 60)
    }
}
