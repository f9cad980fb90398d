import Cards
import Foundation

enum BatchCommand {
    static let spec = CommandSpec(
        name: "batch",
        summary: "Render every event of a JSON-lines file, in parallel, with a progress bar.",
        usage: "batch EVENTS.jsonl --out DIR [--jobs N] [--scale N] [--shard I/N]",
        options: [
            OptionSpec(name: "out", valueName: "DIR", help: "Folder for the PNGs (created if missing)."),
            OptionSpec(name: "jobs", valueName: "N", help: "Cards rendered at once (default: the number of cores)."),
            OptionSpec(name: "scale", valueName: "N", help: "1, 2 or 3 (default 1)."),
            OptionSpec(name: "shard", valueName: "I/N", help: "Render only part I of N (from 0): line k belongs to part (k-1) mod N."),
        ] + CardOptions.dataSpecs,
        positionals: ["EVENTS.jsonl"],
        minimumPositionals: 1,
        details: """
            Each non-empty line is an event object, as for 'render --event', optionally with an
            "id" (letters, digits, '-' and '_') that names its PNG; without one the PNG is named
            after the line number (000042.png). Bad lines are reported with their line number and
            the batch goes on; the exit status is 1 if any line failed. Files are written
            atomically, and a re-run skips cards whose PNG is already there, complete and
            rendered from the same inputs (recorded in DIR/.sharecard-batch.json).
            """)

    static func run(_ args: ParsedArguments) throws {
        guard let outDir = args.value("out") else { throw UsageError(description: "missing --out DIR") }
        let jobs = try args.int("jobs", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        let scale = try args.int("scale", in: 1...3) ?? 1
        let shard = try args.value("shard").map(Shard.init) ?? .whole
        let input = try readInput(args.positionals[0])
        let catalog = try CardOptions.catalog(args)
        let renderer = try CardOptions.renderer(args)
        let fontsVersion = ContentHash.fontsVersion(directory: try Resources.directory("fonts", override: args.value("fonts")))
        do {
            try FileManager.default.createDirectory(atPath: outDir, withIntermediateDirectories: true)
        } catch {
            throw CommandError("cannot create \(outDir): \(error.localizedDescription)")
        }
        let lines = shard.select(BatchInput.lines(input), line: \.number)
        let manifest = BatchManifest(directory: outDir)
        let progress = ProgressBar(total: lines.count, enabled: isatty(STDERR_FILENO) == 1)
        let results = BatchRunner(jobs: jobs).run(lines) { line -> BatchOutcome in
            let outcome = render(line, catalog: catalog, renderer: renderer, scale: scale, fontsVersion: fontsVersion,
                                 directory: outDir, manifest: manifest)
            progress.advance(failed: { if case .failed = outcome { return true }; return false }())
            return outcome
        }
        progress.finish()
        try manifest.save()

        var written = 0, skipped = 0, failed = 0
        for (line, outcome) in zip(lines, results) {
            switch outcome {
            case .written: written += 1
            case .skipped: skipped += 1
            case .failed(let reason):
                failed += 1
                FileHandle.standardError.write(Data("line \(line.number): \(reason)\n".utf8))
            }
        }
        let summary = "\(lines.count) events: \(written) written, \(skipped) unchanged, \(failed) failed"
        FileHandle.standardError.write(Data((summary + "\n").utf8))
        if failed > 0 { exit(1) }
    }

    static func render(_ line: BatchInput.Line, catalog: Catalog, renderer: CardRenderer, scale: Int, fontsVersion: String,
                       directory: String, manifest: BatchManifest) -> BatchOutcome {
        do {
            let (id, eventData) = try BatchInput.split(line.text)
            let event = try EventDecoder().decode(eventData)
            let card = try Card(event, catalog: catalog, scale: scale)
            let name = (id ?? String(format: "%06d", line.number)) + ".png"
            let path = (directory as NSString).appendingPathComponent(name)
            let key = card.key(fontsVersion: fontsVersion)
            if manifest.isComplete(name: name, key: key, path: path) { return .skipped }
            let (png, _) = try renderer.png(card)
            try writeOutput(png, to: path)
            manifest.record(name: name, key: key, bytes: png)
            return .written
        } catch {
            return .failed("\(error)")
        }
    }
}

enum BatchOutcome: Sendable {
    case written, skipped
    case failed(String)
}
