import Cards
import Foundation
import Typesetting

/// Every shipped template (1024×576, the short title): drawing a resolved card (template
/// elements onto the canvas, no PNG) and the whole card, event → PNG bytes. The drawing row
/// is where the templates differ (gradients, confetti, a snapshot's copies of the canvas).
enum TemplateBench {
    static func run(iterations: Int, root: URL) throws {
        let catalog = try Catalog(palettesDirectory: root.appendingPathComponent("palettes"),
                                  templatesDirectory: root.appendingPathComponent("templates"))
        let renderer = CardRenderer(fonts: try FontLibrary(directory: root.appendingPathComponent("fonts").path))
        var rows: [Measurement] = []
        for template in catalog.templates.map(\.name).sorted() where template != "photo" {
            let card = try Card(try Event(title: "Our first apartment together", date: EventDate(iso8601: "2024-06-01"), emoji: "🎉",
                                          template: template), catalog: catalog)
            let resolved = try renderer.resolve(card.event, template: card.template, color: card.color)
            rows.append(try measure("\(template): draw the resolved card", iterations: iterations) { _ = try renderer.draw(resolved) })
            rows.append(try measure("\(template): event → PNG bytes", iterations: iterations) { _ = try renderer.png(card) })
        }
        printTable("Templates (1024×576, short title, warm renderer)", rows)
    }
}
