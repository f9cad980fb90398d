import Cards
import Foundation

enum RenderCommand {
    static let spec = CommandSpec(
        name: "render",
        summary: "Render an event as a share image (1024×576 PNG at scale 1).",
        usage: "render --title TEXT [event options] -o OUT.png|.jpg|.webp [--format F] [--quality Q] [--size PRESET|WxH] [--scale 1|2|3] [--share-text] [--strict] [--quiet]",
        options: CardOptions.eventSpecs + [
            OutputFormatOptions.imageOutput,
            OptionSpec(name: "scale", valueName: "N", help: "1, 2 or 3: 1024×576, 2048×1152 or 3072×1728 pixels, rendered natively."),
            OptionSpec(name: "share-text", help: "Also print the text that goes out with the image."),
            OptionSpec(name: "strict", help: "Fail (exit 1, no image written) when a character has no font, instead of warning."),
            OptionSpec(name: "quiet", short: "q", help: "No note on standard error for a hex colour's chosen text colour and contrast (a warning below 3:1 still prints)."),
            CardOptions.sizeSpec,
            OptionSpec(name: "photo", valueName: "FILE", help: "The event's photo (JPEG, PNG, WebP or HEIC), shown by templates that take one, such as photo."),
        ] + OutputFormatOptions.specs + CardOptions.dataSpecs,
        details: """
            Example: sharecard render --title "Our first apartment together" --date 2024-06-01 --color user_purple -o card.png

            With a hex --color the text colour is chosen (white or near-black, whichever contrasts more
            at the worst spot of the ground drawn under the title, the template's lighting included),
            and a line on standard error says which, with its WCAG 2 contrast: "colour #1e88e5:
            near-black text (#121212), contrast 5.09:1 (WCAG 2 AA; AAA for large text)"; none when the
            template sets the title in a colour of its own (photo).
            """)

    static func run(_ args: ParsedArguments) throws {
        let output = args.value("output")
        guard output != nil || args.has("share-text") else { throw UsageError(description: "missing -o FILE (or --share-text)") }
        let readers = ["title", "event", "photo"].filter { args.value($0) == "-" }
        guard readers.count < 2 else {
            throw UsageError(description: "--\(readers[0]) and --\(readers[1]) cannot both be read from standard input")
        }
        let scale = try args.int("scale", in: 1...3) ?? 1
        let size = try CardOptions.size(args)
        let format = try OutputFormatOptions.output(args, path: output)
        let event = try CardOptions.event(args)
        let catalog = try CardOptions.catalog(args, for: event)
        var card: Card
        do { card = try Card(event, catalog: catalog, scale: scale, size: size) } catch {
            throw UsageError(description: "--\(error.field == "endDate" ? "end-date" : error.field): \(error.reason)")
        }
        // One card per process: no photo is seen twice, so there is nothing for a face cache to keep.
        if let photo = args.value("photo") {
            card.photo = try PhotoInput.load(photo, for: card)
            if let warning = card.photo?.photo.profile.warning { StandardError.write("sharecard render: warning: \(shown: photo): \(warning)\n") }
        }
        var imageOnStandardOutput = false
        if let output {
            let target = try OutputTarget(output)
            imageOnStandardOutput = target.sharesStandardOutput
            let renderer = try CardOptions.renderer(args)
            let (bytes, title, missingGlyphs) = try renderer.encoded(card, as: format)
            let missing = MissingGlyphs.codePoints(of: missingGlyphs)
            if !missing.isEmpty && args.has("strict") {
                throw CommandError("\(MissingGlyphs.message(missing, fonts: renderer.fonts)) (--strict: no image written)")
            }
            try target.write(bytes)
            if !missing.isEmpty {
                StandardError.write("sharecard render: warning: \(MissingGlyphs.message(missing, fonts: renderer.fonts)); they are drawn as boxes\n")
            }
            // Always on standard error: standard output may be the image (-o -) or the share text.
            if let note = ContrastNote(eventColor: card.event.color, title: title), note.isWarning || !args.has("quiet") {
                StandardError.write("sharecard render: \(note.isWarning ? "warning: " : "")\(note.description)\n")
            }
        }
        if args.has("share-text") {
            if imageOnStandardOutput {
                StandardError.write(try event.shareText + "\n")
            } else {
                print(try event.shareText)
            }
        }
    }
}
