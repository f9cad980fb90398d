import Cards
import Foundation

enum PalettesCommand {
    static let spec = CommandSpec(
        name: "palettes",
        summary: "List palettes, show one's colours and contrast, or render a preview sheet.",
        usage: "palettes list | show NAME | preview NAME -o SHEET.png|.jpg|.webp [--format F] [--quality Q] [--template NAME] [--scale N] [--size PRESET|WxH]",
        options: [
            OptionSpec(name: "output", short: "o", valueName: "FILE", help: "Where to write the preview sheet ('-' for standard output, not a terminal); its extension picks the format."),
            OptionSpec(name: "template", valueName: "NAME", help: "Template for the preview cards (default classic)."),
            OptionSpec(name: "scale", valueName: "N", help: "1, 2 or 3 (default 1)."),
            CardOptions.sizeSpec,
        ] + OutputFormatOptions.specs + CardOptions.dataSpecs,
        positionals: ["ACTION", "NAME"],
        minimumPositionals: 1,
        actions: ["list", "show", "preview"])

    static func run(_ args: ParsedArguments) throws {
        let catalog = try CardOptions.catalog(args)
        let action = args.positionals[0]
        func named() throws -> Palette {
            guard args.positionals.count == 2 else { throw UsageError(description: "'palettes \(action)' needs a palette NAME") }
            do { return try catalog.palette(named: args.positionals[1]) } catch { throw UsageError(description: error.reason) }
        }
        // The sheet's options (all but the data folders), given to an action that prints text,
        // would be ignored without a word.
        let dataFolders = Set(CardOptions.dataSpecs.map(\.name))
        if action == "list" || action == "show",
           let stray = spec.options.map(\.name).first(where: { !dataFolders.contains($0) && args.has($0) }) {
            throw UsageError(description: "--\(stray) is for 'palettes preview'; 'palettes \(action)' prints text")
        }
        switch action {
        case "list":
            guard args.positionals.count == 1 else { throw UsageError(description: "'palettes list' takes no NAME") }
            for p in catalog.palettes {
                print("\(p.name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(p.colors.count) colours  \(escaped: p.description)")
            }
        case "show":
            let palette = try named()
            print("\(palette.name): \(escaped: palette.description)")
            print("colour            background                  foreground  contrast      WCAG 2 (large text such as titles needs 3:1 for AA, body text 4.5:1)")
            for entry in palette.colors {
                let background: String
                switch entry.background {
                case .solid(let c): background = c.hexString
                case .linear(let angle, let stops):
                    background = "\(Int(angle))° " + stops.map(\.color.hexString).joined(separator: "→")
                }
                // Each stop's contrast; the level is the lowest's, what a reader gets at the worst spot.
                let ratios = entry.contrastRatios.map { ContrastFigure(ratio: $0).text }.joined(separator: ", ")
                let level = ContrastFigure(ratio: entry.contrastRatios.min() ?? 0).level
                print("\(entry.name.padding(toLength: 17, withPad: " ", startingAt: 0)) \(background.padding(toLength: 27, withPad: " ", startingAt: 0)) \(entry.foreground.hexString)     \(ratios)\(String(repeating: " ", count: max(1, 14 - ratios.count)))\(level)")
            }
        case "preview":
            let palette = try named()
            guard let output = args.value("output") else { throw UsageError(description: "missing -o FILE") }
            let format = try OutputFormatOptions.output(args, path: output)
            let template: Template
            do { template = try catalog.template(named: args.value("template") ?? "classic") } catch {
                throw UsageError(description: error.reason)
            }
            let target = try OutputTarget(output)
            let sheet = try PalettePreview(renderer: try CardOptions.renderer(args))
                .render(palette: palette, template: template, scale: try args.int("scale", in: 1...3) ?? 1,
                        size: try CardOptions.size(args))
            try target.write(try sheet.encoded(format))
        default:
            throw UsageError(description: "unknown action '\(action)' (expected list, show or preview)")
        }
    }
}
