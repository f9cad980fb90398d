import Cards
import Foundation
import JSONData
import Typesetting

/// The classic card end to end (event → PNG bytes) beside Pillow and PangoCairo rendering
/// the same card in the same run, and `sharecard batch` throughput.
enum CardBench {
    static let titles: [(name: String, title: String)] = [
        ("short title", "Our first apartment together"),
        ("150-character title", TypesettingBench.title),
        ("mixed-script title", "Trip to 東京 and ירושלים with the family 👨‍👩‍👧 🎉"),
    ]

    static func run(iterations: Int, root: URL, batchEvents: Int) throws {
        let fontsDirectory = root.appendingPathComponent("fonts").path
        let catalog = try Catalog(palettesDirectory: root.appendingPathComponent("palettes"),
                                  templatesDirectory: root.appendingPathComponent("templates"))
        let renderer = CardRenderer(fonts: try FontLibrary(directory: fontsDirectory))
        var rows: [Measurement] = []
        var ours: [Double] = []
        for (name, title) in titles {
            var bytes = 0
            let m = try measure("classic card, \(name) (event → PNG bytes)", iterations: iterations) {
                let card = try Card(try Event(title: title), catalog: catalog)
                bytes = try renderer.png(card).bytes.count
            }
            ours.append(m.medianMilliseconds)
            let card = try Card(try Event(title: title), catalog: catalog)
            let calls = try shapingCalls { _ = try renderer.png(card) }
            rows.append(Measurement(name: m.name, medianMilliseconds: m.medianMilliseconds, iterations: iterations,
                                    note: "\(bytes) bytes, \(calls) shapings"))
            rows.append(try reshapingEveryLine(name, card: card, renderer: renderer, iterations: iterations))
        }
        let peerIterations = max(10, iterations / 10)
        if let peer = runPeer(root.appendingPathComponent("bench/peer_card.py").path,
                                  arguments: ["--iterations", String(peerIterations), "--fonts", fontsDirectory] + titles.map(\.title)) {
            for (key, label) in [("pillow", "Pillow"), ("pango", "PangoCairo")] {
                for (i, title) in titles.enumerated() {
                    guard let theirs = peer["\(key)\t\(i)"] else { continue }
                    rows.append(Measurement(name: "\(label), \(title.name)", medianMilliseconds: theirs, iterations: peerIterations,
                                            note: String(format: "sharecard is %.1f× faster", theirs / ours[i])))
                }
            }
        } else {
            rows.append(Measurement(name: "card peers not run (scripts/setup --bench)", medianMilliseconds: .nan, iterations: 0))
        }
        if let batch = try batchThroughput(events: batchEvents, jobs: 2) { rows.append(batch) }
        printTable("Cards (classic template, 1024×576, warm renderer)", rows)
        try DateBench.run(iterations: iterations)
    }

    /// Runs the real `sharecard batch` (the release binary beside this one) on generated events.
    static func batchThroughput(events: Int, jobs: Int) throws -> Measurement? {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("sharecard")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { return nil }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sharecard-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let colors = ["user_purple", "user_blue", "user_green", "user_red", "user_orange"]
        let lines = (0..<events).map { i in
            JSONValue.object([
                JSONValue.Member(key: "title", value: .string("Event number \(i): \(titles[i % 3].title.prefix(60))")),
                JSONValue.Member(key: "date", value: .string("2024-06-\(String(format: "%02d", i % 28 + 1))")),
                JSONValue.Member(key: "color", value: .string(colors[i % colors.count])),
            ]).compactText
        }
        let input = scratch.appendingPathComponent("events.jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: input)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["batch", input.path, "--out", scratch.appendingPathComponent("out").path, "--jobs", String(jobs)]
        process.standardError = FileHandle.nullDevice
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        process.waitUntilExit()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Measurement(name: "sharecard batch, \(events) events, --jobs \(jobs) (whole run)", medianMilliseconds: seconds * 1000,
                           iterations: 1, note: String(format: "%.0f cards/s%@", Double(events) / seconds,
                                                       process.terminationStatus == 0 ? "" : ", exit \(process.terminationStatus)"))
    }
}

extension CardBench {
    /// HarfBuzz shapings `body` performs.
    static func shapingCalls(_ body: () throws -> Void) rethrows -> Int {
        let before = Shaper.shapingCallCount
        try body()
        return Shaper.shapingCallCount - before
    }

    /// The same card with every line shaped again on its own (the layout before lines were
    /// cut from the paragraph's shaping) against the card as it is, the two measured in
    /// alternation so that drift on a shared machine falls on both: shapings and time per card.
    static func reshapingEveryLine(_ name: String, card: Card, renderer: CardRenderer, iterations: Int) throws -> Measurement {
        let before = try Paragraph.$reshapesEveryLine.withValue(true) { try shapingCalls { _ = try renderer.png(card) } }
        let after = try shapingCalls { _ = try renderer.png(card) }
        var samples: (cut: [Double], reshaped: [Double]) = ([], [])
        for _ in 0..<iterations {
            var start = DispatchTime.now().uptimeNanoseconds
            _ = try renderer.png(card)
            samples.cut.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            start = DispatchTime.now().uptimeNanoseconds
            _ = try Paragraph.$reshapesEveryLine.withValue(true) { try renderer.png(card) }
            samples.reshaped.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let cut = median(samples.cut), reshaped = median(samples.reshaped)
        return Measurement(name: "  same, every line reshaped (before), alternating with lines cut", medianMilliseconds: reshaped,
                           iterations: iterations,
                           note: String(format: "%d shapings before, %d after; %.3f ms with lines cut (%.2f×)",
                                        before, after, cut, reshaped / cut))
    }
}
