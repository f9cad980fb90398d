import Cards
import Faces
import Foundation

enum BatchCommand {
    static let spec = CommandSpec(
        name: "batch",
        summary: "Render every event of a JSON-lines file, in parallel, with a progress bar.",
        usage: "batch EVENTS.jsonl --out DIR [--jobs N] [--scale N] [--format F] [--quality Q] [--shard I/N] [--quiet]",
        options: [
            OptionSpec(name: "out", valueName: "DIR", help: "Folder for the PNGs (created if missing)."),
            OptionSpec(name: "jobs", valueName: "N", help: "Cards rendered at once (default: the number of cores)."),
            OptionSpec(name: "scale", valueName: "N", help: "1, 2 or 3 (default 1)."),
            OptionSpec(name: "shard", valueName: "I/N", help: "Render only part I of N (from 0): line k belongs to part (k-1) mod N."),
            OptionSpec(name: "quiet", short: "q", help: "No progress bar and no summary: only failed lines, warnings and errors are printed; the exit status still says whether any line failed."),
        ] + OutputFormatOptions.batchSpecs + CardOptions.dataSpecs,
        positionals: ["EVENTS.jsonl"],
        minimumPositionals: 1,
        details: """
            Each non-empty line is an event object, as for 'render --event', optionally with an
            "id" (ASCII letters, digits, '-' and '_') that names its PNG; without one the PNG is named
            after the line number (000042.png), and a "size" (a preset or WxH, as render's --size).
            The file is read once and its lines are held for the run (about 1 GB at the limits):
            a line may be up to 64 KiB (a longer one fails alone), the file up to 256 MiB and
            1,000,000 lines (past either, nothing is rendered).
            Each line is read once by the strict JSON parser templates are read by (UTF-8; no
            trailing commas, comments, NaN or repeated keys). Two lines naming the same PNG are
            an error before anything is written. Bad lines are reported as they fail, with their
            line number, and the batch goes on; a line whose hex colour leaves its title under 3:1
            contrast (a gradient's, or a template's lighting, can) is written, with a warning naming
            the figure. A line's "photo" is a JPEG, PNG, WebP or HEIC file (relative to the folder
            EVENTS.jsonl is named in, a symbolic link's own folder as for cp) for templates that
            show one. The exit status is 1 if any line failed. A line's "format" (png, jpeg, webp)
            and "quality" override --format and --quality, and the file's extension follows its
            format (000042.webp). A member set to null or "" is as if it were not there. Files are written atomically, and each finished card is recorded
            at once in DIR/.sharecard-batch.jsonl, so a re-run, even after the batch was killed,
            skips cards whose PNG is there, complete and rendered from the same inputs. SIGINT or SIGTERM
            stops taking new lines, lets the cards in progress finish, prints the summary and
            exits with 130 or 143; a second signal stops at once. --quiet leaves out the progress
            bar and the summary, for scripts that go by the exit status.
            """)

    static func run(_ args: ParsedArguments) throws {
        guard let outDir = args.value("out") else { throw UsageError(description: "missing --out DIR") }
        guard !outDir.isEmpty else { throw UsageError(description: "the --out folder's name is empty") }
        try HashingLibrary.require()
        let jobs = try args.int("jobs", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        let scale = try args.int("scale", in: 1...3) ?? 1
        let shard = try args.value("shard").map(Shard.init) ?? .whole
        let lines = try BatchFile.lines(args.positionals[0])
        let catalog = try CardOptions.catalog(args)
        let renderer = try CardOptions.renderer(args)
        // Read now, so that a broken optional part of the font manifest stops the batch before
        // its first card rather than failing the cards that need a script face.
        do { try renderer.fonts.loadOptionalFaces() } catch { throw CommandError("\(error)") }
        let fontsVersion = ContentHash.fontsVersion(directory: try Resources.directory("fonts", override: args.value("fonts")))
        let plan = try BatchPlan(lines, output: try OutputFormatOptions.output(args, path: nil))
        // Names are checked across the whole file, so every shard agrees on them.
        let items = shard.select(plan.items, line: \.line)
        var existing = stat()
        if stat(outDir, &existing) == 0, existing.st_mode & S_IFMT != S_IFDIR {
            throw CommandError("--out \(shown: outDir) is not a folder")
        }
        do { try FilePath.makeDirectories(outDir) } catch {
            throw CommandError("cannot create the --out folder \(shown: outDir): \(error.message(for: outDir))")
        }
        let journal = try BatchJournal(directory: outDir)
        AtomicReplacement.removeStaleTemporaries(in: outDir)
        let quiet = args.has("quiet")
        let report = BatchReport(total: items.count, showsProgress: !quiet && isatty(STDERR_FILENO) == 1, showsSummary: !quiet)
        Interruption.shared.install(graceful: true) { _ in report.stopping() }
        let context = Context(catalog: catalog, renderer: renderer, scale: scale, fontsVersion: fontsVersion,
                              directory: outDir, journal: journal,
                              photoDirectory: BatchInput.photoDirectory(eventsPath: args.positionals[0]),
                              faceCache: try FaceCache())
        _ = BatchRunner(jobs: jobs).run(items, shouldStop: { Interruption.shared.stopRequested != nil }) { item in
            let (outcome, warnings) = render(item, context)
            for warning in warnings { report.warn(line: item.line, warning) }
            report.finished(line: item.line, outcome)
            return outcome
        }
        let signal = Interruption.shared.stopRequested
        var journalError: String?
        do { try journal.finish(compacting: signal == nil) } catch { journalError = "\(error)" }
        let failed = report.finish(interruptedBy: signal, faces: context.faceCache.statistics)
        if let journalError { StandardError.write("sharecard batch: \(journalError)\n") }
        if let signal { exit(128 + signal) }
        if failed > 0 || journalError != nil { exit(1) }
    }

    /// What every card of a batch shares.
    struct Context: Sendable {
        let catalog: Catalog
        let renderer: CardRenderer
        let scale: Int
        let fontsVersion: String
        let directory: String
        let journal: BatchJournal
        /// What a line's relative "photo" path is relative to: the folder of EVENTS.jsonl.
        let photoDirectory: String
        /// Faces found in the run's photos: lines repeating a photo detect once.
        let faceCache: FaceCache
    }

    /// Renders one line, writes its image, then records it in the journal. A card written or
    /// unchanged comes with its warnings: a photo whose colour profile cannot be used (when it
    /// was decoded), a hex colour under 3:1 contrast.
    static func render(_ item: BatchPlan.Item, _ context: Context) -> (BatchReport.Outcome, [String]) {
        do {
            var object = try item.event.get()
            let size = try object.takeSize()
            let photoPath = try PhotoInput.takePhoto(from: &object, directory: context.photoDirectory)
            let event = try EventDecoder().decode(object, otherFields: ["id", "size", "photo", "format", "quality"])
            var card = try Card(event, catalog: context.catalog, scale: context.scale, size: size)
            // A path from the data, not the user: a FIFO there would block the batch for good.
            // Read and hashed only, to name the card: a card already written needs no decoding.
            let photo = try photoPath.map { try PhotoInput.read(forKey: $0, regularFileOnly: true) }
            card.undecodedPhotoDigest = photo?.digest
            func decodePhoto() throws {
                if let photo { card.photo = try PhotoInput.decode(photo, for: card, faceCache: context.faceCache) }
            }
            guard let name = item.fileName else { return (.failed("no file name"), []) }
            let path = (context.directory as NSString).appendingPathComponent(name)
            // The format and quality are part of the key: changing them renders again.
            let key = card.key(fontsVersion: context.fontsVersion) + (item.output == .png ? "" : "." + item.output.token)
            func warnings(_ title: TitleLayout?) -> [String] {
                var warnings: [String] = []
                if let photoPath, let profile = card.photo?.photo.profile.warning { warnings.append("photo \(shown: photoPath): \(profile)") }
                if let note = ContrastNote(eventColor: card.event.color, title: title), note.isWarning { warnings.append(note.description) }
                return warnings
            }
            if context.journal.isComplete(name: name, key: key, path: path) {
                // A hex colour's contrast is read from the ground drawn under its title: the card
                // is drawn again, not encoded or written, to repeat a warning.
                guard CustomColor.isHex(card.event.color) else { return (.skipped, []) }
                try decodePhoto()
                return (.skipped, warnings(try context.renderer.render(card).title))
            }
            try decodePhoto()
            let (bytes, title, _) = try context.renderer.encoded(card, as: item.output)
            try OutputTarget(batchCard: path).write(bytes)
            try context.journal.record(name: name, key: key, bytes: bytes)
            return (.written, warnings(title))
        } catch {
            return (.failed("\(error)"), [])
        }
    }
}
