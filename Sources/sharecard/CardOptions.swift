import Cards
import Foundation
import Typesetting

/// The event flags `render` takes, the data folders every card command needs, and loading
/// them once.
enum CardOptions {
    static let eventSpecs: [OptionSpec] = [
        OptionSpec(name: "title", valueName: "TEXT", help: "The event's title (required unless --event); '-' reads it from standard input."),
        OptionSpec(name: "date", valueName: "ISO8601", help: "When it happens: 2024-06-01 or 2024-06-01T18:30:00+02:00."),
        OptionSpec(name: "end-date", valueName: "ISO8601", help: "When it ends, for a range."),
        OptionSpec(name: "subtitle", valueName: "TEXT", help: "A second line, such as the timeline's name."),
        OptionSpec(name: "emoji", valueName: "EMOJI", help: "One emoji shown by some templates and in the share text."),
        OptionSpec(name: "color", valueName: "NAME", help: "Colour name from the palette (default user_purple), or hex: '#1e88e5', '#1e88e5,#8e24aa' for a gradient; the text colour is then chosen for contrast."),
        OptionSpec(name: "palette", valueName: "NAME", help: "Palette (default 'default'; see 'sharecard palettes list')."),
        OptionSpec(name: "template", valueName: "NAME", help: "Template (default classic; see 'sharecard templates list')."),
        OptionSpec(name: "locale", valueName: "BCP47", help: "Locale for the date, line breaking and hyphenation (default en)."),
        OptionSpec(name: "event", valueName: "FILE", help: "Read the event from a JSON file ('-' for standard input, at most 64 KiB) instead of flags."),
    ]

    static let dataSpecs: [OptionSpec] = [
        OptionSpec(name: "fonts", valueName: "DIR", help: "Fonts folder (default: the data folder's fonts/; see FILES in the manual)."),
        OptionSpec(name: "palettes", valueName: "DIR", help: "Palettes folder (default: the data folder's palettes/; see FILES in the manual)."),
        OptionSpec(name: "templates", valueName: "DIR", help: "Templates folder (default: the data folder's templates/; see FILES in the manual)."),
    ]

    static func catalog(_ args: ParsedArguments) throws -> Catalog {
        do {
            return try Catalog(palettesDirectory: try Resources.directory("palettes", override: args.value("palettes")),
                               templatesDirectory: try Resources.directory("templates", override: args.value("templates")))
        } catch let e as DataFileError {
            throw CommandError(e.description)
        }
    }

    /// The catalog one card needs: its palette and template only (see `Catalog.init(…palette:template:)`).
    static func catalog(_ args: ParsedArguments, for event: Event) throws -> Catalog {
        do {
            return try Catalog(palettesDirectory: try Resources.directory("palettes", override: args.value("palettes")),
                               templatesDirectory: try Resources.directory("templates", override: args.value("templates")),
                               palette: event.palette, template: event.template)
        } catch let e as DataFileError {
            throw CommandError(e.description)
        }
    }

    static func renderer(_ args: ParsedArguments) throws -> CardRenderer {
        // A command-line render may be as large as the user asks (4096×4096 at scale 3 is
        // 151 million pixels, about 600 MB); the server keeps the default limit.
        let renderer = CardRenderer(fonts: try Resources.fontLibrary(override: args.value("fonts")), pixelLimit: .infinity)
        ProcessLifetime.keep(renderer)
        return renderer
    }

    /// The event from --event, or from the flags.
    static func event(_ args: ParsedArguments) throws -> Event {
        let flagNames = ["title": "title", "date": "date", "endDate": "end-date", "subtitle": "subtitle", "emoji": "emoji",
                         "color": "color", "palette": "palette", "template": "template", "locale": "locale"]
        if let path = args.value("event") {
            if let flag = flagNames.values.sorted().first(where: { args.value($0) != nil }) {
                throw UsageError(description: "give the event either with --event or with flags, not both (--\(flag))")
            }
            // An event file holds what a request body holds, so it has the same limit.
            let data = try readInput(path, maxBytes: EventDecoder.defaultMaximumBytes, what: "an event")
            do {
                // The same object a batch line holds: its "id" names a batch's output file only.
                var object = try BatchInput.object(data)
                _ = try BatchInput.takeID(from: &object)
                return try EventDecoder().decode(object, otherFields: ["id"])
            } catch {
                throw CommandError("\(shown: InputFile.displayName(path)): \(error)")
            }
        }
        guard let titleFlag = args.value("title") else { throw UsageError(description: "missing --title TEXT (or --event FILE)") }
        let title = titleFlag == "-" ? try titleFromStandardInput() : titleFlag
        do {
            return try EventDecoder().decode(fields: { field in field == "title" ? title : args.value(flagNames[field]!) })
        } catch let e as EventError {
            throw UsageError(description: "--\(flagNames[e.field] ?? e.field): \(e.reason)")
        }
    }

    /// The most `--title -` reads: a title at its limit of code points, each at most 4 bytes
    /// of UTF-8, and one line break (CR LF) after it.
    static let titleInputLimit = Event.defaultTitleLimit * 4 + 2

    /// `--title -`: standard input as UTF-8, without its trailing line breaks (what `echo`
    /// and here-documents add). Inner line breaks are kept, as in a title given as a flag,
    /// with Windows' CR LF read as LF. Read no further than one byte past `titleInputLimit`.
    static func titleFromStandardInput() throws -> String {
        let data: Data
        do { data = try InputFile.read("-", maxBytes: titleInputLimit) } catch {
            switch error {
            case .unreadable(let reason): throw CommandError("--title -: cannot read standard input: \(reason)")
            case .tooLarge:
                throw UsageError(description: "--title -: standard input is more than \(titleInputLimit) bytes, longer than a title of at most \(Event.defaultTitleLimit) code points can be")
            }
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw UsageError(description: "--title -: standard input is not UTF-8 text")
        }
        var title = Substring(text.replacingOccurrences(of: "\r\n", with: "\n"))
        while let last = title.last, last == "\n" || last == "\r\n" || last == "\r" { title = title.dropLast() }
        guard !title.isEmpty else { throw UsageError(description: "--title -: standard input is empty (pipe the title in, or give it as --title TEXT)") }
        return String(title)
    }
}

extension CardOptions {
    static let sizeSpec = OptionSpec(name: "size", valueName: "PRESET|WxH",
                                     help: "card (1024×576, the default), og (1200×630), square (1080×1080), story (1080×1920), banner (1500×500), or WxH with sides of 320 to 4096 points.",
                                     values: CardSize.presets.map(\.name))

    /// `--size` (or another option holding a card size), or nil for the template's own size.
    static func size(_ args: ParsedArguments, option: String = "size") throws -> CardSize? {
        guard let text = args.value(option) else { return nil }
        do { return try CardSize(parsing: text) } catch { throw UsageError(description: "--\(option): \(error.reason)") }
    }
}
