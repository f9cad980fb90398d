import Cards
import Foundation
import JSONData
import Scene
import Typesetting

/// Shaping calls per card for every shipped template, and the classic card at every size
/// preset beside PangoCairo drawing the same card in the same run.
///
/// "Before" is this pipeline with every chosen line shaped again on its own
/// (`Paragraph.reshapesEveryLine`), as lines were laid out before they were cut from the
/// paragraph's shaping. The older pipeline also measured the title apart from drawing it;
/// its counts, taken with a debugger, are quoted in docs/design.md.
enum PresetBench {
    static let titles: [(name: String, title: String)] = [
        ("short", "Our first apartment together"),
        ("long", TypesettingBench.title),
    ]

    static func run(iterations: Int, root: URL) throws {
        let catalog = try Catalog(palettesDirectory: root.appendingPathComponent("palettes"),
                                  templatesDirectory: root.appendingPathComponent("templates"))
        let renderer = CardRenderer(fonts: try FontLibrary(directory: root.appendingPathComponent("fonts").path))
        try shapingTable(catalog: catalog, renderer: renderer)
        try presetTable(catalog: catalog, renderer: renderer, iterations: iterations,
                        peerScript: root.appendingPathComponent("bench/peer_preset.py").path)
    }

    /// HarfBuzz shapings per card, every template at its own size, both titles.
    static func shapingTable(catalog: Catalog, renderer: CardRenderer) throws {
        print("\n## HarfBuzz shapings per card (every template, 1024×576)\n")
        print("| template | title | every line reshaped (before) | lines cut (now) |")
        print("|---|---|---:|---:|")
        for template in catalog.templates.map(\.name).sorted() {
            for (name, title) in titles {
                let card = try Card(try Event(title: title, date: EventDate(iso8601: "2024-06-01"), emoji: "🎉",
                                              template: template), catalog: catalog)
                let before = try Paragraph.$reshapesEveryLine.withValue(true) {
                    try CardBench.shapingCalls { _ = try renderer.png(card) }
                }
                let after = try CardBench.shapingCalls { _ = try renderer.png(card) }
                print("| \(template) | \(name) | \(before) | \(after) |")
            }
        }
    }

    /// The classic card at every preset, both titles: event → PNG bytes with lines cut and
    /// with every line reshaped (measured in alternation), and PangoCairo drawing the same
    /// frame, font and fitted size.
    static func presetTable(catalog: Catalog, renderer: CardRenderer, iterations: Int, peerScript: String) throws {
        var rows: [Measurement] = []
        var ours: [Double] = []
        var cases: [JSONValue] = []
        for (preset, size) in CardSize.presets {
            for (name, title) in titles {
                let card = try Card(try Event(title: title), catalog: catalog, size: size)
                let rendered = try renderer.render(card)
                guard let text = rendered.resolved.titleText else {
                    throw EventError(field: "template", reason: "classic has no title label")
                }
                let (cut, reshaped) = try alternating(card, renderer: renderer, iterations: iterations)
                ours.append(cut)
                rows.append(Measurement(name: "\(preset) \(size.width)×\(size.height), \(name) title", medianMilliseconds: cut,
                                        iterations: iterations,
                                        note: String(format: "%.1f pt × %d lines; every line reshaped %.3f ms (%.2f×)",
                                                     text.fontSizeInPoints, text.lines.count, reshaped, reshaped / cut)))
                let background = card.color.background.colors[0]
                func numbers(_ values: [Double]) -> JSONValue { .array(values.map(JSONValue.number)) }
                cases.append(.object([
                    JSONValue.Member(key: "width", value: .number(Double(size.width))),
                    JSONValue.Member(key: "height", value: .number(Double(size.height))),
                    JSONValue.Member(key: "frame", value: numbers([text.frame.minX, text.frame.minY, text.frame.width, text.frame.height])),
                    JSONValue.Member(key: "size", value: .number(text.fontSizeInPoints)),
                    JSONValue.Member(key: "lines", value: .number(Double(text.lines.count))),
                    JSONValue.Member(key: "background", value: numbers([background.red, background.green, background.blue])),
                    JSONValue.Member(key: "title", value: .string(title)),
                ]))
            }
        }
        let peerIterations = max(10, iterations / 10)
        let json = JSONValue.array(cases).compactText
        if let peer = runPeer(peerScript, arguments: ["--iterations", String(peerIterations), json]) {
            for i in rows.indices {
                guard let theirs = peer["pango\t\(i)"] else { continue }
                rows[i].note += String(format: "; PangoCairo %.3f ms (%d runs), sharecard %.2f× faster",
                                       theirs, peerIterations, theirs / ours[i])
            }
        } else {
            rows.append(Measurement(name: "PangoCairo peer not run (scripts/setup --bench)", medianMilliseconds: .nan,
                                    iterations: 0))
        }
        printTable("Classic card at each preset (event → PNG bytes, warm renderer) beside PangoCairo", rows)
    }

    /// Medians of the card with lines cut and with every line reshaped, measured in
    /// alternation so that drift on a shared machine falls on both.
    static func alternating(_ card: Card, renderer: CardRenderer, iterations: Int) throws -> (cut: Double, reshaped: Double) {
        var cut: [Double] = [], reshaped: [Double] = []
        for i in 0..<(iterations + 3) {
            var start = DispatchTime.now().uptimeNanoseconds
            _ = try renderer.png(card)
            let a = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            start = DispatchTime.now().uptimeNanoseconds
            _ = try Paragraph.$reshapesEveryLine.withValue(true) { try renderer.png(card) }
            let b = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            if i >= 3 { cut.append(a); reshaped.append(b) }  // the first three warm up
        }
        return (median(cut), median(reshaped))
    }
}
