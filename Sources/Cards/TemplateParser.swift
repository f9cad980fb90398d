import Foundation
import Geometry
import Layout
import Raster
import Scene
import Typesetting

extension Template {
    public static let maximumElements = 500

    /// Reads `templates/<name>.json` (format in docs/templates.md). Images are read relative
    /// to the file. Errors name the file, the element and the field.
    public init(contentsOf url: URL, imageLimits: ImageLimits = .default) throws {
        let file = url.lastPathComponent
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw DataFileError(file: file, field: "", reason: "cannot read the file")
        }
        do {
            var hashed = Array(data)
            let root = try JSONNode.parse(data, maximumBytes: 1 << 20)
            try root.rejectUnknownKeys(allowed: ["name", "description", "size", "background", "elements"])
            let name = try root.required("name").string(maximumLength: 64)
            guard name + ".json" == file else { throw root.fail("name \"\(name)\" does not match the file name") }
            let sizeValues = try root.required("size").numbers(count: 2, in: 16...4096)
            let size = Size(width: sizeValues[0], height: sizeValues[1])
            let background = try root.optional("background").map(TemplateParsing.paint) ?? .paletteBackground
            var parsing = TemplateParsing(directory: url.deletingLastPathComponent(), imageLimits: imageLimits, cardSize: size)
            let elementsNode = try root.required("elements")
            var elements: [TemplateElement] = []
            var eventPhotoElement: Int?
            for node in try elementsNode.array(maximumCount: Template.maximumElements) {
                elements.append(try parsing.element(node))
                if try parsing.takesEventPhoto(node) {
                    guard eventPhotoElement == nil else { throw node.fail("only one image may take the event's photo") }
                    eventPhotoElement = elements.count - 1
                }
            }
            let cost = Template.pixelCost(size: size, elements: elements)
            guard cost <= Template.maximumPixelsPerRender else {
                throw elementsNode.fail("at scale \(Template.maximumScale) the card needs \(Int(cost)) device pixels (canvas, snapshots and images), over the limit of \(Int(Template.maximumPixelsPerRender)) per render")
            }
            hashed += parsing.imageBytes
            self.init(name: name, description: try root.optional("description")?.string(maximumLength: 1000) ?? "",
                      size: size, background: background, elements: elements,
                      version: String(ContentHash.hex(hashed).prefix(12)), eventPhotoElement: eventPhotoElement)
        } catch let e as JSONInputError {
            throw DataFileError(file: file, field: e.path, reason: e.reason)
        }
    }
}

/// The element grammar of template files.
struct TemplateParsing {
    let directory: URL
    let imageLimits: ImageLimits
    /// The card the elements are drawn on, in points.
    let cardSize: Size
    let strokeMeter = StrokeOutlineMeter()
    /// The bytes of every image read, for the template's version.
    var imageBytes: [UInt8] = []

    static let kinds = ["label", "chip", "stack", "rect", "ellipse", "path", "pattern", "image", "snapshot"]

    mutating func element(_ node: JSONNode) throws -> TemplateElement {
        let kind = try node.required("type").string(maximumLength: 32)
        let shapeKeys: Set<String> = ["type", "fill", "fillRule", "stroke"]
        switch kind {
        case "label":
            try node.rejectUnknownKeys(allowed: Self.labelKeys.union(["type", "frame"]))
            return .label(try label(node), frame: try node.required("frame").rect())
        case "chip":
            try node.rejectUnknownKeys(allowed: Self.chipKeys.union(["type", "frame", "alignment"]))
            return .chip(try chip(node), frame: try node.required("frame").rect(),
                         alignment: try node.optional("alignment")?.enumValue(ContentHorizontalAlignment.self) ?? .center)
        case "stack":
            try node.rejectUnknownKeys(allowed: ["type", "frame", "spacing", "items"])
            let items = try node.required("items").array(maximumCount: 16).map { item -> TemplateElement.StackItem in
                let itemKind = try item.required("type").string(maximumLength: 32)
                switch itemKind {
                case "label":
                    try item.rejectUnknownKeys(allowed: Self.labelKeys.union(["type"]))
                    return .label(try label(item))
                case "chip":
                    try item.rejectUnknownKeys(allowed: Self.chipKeys.union(["type"]))
                    return .chip(try chip(item))
                default:
                    throw item.fail("a stack holds labels and chips, not \"\(itemKind)\"")
                }
            }
            return .stack(items, frame: try node.required("frame").rect(), spacing: try node.optional("spacing")?.number(in: 0...1000) ?? 16)
        case "rect":
            try node.rejectUnknownKeys(allowed: shapeKeys.union(["rect", "cornerRadius"]))
            return try shape(Path(roundedRect: try node.required("rect").rect(),
                                  cornerRadius: try node.optional("cornerRadius")?.number(in: 0...10_000) ?? 0), node)
        case "ellipse":
            try node.rejectUnknownKeys(allowed: shapeKeys.union(["rect"]))
            return try shape(Path(ellipseIn: try node.required("rect").rect()), node)
        case "path":
            try node.rejectUnknownKeys(allowed: shapeKeys.union(["d"]))
            let d = try node.required("d")
            do { return try shape(Path(svgPathData: try d.string()), node) } catch let e as PathDataError { throw d.fail(e.description) }
        case "pattern":
            try node.rejectUnknownKeys(allowed: ["type", "kind", "frame", "colors", "spacing", "size", "seed"])
            let colors = try node.required("colors").array(maximumCount: 12).map(Self.color)
            do {
                let pattern = try Pattern(kind: try node.required("kind").enumValue(Pattern.Kind.self), colors: colors,
                                          spacing: try node.optional("spacing")?.number(in: 0...1000) ?? 24,
                                          size: try node.optional("size")?.number(in: 0...1000) ?? 4,
                                          seed: UInt64(try node.optional("seed")?.integer(in: 0...Int(Int32.max)) ?? 1))
                let frameNode = try node.required("frame")
                let frame = try frameNode.rect()
                let pieces = pattern.pieceCount(in: frame, within: Rect(origin: .zero, size: cardSize))
                guard pieces <= Double(Pattern.maximumPieces) else {
                    throw frameNode.fail("the pattern would draw \(Int(min(pieces, 1e15))) pieces on the card, over the limit of \(Pattern.maximumPieces): use a larger spacing or a smaller frame")
                }
                return .pattern(pattern, frame: frame)
            } catch let e as PatternError {
                throw node.fail(e.description)
            }
        case "image":
            try node.rejectUnknownKeys(allowed: ["type", "src", "frame", "contentMode", "cornerRadius", "filters", "eventPhoto"])
            let src = try node.required("src")
            let image = try src.imageFile(relativeTo: directory, limits: imageLimits)
            if let data = FileManager.default.contents(atPath: URL(fileURLWithPath: try src.string(), relativeTo: directory).path) {
                imageBytes += Array(data)
            }
            return .image(image, frame: try node.required("frame").rect(),
                          contentMode: try node.optional("contentMode")?.contentMode() ?? .aspectFill,
                          cornerRadius: try node.optional("cornerRadius")?.number(in: 0...10_000) ?? 0,
                          filters: try node.optional("filters")?.filters() ?? [])
        case "snapshot":
            try node.rejectUnknownKeys(allowed: ["type", "frame", "levels"])
            return .snapshot(frame: try node.required("frame").rect(), levels: try node.optional("levels")?.integer(in: 1...8) ?? 1)
        default:
            throw node.fail("unknown element type \"\(kind)\" (expected one of: \(Self.kinds.joined(separator: ", ")))")
        }
    }

    static let textKeys: Set<String> = ["text", "font"]
    static let labelKeys = textKeys.union(["maxLines", "alignment", "wrap", "minimumScaleFactor", "lineHeight", "shadow"])
    static let chipKeys = textKeys.union(["icon", "background", "cornerRadius", "contentInsets", "spacing"])

    func label(_ node: JSONNode) throws -> LabelElement {
        var shadow: (Point, Double, ColorReference)?
        if let s = try node.optional("shadow") {
            try s.rejectUnknownKeys(allowed: ["offset", "blur", "color"])
            shadow = (try s.optional("offset")?.point() ?? Point(x: 0, y: 2), try s.optional("blur")?.number(in: 0...100) ?? 6,
                      try s.optional("color").map(Self.color) ?? .fixed(Color(gray: 0, alpha: 0.35)))
        }
        return LabelElement(text: try Self.text(node.required("text")), style: try Self.style(node.required("font")),
                            maxLines: try node.optional("maxLines")?.integer(in: 0...20) ?? 3,
                            alignment: try node.optional("alignment")?.enumValue(TextLayoutOptions.Alignment.self) ?? .center,
                            wrap: try node.optional("wrap")?.enumValue(TextLayoutOptions.Wrap.self) ?? .balanced,
                            minimumScaleFactor: try node.optional("minimumScaleFactor")?.number(in: 0.05...1) ?? 0.3,
                            lineHeightMultiple: try node.optional("lineHeight")?.number(in: 0.5...4) ?? 1,
                            shadow: shadow.map { (offset: $0.0, blur: $0.1, color: $0.2) })
    }

    func chip(_ node: JSONNode) throws -> ChipElement {
        var glyph: ChipElement.Glyph?
        if let icon = try node.optional("icon") {
            let name = try icon.string(maximumLength: 32)
            if name == "{emoji}" {
                glyph = .emoji
            } else {
                guard let (i, style) = Icon.named(name) else {
                    throw icon.fail("unknown icon \"\(name)\" (expected {emoji} or one of: \(Icon.allCases.map(\.rawValue).joined(separator: ", ")), optionally followed by .filled or .outline)")
                }
                glyph = .icon(i, style)
            }
        }
        var insets = EdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
        if let n = try node.optional("contentInsets") {
            let v = try n.numbers(count: 4, in: 0...500)
            insets = EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
        }
        var radius: Double? = nil
        if let r = try node.optional("cornerRadius"), !(r.value is String) { radius = try r.number(in: 0...1000) }
        return ChipElement(glyph: glyph, text: try Self.text(node.required("text")), style: try Self.style(node.required("font")),
                           background: try node.optional("background").map(Self.color), cornerRadius: radius,
                           contentInsets: insets, spacing: try node.optional("spacing")?.number(in: 0...200) ?? 10)
    }

    static func style(_ node: JSONNode) throws -> TextStyle {
        try node.rejectUnknownKeys(allowed: ["family", "weight", "size", "color", "tracking"])
        let weightValue = try node.optional("weight")?.integer(in: 1...1000) ?? 700
        return TextStyle(family: try node.optional("family")?.string(maximumLength: 64) ?? "Quicksand",
                         weight: FontWeight(weightValue)!, sizeInPoints: try node.optional("size")?.number(in: 1...1000) ?? 60,
                         color: try node.optional("color").map(color) ?? .foreground(alpha: 1),
                         trackingInThousandthsOfEm: try node.optional("tracking")?.number(in: -500...1000) ?? 0)
    }

    static func text(_ node: JSONNode) throws -> TextTemplate {
        let source = try node.string(maximumLength: 1000)
        var fields: [EventField] = []
        var rest = Substring(source)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { throw node.fail("unclosed \"{\" in \"\(source)\"") }
            let name = String(rest[rest.index(after: open)..<close])
            guard let field = EventField(rawValue: name) else {
                throw node.fail("unknown field {\(name)} (expected one of: \(EventField.allCases.map { "{\($0.rawValue)}" }.joined(separator: ", ")))")
            }
            if !fields.contains(field) { fields.append(field) }
            rest = rest[rest.index(after: close)...]
        }
        return TextTemplate(source: source, fields: fields)
    }

    /// `"foreground"`, `"background"`, `{"ref": "foreground", "alpha": 0.2}` or a colour.
    static func color(_ node: JSONNode) throws -> ColorReference {
        if let s = node.value as? String, let r = reference(s, alpha: 1) { return r }
        if let o = node.object, o["ref"] != nil {
            try node.rejectUnknownKeys(allowed: ["ref", "alpha"])
            let name = try node.required("ref").string(maximumLength: 16)
            let alpha = try node.optional("alpha")?.number(in: 0...1) ?? 1
            guard let r = reference(name, alpha: alpha) else { throw node.fail("ref must be \"foreground\" or \"background\", got \"\(name)\"") }
            return r
        }
        return .fixed(try node.color())
    }

    static func reference(_ name: String, alpha: Double) -> ColorReference? {
        switch name {
        case "foreground": return .foreground(alpha: alpha)
        case "background": return .background(alpha: alpha)
        default: return nil
        }
    }

    /// `"palette"` (the colour's whole background), a colour reference, or a paint.
    static func paint(_ node: JSONNode) throws -> PaintReference {
        if node.value as? String == "palette" { return .paletteBackground }
        if let o = node.object, o["linear"] != nil || o["radial"] != nil { return .fixed(try node.paint()) }
        return .color(try color(node))
    }

    func shape(_ path: Path, _ node: JSONNode) throws -> TemplateElement {
        let fill = try node.optional("fill").map(Self.paint)
        let stroke = try node.optional("stroke").map { s -> (PaintReference, StrokeStyle) in
            var reference = PaintReference.color(.foreground(alpha: 1))
            let (_, style) = try s.stroke(paint: { n in reference = try Self.paint(n); return .solid(.black) })
            return (reference, style)
        }
        guard fill != nil || stroke != nil else { throw node.fail("a shape needs a fill, a stroke or both") }
        try node.checkOutlineSize(path, stroke: stroke?.1, scale: Double(Template.maximumScale), meter: strokeMeter)
        return .shape(path, fill: fill, fillRule: try node.optional("fillRule")?.fillRule() ?? .nonZero, stroke: stroke)
    }
}

extension TemplateParsing {
    /// Whether a top-level image element is marked `"eventPhoto": true`: the event's photo,
    /// when one is given, is drawn in its place (see `EventPhoto`).
    func takesEventPhoto(_ node: JSONNode) throws -> Bool {
        guard let flag = try node.optional("eventPhoto") else { return false }
        guard try node.required("type").string(maximumLength: 32) == "image" else { throw flag.fail("only an image can take the event's photo") }
        return try flag.bool()
    }
}
