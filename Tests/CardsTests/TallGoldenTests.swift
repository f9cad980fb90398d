import Cards
import Foundation
import Geometry
import Raster
import TestSupport
import XCTest

/// Every shipped template on a tall canvas, as one contact sheet (columns: the templates;
/// rows: a long title at 320×1200, a right-to-left title at 320×1200, a long title at
/// 1080×4096). Each card is rendered at its full size, then averaged down into its cell.
final class TallGoldenTests: XCTestCase {
    static let cell = Size(width: 120, height: 450), gap = 6.0
    static let templates = ["classic", "dated", "gradient", "pattern", "photo", "portrait", "snapshot"]
    static let rows: [(title: String, locale: String, size: Size)] = [
        ("Our first apartment together", "en", Size(width: 320, height: 1200)),
        ("شقتنا الأولى معًا", "ar", Size(width: 320, height: 1200)),
        ("Our first apartment together", "en", Size(width: 1080, height: 4096)),
    ]

    func testEveryTemplateOnATallCanvas() throws {
        let catalog = try CardGoldenTests.catalog.get()
        let renderer = try CardGoldenTests.renderer.get()
        let canvas = try Canvas(size: Size(width: Double(Self.templates.count) * (Self.cell.width + Self.gap) + Self.gap,
                                           height: Double(Self.rows.count) * (Self.cell.height + Self.gap) + Self.gap),
                                background: Color(hex: "#dddddd")!)
        for (row, card) in Self.rows.enumerated() {
            for (column, template) in Self.templates.enumerated() {
                let event = try Event(title: card.title, date: EventDate(iso8601: "2024-06-01"), subtitle: "Our timeline", emoji: "🎉",
                                      color: "user_purple", template: template, locale: card.locale)
                let rendered = try renderer.render(Card(event, catalog: catalog, size: CardSize(width: Int(card.size.width), height: Int(card.size.height))))
                XCTAssertEqual(rendered.title?.missingGlyphs ?? [], [], "\(template)/\(row): tofu")
                let cell = Rect(x: Self.gap + Double(column) * (Self.cell.width + Self.gap), y: Self.gap + Double(row) * (Self.cell.height + Self.gap),
                                width: Self.cell.width, height: Self.cell.height)
                canvas.draw(rendered.canvas.makeImage(), in: cell, contentMode: .aspectFit)
            }
        }
        try CardGoldenTests.golden.check(canvas.makeImage(), named: "tall-templates")
    }
}
