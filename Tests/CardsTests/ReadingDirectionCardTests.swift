import Cards
import XCTest

/// A card's template mirrors by the title's reading direction, which under a right-to-left
/// locale is right to left for a title holding a right-to-left letter, whatever word it opens
/// with (`snapshot` puts its date chip on the side the title is read from).
final class ReadingDirectionCardTests: XCTestCase {
    private func chipMinX(title: String, locale: String) throws -> Double {
        let event = try Event(title: title, date: EventDate(iso8601: "2025-06-01"), template: "snapshot", locale: locale)
        let rendered = try CardGoldenTests.renderer.get().render(Card(event, catalog: CardGoldenTests.catalog.get()))
        let chip = try XCTUnwrap(rendered.resolved.scene.placedElements.first { $0.kind == "chip" })
        return chip.frame[0]
    }

    func testAnArabicTitleOpeningWithALatinNameMirrorsTheTemplateUnderArabic() throws {
        let brand = "iPhone 16 وصل إلى متجرنا في القاهرة"
        XCTAssertGreaterThan(try chipMinX(title: brand, locale: "ar"), 512, "the chip on the right, where the title is read from")
        XCTAssertLessThan(try chipMinX(title: brand, locale: "en"), 512, "first strong letter under English: left to right")
        XCTAssertLessThan(try chipMinX(title: "Happy birthday", locale: "ar"), 512, "no Arabic letter: left to right")
        XCTAssertGreaterThan(try chipMinX(title: "عيد ميلاد سعيد", locale: "en"), 512)
    }
}
