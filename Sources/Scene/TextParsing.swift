import Geometry
import Layout
import Raster
import Typesetting

/// Parsing of the scene language's text elements, references and placements.
extension JSONNode {
    static let textKeys: Set<String> = ["text", "font"]
    static let labelKeys = textKeys.union(["maxLines", "alignment", "wrap", "minimumScaleFactor", "lineHeight", "shadow"])
    static let chipKeys = textKeys.union(["icon", "background", "cornerRadius", "contentInsets", "spacing"])

    /// The element's `frame` (or, for shapes, images, clips and snapshots, `rect`; not both).
    func placement() throws -> Frame {
        let frame = try optional("frame"), rect = try optional("rect")
        if frame != nil && rect != nil { throw fail("give either frame or rect, not both") }
        guard let node = frame ?? rect else { throw JSONInputError(path: path.isEmpty ? "frame" : "\(path).frame", reason: "is required") }
        return try node.frame()
    }

    /// `[x, y, width, height]`.
    func frame() throws -> Frame {
        .absolute(try rect())
    }

    func labelElement() throws -> LabelElement {
        var shadow: (Point, Double, ColorReference)?
        if let s = try optional("shadow") {
            try s.rejectUnknownKeys(allowed: ["offset", "blur", "color"])
            shadow = (try s.optional("offset")?.point() ?? Point(x: 0, y: 2), try s.optional("blur")?.number(in: 0...100) ?? 6,
                      try s.optional("color")?.colorReference() ?? .fixed(Color(gray: 0, alpha: 0.35)))
        }
        return LabelElement(text: try required("text").textReference(), style: try required("font").textStyle(),
                            maxLines: try optional("maxLines")?.integer(in: 0...20) ?? 3,
                            alignment: try optional("alignment")?.enumValue(TextLayoutOptions.Alignment.self) ?? .center,
                            wrap: try optional("wrap")?.enumValue(TextLayoutOptions.Wrap.self) ?? .balanced,
                            minimumScaleFactor: try optional("minimumScaleFactor")?.number(in: 0.05...1) ?? 0.3,
                            lineHeightMultiple: try optional("lineHeight")?.number(in: 0.5...4) ?? 1,
                            shadow: shadow.map { (offset: $0.0, blur: $0.1, color: $0.2) })
    }

    func chipElement() throws -> ChipElement {
        var glyph: ChipElement.Glyph?
        if let icon = try optional("icon") {
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
        if let n = try optional("contentInsets") {
            let v = try n.numbers(count: 4, in: 0...500)
            insets = EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
        }
        var radius: Double? = nil
        if let r = try optional("cornerRadius"), !(r.value is String) { radius = try r.number(in: 0...1000) }
        return ChipElement(glyph: glyph, text: try required("text").textReference(), style: try required("font").textStyle(),
                           background: try optional("background")?.colorReference(), cornerRadius: radius,
                           contentInsets: insets, spacing: try optional("spacing")?.number(in: 0...200) ?? 10)
    }

    func textStyle() throws -> TextStyle {
        try rejectUnknownKeys(allowed: ["family", "weight", "size", "color", "tracking"])
        let weight = try optional("weight")?.integer(in: 1...1000) ?? 700
        return TextStyle(family: try optional("family")?.string(maximumLength: 64) ?? "Quicksand",
                         weight: FontWeight(weight)!, sizeInPoints: try optional("size")?.number(in: 1...1000) ?? 60,
                         color: try optional("color")?.colorReference() ?? .foreground(alpha: 1),
                         trackingInThousandthsOfEm: try optional("tracking")?.number(in: -500...1000) ?? 0)
    }

    func textReference() throws -> TextReference {
        let source = try string(maximumLength: 1000)
        do { return try TextReference(parsing: source) } catch { throw fail(error.reason) }
    }

    /// `"foreground"`, `"background"`, `{"ref": "foreground", "alpha": 0.2}` or a colour.
    public func colorReference() throws -> ColorReference {
        if let s = value as? String, let r = Self.reference(s, alpha: 1) { return r }
        if let o = object, o["ref"] != nil {
            try rejectUnknownKeys(allowed: ["ref", "alpha"])
            let name = try required("ref").string(maximumLength: 16)
            let alpha = try optional("alpha")?.number(in: 0...1) ?? 1
            guard let r = Self.reference(name, alpha: alpha) else { throw fail("ref must be \"foreground\" or \"background\", got \"\(name)\"") }
            return r
        }
        return .fixed(try color())
    }

    static func reference(_ name: String, alpha: Double) -> ColorReference? {
        switch name {
        case "foreground": return .foreground(alpha: alpha)
        case "background": return .background(alpha: alpha)
        default: return nil
        }
    }

    /// `"palette"` (the colour's whole background), a colour reference, or a paint.
    public func paintReference() throws -> PaintReference {
        if value as? String == "palette" { return .paletteBackground }
        if let o = object, o["linear"] != nil || o["radial"] != nil { return .fixed(try paint()) }
        return .color(try colorReference())
    }
}
