import Cards
import Foundation
import Raster
import XCTest

/// Every palette colour keeps WCAG 2's 3:1 for large text under the title as every shipped
/// template draws it, at every preset: measured on the pixels beneath the title's lines, so a
/// template's lighting, shading or plate counts (the palette test checks only the colour's own
/// stops, and `gradient`'s highlight once took titles to 2.8:1).
final class TitleGroundContrastTests: XCTestCase {
    /// `og` is left out: at 1200×630 it lays out as the card does, a little larger.
    static let sizes = ["card", "square", "story", "banner"]
    static let longTitle = "The day we adopted Biscuit, the scruffiest little terrier in the whole shelter, and took him home in the rain"

    func testEveryPaletteColourReadsUnderEveryTemplatesTitle() throws {
        let catalog = try CardGoldenTests.catalog.get(), renderer = try CardGoldenTests.renderer.get()
        var report: [(String, Double)] = []
        for template in catalog.templates.map(\.name) {
            var worst = (name: "", ratio: Double.infinity)
            for palette in catalog.palettes {
                for color in palette.colors {
                    for size in Self.sizes {
                        // A long title: its lines reach across most of the card, over the lit and the
                        // shaded parts both (a short one in the middle sees neither).
                        let event = try Event(title: Self.longTitle, date: EventDate(iso8601: "2026-05-01"), emoji: "🏠",
                                              color: color.name, palette: palette.name, template: template)
                        let card = try Card(event, catalog: catalog, size: CardSize(parsing: size))
                        // Resolving says whether the title is in the palette's text colour (not
                        // `photo`'s white over its photo); only such a card is drawn.
                        guard try renderer.resolve(card).title?.isSetInForeground == true else { continue }
                        let title = try XCTUnwrap(renderer.render(card).title)
                        let contrast = try XCTUnwrap(title.contrast, "\(template) \(palette.name) \(color.name) \(size)")
                        if contrast.ratio < worst.ratio { worst = ("\(palette.name) \(color.name) \(size)", contrast.ratio) }
                        XCTAssertGreaterThanOrEqual(contrast.ratio, Contrast.largeTextMinimum,
                                                    "\(template), \(palette.name) \(color.name) at \(size): \(contrast.color.hexString) over \(contrast.ground.hexString)")
                    }
                }
            }
            if !worst.name.isEmpty { report.append(("\(template) (worst: \(worst.name))", worst.ratio)) }
        }
        for (name, ratio) in report { print("title contrast as drawn: \(name) \(Contrast.text(ratio)):1") }
    }
}
