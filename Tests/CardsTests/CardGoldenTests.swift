import Cards
import Foundation
import Raster
import TestSupport
import Typesetting
import XCTest

/// Every template with a short, a long, a right-to-left and an emoji + CJK title, and each
/// palette's preview sheet.
final class CardGoldenTests: XCTestCase {
    static let repository = PaletteTests.repository
    static let golden = GoldenImage(directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden"))
    static let catalog = Result { try Catalog(palettesDirectory: repository.appendingPathComponent("palettes"),
                                              templatesDirectory: repository.appendingPathComponent("templates")) }
    static let renderer = Result { CardRenderer(fonts: try FontLibrary(directory: repository.appendingPathComponent("fonts").path)) }

    static let titles: [(name: String, title: String, locale: String, color: String)] = [
        ("short", "Our first apartment together", "en", "user_purple"),
        ("long", "The day we adopted Biscuit, the scruffiest little terrier in the whole shelter, and took him home in the rain after a very long week of waiting", "en", "user_blue"),
        ("rtl", "יום הולדת שמח לסבתא רחל, אוהבים אותך", "he", "user_green"),
        ("emoji-cjk", "東京への家族旅行 🗼🍣 with the kids 👨‍👩‍👧", "ja", "user_orange"),
    ]

    func card(template: String, title: (name: String, title: String, locale: String, color: String), palette: String = "default") throws -> Image {
        let event = try Event(title: title.title, date: EventDate(iso8601: "2024-06-01"), subtitle: "Our timeline", emoji: "🎉",
                              color: title.color, palette: palette, template: template, locale: title.locale)
        let rendered = try Self.renderer.get().render(Card(event, catalog: Self.catalog.get()))
        XCTAssertEqual(rendered.title?.missingGlyphs ?? [], [], "\(template)/\(title.name): tofu")
        return rendered.canvas.makeImage()
    }

    func checkTemplate(_ name: String) throws {
        for title in Self.titles {
            try Self.golden.check(card(template: name, title: title), named: "\(name)-\(title.name)")
        }
    }

    func testClassic() throws { try checkTemplate("classic") }
    func testDated() throws { try checkTemplate("dated") }
    func testGradient() throws { try checkTemplate("gradient") }
    func testPattern() throws { try checkTemplate("pattern") }
    func testPhoto() throws { try checkTemplate("photo") }
    func testSnapshot() throws { try checkTemplate("snapshot") }

    func testPalettePreviewSheets() throws {
        let catalog = try Self.catalog.get()
        for palette in catalog.palettes {
            let sheet = try PalettePreview(renderer: Self.renderer.get()).render(palette: palette, template: catalog.template(named: "classic"))
            try Self.golden.check(sheet.canvas.makeImage(), named: "preview-\(palette.name)")
        }
    }

    func testGradientPaletteOnGradientTemplate() throws {
        try Self.golden.check(card(template: "gradient", title: Self.titles[0], palette: "gradients"), named: "gradient-palette-gradients")
    }
}
