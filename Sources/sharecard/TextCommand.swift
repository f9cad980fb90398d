import Foundation
import Geometry
import Raster
import Typesetting

enum TextCommand {
    static let spec = CommandSpec(
        name: "text",
        summary: "Render fitted text on a 1024×576 canvas (or --canvas), to inspect typesetting.",
        usage: "text --text TEXT -o OUT.png|.jpg|.webp [--format F] [--quality Q] [layout options] [--color HEX] [--background HEX] [--show-box]",
        options: TextOptions.specs + [
            OptionSpec(name: "output", short: "o", valueName: "FILE", help: "Where to write the image ('-' for standard output); its extension picks the format."),
            OptionSpec(name: "color", valueName: "HEX", help: "Text colour (default #ffffff)."),
            OptionSpec(name: "background", valueName: "HEX", help: "Canvas colour (default #7b4397)."),
            OptionSpec(name: "scale", valueName: "N", help: "Device pixels per point, 1-3 (default 1)."),
            OptionSpec(name: "show-box", help: "Outline the layout box and each line's box."),
            // `--size` is the font size here (a layout option shared with `measure`).
            OptionSpec(name: "canvas", valueName: "PRESET|WxH", help: "Canvas size: card (1024×576, the default), og, square, story, banner, or WxH (320 to 4096 a side)."),
        ] + OutputFormatOptions.specs,
        details: "The box defaults to the classic card's title frame, (40, 140, 944, 300).")

    static func run(_ args: ParsedArguments) throws {
        guard let output = args.value("output") else { throw UsageError(description: "sharecard text: missing -o FILE") }
        let format = try OutputFormatOptions.output(args, path: output)
        let color = try hex(args, "color", default: .white)
        let background = try hex(args, "background", default: Color(hex: "#7b4397")!)
        let layout = try TextOptions.layout(args, color: color)
        let target = try OutputTarget(output)
        let canvas = try Canvas(size: try CardOptions.size(args, option: "canvas")?.size ?? Size(width: 1024, height: 576), scale: try args.double("scale", in: 1...3) ?? 1,
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
            StandardError.write("sharecard text: no font has \(layout.missingGlyphs.joined(separator: " "))\n")
        }
    }

    static func hex(_ args: ParsedArguments, _ name: String, default value: Color) throws -> Color {
        guard let text = args.value(name) else { return value }
        guard let c = Color(hex: text) else { throw UsageError(description: "--\(name) must be a hex colour such as #7b4397, got '\(text)'") }
        return c
    }
}
