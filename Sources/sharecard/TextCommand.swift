import Cards
import Foundation
import Geometry
import Raster
import Typesetting
import UnicodeText

enum TextCommand {
    static let spec = CommandSpec(
        name: "text",
        summary: "Render fitted text on a 1024×576 canvas (or --size), to inspect typesetting.",
        usage: "text --text TEXT -o OUT.png|.jpg|.webp [--format F] [--quality Q] [layout options] [--size PRESET|WxH] [--color HEX] [--background HEX] [--show-box]",
        options: TextOptions.specs + [
            OutputFormatOptions.imageOutput,
            OptionSpec(name: "color", valueName: "HEX", help: "Text colour: #rgb, #rrggbb, or with alpha #rgba, #rrggbbaa (default #ffffff)."),
            OptionSpec(name: "background", valueName: "HEX", help: "Canvas colour, opaque: #rgb or #rrggbb (default #7b4397)."),
            OptionSpec(name: "scale", valueName: "N", help: "Device pixels per point, 1-3 (default 1)."),
            OptionSpec(name: "show-box", help: "Outline the layout box and each line's box."),
            CardOptions.sizeSpec,
            OptionSpec(name: "canvas", valueName: "PRESET|WxH", help: "Deprecated: the former name of --size.", values: CardSize.presets.map(\.name)),
        ] + OutputFormatOptions.specs,
        details: "The box defaults to the classic card's title frame, (40, 140, 944, 300).")

    static func run(_ args: ParsedArguments) throws {
        guard let output = args.value("output") else { throw UsageError(description: "sharecard text: missing -o FILE") }
        let format = try OutputFormatOptions.output(args, path: output)
        let size = try canvasSize(args)?.size ?? Size(width: 1024, height: 576)
        let color = try hex(args, "color", default: .white, alpha: true)
        let background = try hex(args, "background", default: Color(hex: "#7b4397")!)
        let library = try Resources.fontLibrary(override: args.value("fonts"))
        let layout = try TextOptions.layout(args, color: color, library: library)
        let target = try OutputTarget(output)
        let canvas = try Canvas(size: size, scale: try args.double("scale", in: 1...3) ?? 1,
                                background: background)
        let box = Rect(x: 40, y: 140, width: layout.options.width, height: layout.options.height.isFinite ? layout.options.height : layout.size.height)
        if args.has("show-box") {
            let hairline = try StrokeStyle(width: 1)
            canvas.stroke(Path(rect: box), with: .solid(Color(gray: 1, alpha: 0.5)), style: hairline)
            for line in layout.lines {
                let r = Rect(x: box.minX + line.origin.x, y: box.minY + line.origin.y - line.ascent, width: line.width, height: line.ascent + line.descent)
                canvas.stroke(Path(rect: r), with: .solid(Color(gray: 1, alpha: 0.25)), style: hairline)
            }
        }
        canvas.draw(layout, at: box.origin, cache: GlyphCache())
        try target.write(try canvas.encoded(format, content: .drawing))
        if !layout.missingGlyphs.isEmpty {
            StandardError.write("sharecard text: \(MissingGlyphs.message(MissingGlyphs.codePoints(of: layout.missingGlyphs), fonts: library))\n")
        }
        // After the image, so that a command line that fails says one thing only.
        if args.has("canvas") { StandardError.write("sharecard text: warning: --canvas is deprecated; use --size\n") }
    }

    /// `--size` as `render` takes it. `--canvas`, its name before `text` matched the other
    /// commands, still works (`run` warns); a bare number, the font size `--size` meant here
    /// before, is refused with a pointer to `--font-size` rather than read as something else.
    static func canvasSize(_ args: ParsedArguments) throws -> CardSize? {
        if let text = args.value("size"), ParsedArguments.decimalNumber(text) != nil {
            throw UsageError(description: "--size is the canvas size (a preset such as og, or WxH, as for render); the font size is --font-size, got '\(escaped: text)'")
        }
        guard args.has("canvas") else { return try CardOptions.size(args) }
        guard !args.has("size") else { throw UsageError(description: "give --size, not both it and --canvas (its former name)") }
        return try CardOptions.size(args, option: "canvas")
    }

    /// `--color` takes an alpha (`#rgba`, `#rrggbbaa`: see-through text); `--background`
    /// does not, since the image is opaque (a see-through canvas came out white).
    static func hex(_ args: ParsedArguments, _ name: String, default value: Color, alpha: Bool = false) throws -> Color {
        guard let text = args.value(name) else { return value }
        let forms = alpha ? "#rgb, #rrggbb, #rgba or #rrggbbaa" : "#rgb or #rrggbb (the image is opaque)"
        guard text.hasPrefix("#"), alpha || [4, 7].contains(text.utf8.count), let c = Color(hex: text) else {
            throw UsageError(description: "--\(name) must be a hex colour, \(forms), such as #7b4397, got \(QuotedValue.quoted(text))")
        }
        return c
    }
}
