import Cards
import Foundation
import Geometry
import Raster
import TestSupport
import XCTest

/// Every shipped template at every preset size with the four golden titles, as one contact
/// sheet per template (rows: short, long, right-to-left, CJK + emoji; columns: card, og,
/// square, story, banner). Each card is rendered at its full size, then averaged down into a
/// 200-point cell, which keeps the references small on disk and still shows a layout change.
/// The 1024×576 cards themselves are compared at full size by `CardGoldenTests`, recorded
/// before templates became constraints: classic there is today's card, pixel for pixel.
final class PresetGoldenTests: XCTestCase {
    static let cell = 200.0, gap = 6.0

    func sheet(_ template: String) throws -> Image {
        let catalog = try CardGoldenTests.catalog.get()
        let renderer = try CardGoldenTests.renderer.get()
        let presets = CardSize.presets
        let titles = CardGoldenTests.titles
        let canvas = try Canvas(size: Size(width: Double(presets.count) * (Self.cell + Self.gap) + Self.gap,
                                           height: Double(titles.count) * (Self.cell + Self.gap) + Self.gap),
                                background: Color(hex: "#dddddd")!)
        for (row, title) in titles.enumerated() {
            for (column, preset) in presets.enumerated() {
                let event = try Event(title: title.title, date: EventDate(iso8601: "2024-06-01"), subtitle: "Our timeline", emoji: "🎉",
                                      color: title.color, template: template, locale: title.locale)
                let rendered = try renderer.render(Card(event, catalog: catalog, size: preset.size))
                XCTAssertEqual(rendered.title?.missingGlyphs ?? [], [], "\(template)/\(preset.name)/\(title.name): tofu")
                XCTAssertEqual(rendered.canvas.pixelWidth, preset.size.width, "\(template)/\(preset.name)")
                let cell = Rect(x: Self.gap + Double(column) * (Self.cell + Self.gap), y: Self.gap + Double(row) * (Self.cell + Self.gap),
                                width: Self.cell, height: Self.cell)
                canvas.draw(rendered.canvas.makeImage(), in: cell, contentMode: .aspectFit)
            }
        }
        return canvas.makeImage()
    }

    func check(_ template: String) throws {
        try CardGoldenTests.golden.check(sheet(template), named: "presets-\(template)")
    }

    func testClassic() throws { try check("classic") }
    func testDated() throws { try check("dated") }
    func testGradient() throws { try check("gradient") }
    func testPattern() throws { try check("pattern") }
    func testPhoto() throws { try check("photo") }
    func testPortrait() throws { try check("portrait") }
    func testSnapshot() throws { try check("snapshot") }
}
