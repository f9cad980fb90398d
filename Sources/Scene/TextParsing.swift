import Geometry
import Layout
import Raster
import Typesetting
import UnicodeText

/// Parsing of the scene language's text elements, references and placements.
extension JSONNode {
    static let textKeys: Set<String> = ["text", "font"]
    static let labelKeys = textKeys.union(["maxLines", "alignment", "wrap", "minimumScaleFactor", "lineHeight", "verticalAlignment", "shadow", "scrim"])
    static let chipKeys = textKeys.union(["icon", "background", "cornerRadius", "contentInsets", "spacing", "minimumScaleFactor", "maxLines"])

    /// The element's `frame` (or, for shapes, images, clips and snapshots, `rect`; not both).
    func placement(knownIDs: Set<String> = []) throws -> Frame {
        let frame = try optional("frame"), rect = try optional("rect")
        if frame != nil && rect != nil { throw fail("give either frame or rect, not both") }
        guard let node = frame ?? rect else { throw JSONInputError(path: path.isEmpty ? "frame" : "\(path).frame", reason: "is required") }
        return try node.frame(knownIDs: knownIDs)
    }

    /// `{"to": "ID.EDGE", "offset": n}`, where ID is in `known` (an element before this one).
    func anchor(known: Set<String>) throws -> Anchor {
        try rejectUnknownKeys(allowed: ["to", "offset"])
        let to = try required("to")
        let text = try to.string(maximumLength: 100)
        guard let dot = text.lastIndex(of: "."), let edge = Anchor.Edge(rawValue: String(text[text.index(after: dot)...])) else {
            throw to.fail("expected \"ID.EDGE\" with EDGE one of \(Anchor.Edge.allCases.map(\.rawValue).joined(separator: ", ")), got \(QuotedValue.quoted(text))")
        }
        let id = String(text[..<dot])
        guard known.contains(id) else {
            let names = known.isEmpty ? "no earlier element with a frame has an id" : "ids: \(known.sorted().joined(separator: ", "))"
            throw to.fail("refers to \"\(id)\", which names no earlier element with a frame (groups, choices and paths have none; \(names))")
        }
        return Anchor(id: id, edge: edge, offset: try optional("offset")?.number() ?? 0)
    }

    /// `[x, y, width, height]`, or constraints (see `FrameConstraints`); anchors may name `knownIDs`.
    func frame(knownIDs: Set<String> = []) throws -> Frame {
        guard isObject else { return .absolute(try rect()) }
        let keys = ["in", "left", "right", "leading", "trailing", "centerX", "width", "minWidth", "maxWidth",
                    "top", "bottom", "centerY", "height", "minHeight", "maxHeight", "aspect"]
        try rejectUnknownKeys(allowed: keys)
        let absolute = has("left") || has("right"), relative = has("leading") || has("trailing")
        if absolute && relative { throw fail("give left and right, or leading and trailing, not both") }
        /// A size: a length no term of which is negative (a frame cannot be narrower than nothing).
        func l(_ key: String) throws -> Length? {
            guard let node = try optional(key) else { return nil }
            let length = try node.length()
            if length.terms.contains(where: { $0.magnitude < 0 }) { throw node.fail("a size cannot be negative") }
            return length
        }
        var anchors: [String: Anchor] = [:]
        /// A position: a length, or `{"to": "ID.EDGE", "offset": n}` naming an earlier element.
        func position(_ key: String) throws -> Length? {
            guard let node = try optional(key) else { return nil }
            guard node.isObject else { return try node.length() }
            if relative && ["leading", "trailing", "centerX"].contains(key) {
                throw node.fail("an anchor to another element uses left, right or centerX, not with leading and trailing")
            }
            let anchor = try node.anchor(known: knownIDs)
            // An edge follows an edge of its own axis, as Auto Layout's anchors do.
            let horizontalEdges: Set<Anchor.Edge> = [.left, .right, .centerX]
            if ["left", "right", "centerX"].contains(key) != horizontalEdges.contains(anchor.edge) {
                let (axis, edges) = horizontalEdges.contains(anchor.edge) ? ("vertical", "top, bottom or centerY")
                                                                          : ("horizontal", "left, right or centerX")
                throw try node.required("to").fail("a \(axis) edge follows a \(axis) one (\(anchor.id)'s \(edges)), not \"\(anchor.id).\(anchor.edge.rawValue)\"")
            }
            anchors[key] = anchor
            return .points(0)
        }
        var horizontal = FrameConstraints.Axis(start: try position(relative ? "leading" : "left"), end: try position(relative ? "trailing" : "right"),
                                               center: try position("centerX"), size: try l("width"),
                                               minimum: try l("minWidth"), maximum: try l("maxWidth"))
        var vertical = FrameConstraints.Axis(start: try position("top"), end: try position("bottom"), center: try position("centerY"),
                                             size: try l("height"), minimum: try l("minHeight"), maximum: try l("maxHeight"))
        // Most frames anchor to nothing: the two dictionaries are built only when one does
        // (building them cost a template's first read some 60,000 instructions per frame).
        if !anchors.isEmpty {
            horizontal.anchors = [.start: anchors["left"], .end: anchors["right"], .center: anchors["centerX"]].compactMapValues { $0 }
            vertical.anchors = [.start: anchors["top"], .end: anchors["bottom"], .center: anchors["centerY"]].compactMapValues { $0 }
        }
        let aspect = try optional("aspect")?.number(in: 0.001...1000)
        // Sizes in points can be compared here; a share depends on the canvas.
        for (axis, minimum, maximum) in [(horizontal, "minWidth", "maxWidth"), (vertical, "minHeight", "maxHeight")] {
            if case .points(let low)? = axis.minimum, case .points(let high)? = axis.maximum, low > high {
                throw try required(minimum).fail(String(format: "%@ %g is more than %@ %g: no size meets both", minimum, low, maximum, high))
            }
        }
        for (axis, name) in [(horizontal, "horizontal"), (vertical, "vertical")] {
            if axis.size != nil && axis.positions >= 2 || axis.positions > 2 {
                throw fail("the \(name) position is over-constrained: give at most two of the edges, the centre and the size")
            }
        }
        return .constrained(FrameConstraints(container: try optional("in")?.enumValue(FrameConstraints.Container.self) ?? .canvas,
                                             horizontal: horizontal, vertical: vertical, mirrors: relative, aspect: aspect,
                                             sourceLocation: location))
    }

    /// A number of points, or a share such as `"N%"`, `"A/B"`, `"Nvmin"`, `"A/Bvmin"`, or the
    /// least or greatest of a few shares, `"min(45vh, 8vw)"` (see `Length`).
    func length(allowPercent: Bool = true) throws -> Length {
        if case .string(let text) = value {
            guard let length = Length(text), abs(length.magnitude) <= 1e5 else {
                throw fail("expected a length: points, or a string such as \"12.5%\", \"140/576\", \"10vmin\", \"60/576vmin\", \"min(45vh, 8vw)\", got \(QuotedValue.quoted(text))")
            }
            if length.isContainerShare, !allowPercent { throw fail("a share of the container needs an axis; use vmin, vmax, vw or vh here") }
            return length
        }
        return .points(try number(in: -1e6...1e6))
    }

    func labelElement() throws -> LabelElement {
        var shadow: (Point, Double, ColorReference)?
        if let s = try optional("shadow") {
            try s.rejectUnknownKeys(allowed: ["offset", "blur", "color"])
            shadow = (try s.optional("offset")?.point() ?? Point(x: 0, y: 2), try s.optional("blur")?.number(in: 0...100) ?? 6,
                      try s.optional("color")?.colorReference() ?? .fixed(Color(gray: 0, alpha: 0.35)))
        }
        var scrim: (ColorReference, Double, Double, TextScrim.Extent)?
        if let s = try optional("scrim") {
            try s.rejectUnknownKeys(allowed: ["color", "contrast", "feather", "extent"])
            scrim = (try s.optional("color")?.colorReference() ?? .fixed(.black), try s.optional("contrast")?.number(in: 1...21) ?? 4.5,
                     try s.optional("feather")?.number(in: 0...500) ?? 24, try s.optional("extent")?.enumValue(TextScrim.Extent.self) ?? .lines)
        }
        let alignment = try optional("alignment")?.enumValue(TextLayoutOptions.Alignment.self) ?? .center
        return LabelElement(text: try required("text").textReference(), style: try optional("font")?.textStyle() ?? .defaults,
                            maxLines: try optional("maxLines")?.lineLimit() ?? LineLimit(3),
                            alignment: alignment,
                            wrap: try optional("wrap")?.enumValue(TextLayoutOptions.Wrap.self) ?? .preferred(for: alignment),
                            minimumScaleFactor: try optional("minimumScaleFactor")?.number(in: 0.05...1) ?? 0.3,
                            lineHeightMultiple: try optional("lineHeight")?.number(in: 0.5...4) ?? 1,
                            verticalAlignment: try optional("verticalAlignment")?.enumValue(VerticalTextAlignment.self) ?? .center,
                            shadow: shadow.map { (offset: $0.0, blur: $0.1, color: $0.2) },
                            scrim: scrim.map { (color: $0.0, minimumContrast: $0.1, featherInPoints: $0.2, extent: $0.3) })
    }

    /// A number of lines, or `{"landscape": l, "square": s, "portrait": p, "wide": w, "tall": t}`
    /// (each defaults to landscape's, `tall` to portrait's).
    func lineLimit() throws -> LineLimit {
        guard isObject else { return LineLimit(try integer(in: 0...20)) }
        try rejectUnknownKeys(allowed: ["landscape", "square", "portrait", "wide", "tall"])
        let landscape = try required("landscape").integer(in: 0...20)
        return LineLimit(landscape: landscape, square: try optional("square")?.integer(in: 0...20) ?? landscape,
                         portrait: try optional("portrait")?.integer(in: 0...20) ?? landscape,
                         wide: try optional("wide")?.integer(in: 0...20) ?? landscape,
                         tall: try optional("tall")?.integer(in: 0...20))
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
        var insets = ChipInsets(top: .points(10), left: .points(20), bottom: .points(10), right: .points(20))
        if let n = try optional("contentInsets") {
            let items = try n.array()
            guard items.count == 4 else { throw n.fail("expected 4 insets (top, left, bottom, right), found \(items.count)") }
            let v = try items.map { try $0.chipLength(points: 0...500) }
            insets = ChipInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
        }
        var radius: Double? = nil
        if let r = try optional("cornerRadius"), !r.isString { radius = try r.number(in: 0...1000) }
        return ChipElement(glyph: glyph, text: try required("text").textReference(), style: try optional("font")?.textStyle() ?? .defaults,
                           background: try optional("background")?.colorReference(), cornerRadius: radius,
                           contentInsets: insets, spacing: try optional("spacing")?.chipLength(points: 0...200) ?? .points(10),
                           minimumScaleFactor: try optional("minimumScaleFactor")?.number(in: 0.05...1) ?? 1,
                           maxLines: try optional("maxLines")?.integer(in: 1...3) ?? 1)
    }

    /// A chip's inset or gap: points within `points`, or `"Nem"` / `"A/Bem"` of its font size
    /// (at most `ChipLength.maximumEm`).
    func chipLength(points range: ClosedRange<Double>) throws -> ChipLength {
        guard case .string(let text) = value else { return .points(try number(in: range)) }
        guard let length = ChipLength(em: text) else {
            throw fail("expected points, or a share of the font size such as \"0.5em\" or \"12/26em\" (at most \(Int(ChipLength.maximumEm))em), got \(QuotedValue.quoted(text.prefix(40)))")
        }
        return length
    }

    func textStyle() throws -> TextStyle {
        try rejectUnknownKeys(allowed: ["family", "weight", "size", "color", "tracking"])
        let defaults = TextStyle.defaults
        let weight = try optional("weight").map { FontWeight(try $0.integer(in: 1...1000))! } ?? defaults.weight
        var size = defaults.size
        if let node = try optional("size") {
            size = try node.length(allowPercent: false)
            for term in size.terms {
                // As a size laid out may be (`TextAttributes`): up to 2,000 points.
                if case .points(let p) = term, !(1...2000).contains(p) { throw node.fail("must be between 1 and 2000 points, got \(p)") }
                if case .share(_, let a, let b) = term, !(0.0001...1).contains(a / b) { throw node.fail("must be a positive share of at most the whole side") }
            }
        }
        return TextStyle(family: try optional("family")?.string(maximumLength: 64) ?? defaults.family,
                         weight: weight, size: size,
                         color: try optional("color")?.colorReference() ?? defaults.color,
                         trackingInThousandthsOfEm: try optional("tracking")?.number(in: -500...1000) ?? defaults.trackingInThousandthsOfEm)
    }

    func textReference() throws -> TextReference {
        let source = try string(maximumLength: 1000)
        do { return try TextReference(parsing: source) } catch { throw fail(error.reason) }
    }

    /// `"foreground"`, `"background"`, `"backgroundEnd"`, `"contrast"`, `"accent"`, `{"ref": "foreground", "alpha": 0.2}`
    /// (with `"lightness": k`, 0…4, the HSL lightness × k; with `"at": [x, y]`, lengths, the
    /// background's colour at that point of the canvas) or a colour.
    public func colorReference() throws -> ColorReference {
        if case .string(let s) = value, let r = Self.reference(s, alpha: 1) { return r }
        if has("ref") {
            try rejectUnknownKeys(allowed: ["ref", "alpha", "lightness", "at"])
            let name = try required("ref").string(maximumLength: 20)
            let alpha = try optional("alpha")?.number(in: 0...1) ?? 1
            guard var r = Self.reference(name, alpha: alpha) else {
                throw fail("ref must be \"foreground\", \"background\", \"backgroundEnd\", \"contrast\" or \"accent\", got \(QuotedValue.quoted(name))")
            }
            if let at = try optional("at") {
                guard name == "background" else { throw at.fail("\"at\" is a point of the background: give it with ref \"background\", not \"\(name)\"") }
                let items = try at.array()
                guard items.count == 2 else { throw at.fail("expected 2 lengths, found \(items.count)") }
                r = .backgroundAt(x: try items[0].length(), y: try items[1].length(), alpha: alpha)
            }
            guard let lightness = try optional("lightness") else { return r }
            return .scaledLightness(r, factor: try lightness.number(in: 0...4))
        }
        return .fixed(try color())
    }

    static func reference(_ name: String, alpha: Double) -> ColorReference? {
        switch name {
        case "foreground": return .foreground(alpha: alpha)
        case "background": return .background(alpha: alpha)
        case "backgroundEnd": return .backgroundEnd(alpha: alpha)
        case "contrast": return .contrast(alpha: alpha)
        case "accent": return .accent(alpha: alpha)
        default: return nil
        }
    }

    /// `"palette"` (the colour's whole background), a colour reference, or a paint.
    public func paintReference() throws -> PaintReference {
        if value == .string("palette") { return .paletteBackground }
        if has("linear") || has("radial") { return try gradientReference() }
        return .color(try colorReference())
    }

    /// `{"linear": {"from": [x, y], "to": [x, y], "stops": …}}` or `{"radial": {"center": [x, y],
    /// "radius": r, "stops": …}}` with every coordinate a length. All in points: a fixed paint.
    func gradientReference() throws -> PaintReference {
        try rejectUnknownKeys(allowed: ["linear", "radial"])
        guard try requireObject().count == 1 else { throw fail("give one of linear or radial") }
        func point(_ node: JSONNode) throws -> [Length] {
            let items = try node.array()
            guard items.count == 2 else { throw node.fail("expected 2 lengths, found \(items.count)") }
            return try items.map { try $0.length() }
        }
        let geometry: GradientReference.Geometry
        let stopsNode: JSONNode
        if let linear = try optional("linear") {
            try linear.rejectUnknownKeys(allowed: ["from", "to", "stops"])
            geometry = .linear(from: try point(linear.required("from")), to: try point(linear.required("to")))
            stopsNode = try linear.required("stops")
        } else {
            let radial = try required("radial")
            try radial.rejectUnknownKeys(allowed: ["center", "radius", "stops"])
            let radius = try radial.required("radius").length()
            if case .points(let r) = radius, !(0...1e6).contains(r) { throw try radial.required("radius").fail("must be between 0.0 and 1000000.0, got \(r)") }
            geometry = .radial(center: try point(radial.required("center")), radius: radius)
            stopsNode = try radial.required("stops")
        }
        let reference = GradientReference(geometry: geometry, stops: try stopsNode.gradientStopReferences())
        let allPoints: Bool
        switch geometry {
        case .linear(let a, let b): allPoints = (a + b).allSatisfy { if case .points = $0 { return true } else { return false } }
        case .radial(let c, let r): allPoints = (c + [r]).allSatisfy { if case .points = $0 { return true } else { return false } }
        }
        return allPoints && reference.hasFixedStops ? .fixed(reference.resolve(.sample, canvas: .zero)) : .gradient(reference)
    }

    /// `[[offset, colour], …]`, each colour fixed or a palette reference.
    func gradientStopReferences() throws -> [GradientReference.Stop] {
        try gradientStopPairs { try $0.colorReference() }.map { GradientReference.Stop(offset: $0.offset, color: $0.color) }
    }
}
