import Cards
import Foundation

/// A template file, named `fuzz.json` in a directory whose `assets/` holds small images
/// (`landscape.png`, `portrait.png`): parsed, then rendered with an event that fills every
/// field (title, dates, subtitle, emoji) when the canvas is at most `maximumRenderedPixels`,
/// which keeps an instrumented build fast (the seeds are the shipped templates at half size).
enum TemplateFuzz {
    static let maximumRenderedPixels = 1 << 18
    static let event: Event = {
        do {
            return try Event(title: "Our first apartment together", date: EventDate(iso8601: "2024-06-01T18:30:00+02:00"),
                             endDate: EventDate(iso8601: "2024-06-02"), subtitle: "Family", emoji: "🏡")
        } catch {
            fatalError("the fuzzing event is invalid: \(error)")
        }
    }()

    static func run(_ input: [UInt8]) {
        let file = FuzzResources.scratchDirectory.appendingPathComponent("fuzz.json")
        guard (try? Data(input).write(to: file)) != nil else {
            fatalError("cannot write \(file.path)")
        }
        guard let template = try? Template(contentsOf: file) else { return }
        guard template.size.width * template.size.height <= Double(maximumRenderedPixels),
              let palette = try? FuzzResources.catalog.palette(named: "default"),
              let color = palette.colors.first else { return }
        _ = try? FuzzResources.renderer.render(event, template: template, color: color)
    }
}
