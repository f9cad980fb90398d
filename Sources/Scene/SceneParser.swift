import Foundation
import Geometry
import Layout
import Raster
import UnicodeText

/// Reads the scene language (docs/templates.md): scene files and card templates alike.
/// Image paths are relative to `baseDirectory`. Everything is checked here, so a parsed
/// `Scene` always resolves and draws.
public struct SceneParser {
    public static let maximumPoints = 8192.0
    public static let maximumElements = 10_000
    public static let maximumDepth = 16
    public static let maximumSnapshotLevels = 12
    /// The largest scale a scene is drawn at (its own `scale`, or one given when drawing).
    public static let maximumScale = 4.0

    /// The folder image paths are relative to.
    public var baseDirectory: URL { base.url }
    /// A parser made with a folder's path makes its URL when it reads the first image: most
    /// templates name none, and a URL's first use cost a one-card render about 0.04 ms.
    private var base: BaseDirectory
    public let imageLimits: ImageLimits
    /// Extra keys the document's root may have (a template's `name` and `description`).
    public let rootKeys: Set<String>
    /// Decode images while reading (scene files: after the pixel budget is checked from their
    /// headers); otherwise on first use (templates, whose
    /// images are decoded by `templates validate` and at server start-up, or when drawn).
    public var decodesImages = true
    private var elementCount = 0
    /// The ids of the elements read so far that have a frame: what a frame's anchors may name.
    private var ids = Set<String>()
    /// The ids of elements with no frame of their own (groups, choices, paths): named, and so
    /// not to be named again, but nothing to anchor to.
    private var framelessIDs = Set<String>()
    /// The canvas of the document being read, for the checks that depend on it.
    private var designSize = Size(width: 1, height: 1)
    private let strokeMeter = StrokeOutlineMeter()
    /// The image files read so far, by absolute path: a file several elements name is read
    /// once, and its bytes and decoded pixels are shared.
    private var assetsByPath: [String: ImageAsset] = [:]
    /// The bytes of the distinct image files read so far (`maximumImageFileBytes`).
    private var imageFileBytes = 0
    /// Every font family and image file named, in order, with their paths.
    public private(set) var uses = ResourceUses()
    /// Every image read, in order.
    public var assets: [ImageAsset] { uses.images.map(\.asset) }

    public init(baseDirectory: URL, imageLimits: ImageLimits = .default, rootKeys: Set<String> = ["name", "description"]) {
        self.init(base: .url(baseDirectory), imageLimits: imageLimits, rootKeys: rootKeys)
    }

    /// The same, with the folder given as a path.
    public init(baseDirectoryPath: String, imageLimits: ImageLimits = .default, rootKeys: Set<String> = ["name", "description"]) {
        self.init(base: .path(baseDirectoryPath), imageLimits: imageLimits, rootKeys: rootKeys)
    }

    private init(base: BaseDirectory, imageLimits: ImageLimits, rootKeys: Set<String>) {
        self.base = base
        self.imageLimits = imageLimits
        self.rootKeys = rootKeys
    }

    private enum BaseDirectory {
        case url(URL)
        case path(String)

        var url: URL {
            switch self {
            case .url(let url): return url
            case .path(let path): return URL(fileURLWithPath: path, isDirectory: true)
            }
        }
    }

    /// Reads a scene file, at most `JSONNode.maximumDocumentBytes` of it (a longer file, or an
    /// endless one such as /dev/zero, is refused after one byte more); errors name the file and
    /// the field.
    public static func load(contentsOf url: URL) throws -> Scene {
        let limit = JSONNode.maximumDocumentBytes
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw SceneError(file: url.path, detail: "cannot read the file")
        }
        guard data.count <= limit else {
            throw SceneError(file: url.path, detail: "the file is more than the limit of \(limit) bytes (read no further)")
        }
        var parser = SceneParser(baseDirectory: url.deletingLastPathComponent())
        do {
            return try parser.parse(data)
        } catch let e as JSONInputError {
            throw SceneError(file: url.path, detail: e.description)
        }
    }

    public mutating func parse(_ data: Data) throws -> Scene {
        try parse(JSONNode.parse(data))
    }

    /// The size is `"size": [w, h]` or `"width"` and `"height"`.
    public mutating func parse(_ root: JSONNode) throws -> Scene {
        elementCount = 0
        uses = ResourceUses()
        ids = []
        try root.rejectUnknownKeys(allowed: rootKeys.union(["size", "width", "height", "scale", "safeArea", "background", "elements"]))
        let range = 1...SceneParser.maximumPoints
        let width: Double, height: Double
        if let size = try root.optional("size") {
            guard try root.optional("width") == nil, try root.optional("height") == nil else {
                throw root.fail("give either size or width and height, not both")
            }
            let v = try size.numbers(count: 2, in: range)
            (width, height) = (v[0], v[1])
        } else {
            width = try root.required("width").number(in: range)
            height = try root.required("height").number(in: range)
        }
        let scale = try root.optional("scale")?.number(in: 0.25...SceneParser.maximumScale) ?? 1
        guard width * scale <= Double(Canvas.maximumPixelDimension), height * scale <= Double(Canvas.maximumPixelDimension) else {
            throw root.fail("canvas of \(width)×\(height) at scale \(scale) exceeds \(Canvas.maximumPixelDimension) pixels")
        }
        guard (width * scale).rounded() >= 1, (height * scale).rounded() >= 1 else {
            throw root.fail("canvas of \(width)×\(height) at scale \(scale) is less than one pixel on a side")
        }
        designSize = Size(width: width, height: height)
        let background = try root.optional("background").map { try $0.paintReference() } ?? .fixed(.solid(.white))
        let elements = try root.optional("elements").map { try parseElements($0, depth: 0) } ?? []
        var safeArea = [Length](repeating: .points(0), count: 4)
        if let node = try root.optional("safeArea") {
            if node.isArray {
                let items = try node.array(maximumCount: 4)
                guard items.count == 4 else { throw node.fail("expected one length or four: [top, left, bottom, right]") }
                safeArea = try items.map { try $0.length(allowPercent: false) }
            } else {
                safeArea = Array(repeating: try node.length(allowPercent: false), count: 4)
            }
        }
        let scene = Scene(size: Size(width: width, height: height), scale: scale, safeArea: safeArea, background: background,
                          elements: elements)
        if let problem = scene.pixelBudgetProblem(size: scene.size, scale: scale) { throw root.fail(problem) }
        // Decoded only once the headers' sizes are within the budget: forty references to one
        // large PNG are refused from the headers, not after decoding each (40 s and 6.3 GB).
        if decodesImages {
            for use in uses.images {
                do { _ = try use.asset.image() } catch { throw JSONInputError(path: use.path, reason: "\(error)") }
            }
        }
        return scene
    }

    mutating func parseElements(_ node: JSONNode, depth: Int) throws -> [SceneElement] {
        guard depth <= SceneParser.maximumDepth else { throw node.fail("groups nest deeper than \(SceneParser.maximumDepth) levels") }
        return try node.array(maximumCount: SceneParser.maximumElements).map { try parseElement($0, depth: depth) }
    }

    static let kinds = ["rect", "ellipse", "path", "image", "label", "chip", "stack", "pattern", "group", "snapshot", "choice"]

    /// An element, named when it has an `"id"` (letters, digits, '-' and '_', unique in the
    /// document), which later frames may anchor to.
    private mutating func parseElement(_ node: JSONNode, depth: Int) throws -> SceneElement {
        guard let idValue = node.value["id"] else { return try parseUnnamedElement(node, depth: depth) }
        let idNode = JSONNode(value: idValue, location: .member(node.location, "id"))
        let id = try idNode.string(maximumLength: 64)
        guard !id.isEmpty, id.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "-" || $0 == "_") }) else {
            throw idNode.fail("an id is 1-64 letters, digits, '-' or '_'")
        }
        guard !ids.contains(id), !framelessIDs.contains(id) else { throw idNode.fail("the id \"\(id)\" is used twice") }
        let element = try parseUnnamedElement(try node.removing("id"), depth: depth)
        switch element {
        case .group, .choice: framelessIDs.insert(id)
        case .shape(let shape) where shape.frame == nil: framelessIDs.insert(id)
        default: ids.insert(id)
        }
        return .named(id, element)
    }

    private mutating func parseUnnamedElement(_ node: JSONNode, depth: Int) throws -> SceneElement {
        elementCount += 1
        guard elementCount <= SceneParser.maximumElements else { throw node.fail("more than \(SceneParser.maximumElements) elements") }
        let kind = try node.required("type").string(maximumLength: 32)
        let shapeKeys: Set<String> = ["type", "fill", "fillRule", "stroke"]
        switch kind {
        case "rect":
            try node.rejectUnknownKeys(allowed: shapeKeys.union(["frame", "rect", "cornerRadius"]))
            let radius = try node.optional("cornerRadius")?.number(in: 0...1e6) ?? 0
            return try shape(.rect(cornerRadius: radius), frame: node.placement(knownIDs: ids), node)
        case "ellipse":
            try node.rejectUnknownKeys(allowed: shapeKeys.union(["frame", "rect"]))
            return try shape(.ellipse, frame: node.placement(knownIDs: ids), node)
        case "path":
            try node.rejectUnknownKeys(allowed: shapeKeys.union(["d"]))
            let d = try node.required("d")
            do {
                return try shape(.path(Path(svgPathData: try d.string())), frame: nil, node)
            } catch let e as PathDataError {
                throw d.fail(e.description)
            }
        case "image":
            try node.rejectUnknownKeys(allowed: ["type", "src", "frame", "rect", "contentMode", "clipsToBounds", "cornerRadius", "filters",
                                                 "crop", "sizing", "alignment"])
            let source = try imageSource(node.required("src"))
            var image = ImageElement(source: source, frame: try node.placement(knownIDs: ids),
                                     contentMode: try node.optional("contentMode")?.contentMode() ?? .scaleToFill,
                                     clipsToBounds: try node.optional("clipsToBounds")?.bool() ?? false,
                                     cornerRadius: try node.optional("cornerRadius")?.number(in: 0...1e6) ?? 0,
                                     filters: try node.optional("filters")?.filters() ?? [])
            if let crop = try node.optional("crop") {
                guard case .eventPhoto = source else { throw crop.fail("only the event's photo (\"src\": {\"from\": \"eventPhoto\"}) is cropped to its faces") }
                image.crop = try crop.enumValue(PhotoCrop.self)
            }
            image.sizing = try imageSizing(node)
            return .image(image)
        case "label":
            try node.rejectUnknownKeys(allowed: JSONNode.labelKeys.union(["type", "frame"]))
            let label = try node.labelElement()
            recordText(label.text, style: label.style, of: node)
            return .label(label, frame: try node.placement(knownIDs: ids))
        case "chip":
            try node.rejectUnknownKeys(allowed: JSONNode.chipKeys.union(["type", "frame", "alignment"]))
            let chip = try node.chipElement()
            recordText(chip.text, style: chip.style, of: node)
            return .chip(chip, frame: try node.placement(knownIDs: ids),
                         alignment: try node.optional("alignment")?.enumValue(ChipAlignment.self) ?? .center)
        case "stack":
            try node.rejectUnknownKeys(allowed: ["type", "frame", "spacing", "items", "distribution"])
            let items = try node.required("items").array(maximumCount: 16).map { item -> SceneElement.StackItem in
                let itemKind = try item.required("type").string(maximumLength: 32)
                switch itemKind {
                case "label":
                    try item.rejectUnknownKeys(allowed: JSONNode.labelKeys.union(["type"]))
                    let label = try item.labelElement()
                    recordText(label.text, style: label.style, of: item)
                    return .label(label)
                case "chip":
                    try item.rejectUnknownKeys(allowed: JSONNode.chipKeys.union(["type"]))
                    let chip = try item.chipElement()
                    recordText(chip.text, style: chip.style, of: item)
                    return .chip(chip)
                default:
                    throw item.fail("a stack holds labels and chips, not \"\(itemKind)\"")
                }
            }
            return .stack(items, frame: try node.placement(knownIDs: ids), spacing: try node.optional("spacing")?.number(in: 0...1000) ?? 16,
                          spread: try node.optional("distribution")?.enumValue(StackSpread.self) ?? .centered)
        case "pattern":
            try node.rejectUnknownKeys(allowed: ["type", "kind", "frame", "colors", "spacing", "size", "seed"])
            let colors = try node.required("colors").array(maximumCount: 12).map { try $0.colorReference() }
            do {
                let pattern = try Pattern(kind: try node.required("kind").enumValue(Pattern.Kind.self), colors: colors,
                                          spacing: try node.optional("spacing")?.number(in: 0...1000) ?? 24,
                                          size: try node.optional("size")?.number(in: 0...1000) ?? 4,
                                          seed: UInt64(try node.optional("seed")?.integer(in: 0...Int(Int32.max)) ?? 1))
                let frameNode = try node.optional("frame") ?? node.required("frame")
                let frame = try node.placement(knownIDs: ids)
                let pieces = pattern.pieceCount(in: frame.place(in: designSize), within: Rect(origin: .zero, size: designSize))
                guard pieces <= Double(Pattern.maximumPieces) else {
                    throw frameNode.fail("the pattern would draw \(Int(min(pieces, 1e15))) pieces on the card, over the limit of \(Pattern.maximumPieces): use a larger spacing or a smaller frame")
                }
                return .pattern(pattern, frame: frame)
            } catch let e as PatternError {
                throw node.fail(e.description)
            }
        case "group":
            try node.rejectUnknownKeys(allowed: ["type", "elements", "clip", "filters"])
            var clip: (Frame, Double)?
            if let c = try node.optional("clip") {
                try c.rejectUnknownKeys(allowed: ["frame", "rect", "cornerRadius"])
                clip = (try c.placement(knownIDs: ids), try c.optional("cornerRadius")?.number(in: 0...1e6) ?? 0)
            }
            return .group(try parseElements(node.required("elements"), depth: depth + 1),
                          clip: clip.map { (frame: $0.0, cornerRadius: $0.1) }, filters: try node.optional("filters")?.filters() ?? [])
        case "choice":
            return .choice(try choice(node, depth: depth))
        case "snapshot":
            try node.rejectUnknownKeys(allowed: ["type", "frame", "rect", "contentMode", "levels"])
            return .snapshot(frame: try node.placement(knownIDs: ids),
                             contentMode: try node.optional("contentMode")?.contentMode() ?? .scaleToFill,
                             levels: try node.optional("levels")?.integer(in: 1...SceneParser.maximumSnapshotLevels) ?? 1)
        default:
            throw node.fail("unknown element type \"\(kind)\" (expected one of: \(Self.kinds.joined(separator: ", ")))")
        }
    }

    /// Notes where the text element at `node` names its font family: its `font.family`, or
    /// its `font` when the family is left to the default.
    private mutating func recordText(_ text: TextReference, style: TextStyle, of node: JSONNode) {
        let hasFamily = node.value["font"]?["family"] != nil
        let font = JSONPath.member(node.location, "font")
        uses.texts.append(ResourceUses.Text(location: hasFamily ? .member(font, "family") : font, style: style, text: text))
    }

    private func shape(_ outline: ShapeElement.Outline, frame: Frame?, _ node: JSONNode) throws -> SceneElement {
        let fill = try node.optional("fill")?.paintReference()
        let rule = try node.optional("fillRule")?.fillRule() ?? .nonZero
        let stroke = try node.optional("stroke").map { s -> (PaintReference, StrokeStyle) in
            var reference = PaintReference.color(.foreground(alpha: 1))
            let (_, style) = try s.stroke(paint: { n in reference = try n.paintReference(); return .solid(.black) })
            return (reference, style)
        }
        guard fill != nil || stroke != nil else { throw node.fail("a shape needs a fill, a stroke or both") }
        // Checked on the outline at its design size; a resolve at another size checks again.
        let path = ShapeElement.path(outline, in: frame?.place(in: designSize) ?? .zero)
        try node.checkOutlineSize(path, stroke: stroke?.1, scale: SceneParser.maximumScale, meter: strokeMeter)
        return .shape(ShapeElement(outline: outline, frame: frame, fill: fill, fillRule: rule,
                                   stroke: stroke.map { (paint: $0.0, style: $0.1) }))
    }
}

extension ShapeElement {
    /// The outline placed in `frame` (a path keeps its own coordinates).
    static func path(_ outline: Outline, in frame: Rect) -> Path {
        switch outline {
        case .rect(let radius): return Path(roundedRect: frame, cornerRadius: radius)
        case .ellipse: return Path(ellipseIn: frame)
        case .path(let p): return p
        }
    }
}

/// A scene file that cannot be used, naming the file and the problem.
public struct SceneError: Error, CustomStringConvertible {
    public let file: String
    public let detail: String
    public var description: String { "\(file): \(detail)" }
}

extension SceneParser {
    /// An image's `"sizing"`: `"frame"` (the default) or `"aspectFit"`, which takes the
    /// `"alignment"` the fitted image sits by in its frame and refuses what only a frame
    /// larger than the image means (a content mode, a face crop).
    fileprivate func imageSizing(_ node: JSONNode) throws -> ImageSizing {
        let sizingNode = try node.optional("sizing")
        let sizing = try sizingNode?.string(maximumLength: 32) ?? "frame"
        switch sizing {
        case "frame":
            if let alignment = try node.optional("alignment") {
                throw alignment.fail("alignment places an image fitted into its frame: it needs \"sizing\": \"aspectFit\"")
            }
            return .frame
        case "aspectFit":
            if let mode = try node.optional("contentMode") {
                throw mode.fail("an image with \"sizing\": \"aspectFit\" is its own fitted size and fills it: leave contentMode out")
            }
            if let crop = try node.optional("crop") {
                throw crop.fail("an image with \"sizing\": \"aspectFit\" shows the whole photo: it is not cropped")
            }
            return .aspectFit(try node.optional("alignment")?.enumValue(ImageAlignment.self) ?? .center)
        default:
            throw sizingNode!.fail("expected \"frame\" or \"aspectFit\", got \(QuotedValue.quoted(sizing))")
        }
    }

    /// The most bytes the distinct image files of one document may hold together: twice what
    /// one file may. Each file was held as read, and a file named by 50 elements 50 times, so a
    /// scene of 50 elements naming one padded 64 MB PNG took 3.2 GB before any check of pixels.
    public var maximumImageFileBytes: Int { 2 * imageLimits.maxFileBytes }

    /// The image file `node` names, read once per document however many elements name it.
    fileprivate mutating func imageAsset(_ node: JSONNode) throws -> ImageAsset {
        let name = try node.string(maximumLength: 4096)
        let directory = base.url
        base = .url(directory)
        let key = URL(fileURLWithPath: name, relativeTo: directory).standardizedFileURL.path
        if let known = assetsByPath[key] { return known }
        let asset = try ImageAsset.read(name, relativeTo: directory, limits: imageLimits, decodeNow: false, node: node)
        imageFileBytes += asset.fileBytes.count
        guard imageFileBytes <= maximumImageFileBytes else {
            throw node.fail("the document's image files hold \(imageFileBytes) bytes with this one, over the limit of \(maximumImageFileBytes) for all of them")
        }
        assetsByPath[key] = asset
        return asset
    }

    /// An image's `src`: a file name beside the scene, or `{"from": "eventPhoto"}` (the
    /// event's photo) with an optional `"placeholder"` file drawn when the event has none.
    fileprivate mutating func imageSource(_ src: JSONNode) throws -> ImageSource {
        guard src.isObject else {
            let asset = try imageAsset(src)
            uses.images.append(ResourceUses.Image(location: src.location, asset: asset))
            return .asset(asset)
        }
        try src.rejectUnknownKeys(allowed: ["from", "placeholder"])
        let from = try src.required("from")
        guard try from.string(maximumLength: 32) == "eventPhoto" else { throw from.fail("the only image source besides a file is \"eventPhoto\"") }
        guard let placeholderNode = try src.optional("placeholder") else { return .eventPhoto(placeholder: nil) }
        let placeholder = try imageAsset(placeholderNode)
        uses.images.append(ResourceUses.Image(location: placeholderNode.location, asset: placeholder))
        return .eventPhoto(placeholder: placeholder)
    }
}

extension SceneParser {
    /// `{"type": "choice", "by": "canvasShape", "landscape": […], "square": […], "portrait": […],
    /// "wide": […], "tall": […]}` (every list but `landscape` optional: a shape without its own
    /// list draws the landscape one, a tall canvas without one the portrait one) or
    /// `{"type": "choice", "by": "clearOfFaces", "options": [[…], […], …]}` or
    /// `{"type": "choice", "by": "field", "field": "emoji", "present": […], "absent": […]}` (either
    /// list may be left out: nothing is drawn then; `"field": ["date", "subtitle"]` is present
    /// when either is). Each list is read
    /// with the ids named before the choice; an id may recur in several lists (later frames
    /// anchor to whichever was drawn), not twice in one.
    fileprivate mutating func choice(_ node: JSONNode, depth: Int) throws -> Choice {
        let by = try node.required("by")
        let idsBefore = ids, framelessBefore = framelessIDs
        var idsAfter = ids, framelessAfter = framelessIDs
        func list(_ listNode: JSONNode) throws -> [SceneElement] {
            ids = idsBefore
            framelessIDs = framelessBefore
            let elements = try parseElements(listNode, depth: depth + 1)
            idsAfter.formUnion(ids)
            framelessAfter.formUnion(framelessIDs)
            return elements
        }
        // An id frameless in any list is frameless after the choice: which list is drawn is
        // known only when the card is laid out.
        defer {
            ids = idsAfter.subtracting(framelessAfter)
            framelessIDs = framelessAfter
        }
        switch try by.string(maximumLength: 32) {
        case "canvasShape":
            try node.rejectUnknownKeys(allowed: ["type", "by", "landscape", "square", "portrait", "wide", "tall"])
            let landscape = try list(node.required("landscape"))
            return .canvasShape(landscape: landscape, square: try node.optional("square").map { try list($0) } ?? landscape,
                                portrait: try node.optional("portrait").map { try list($0) } ?? landscape,
                                wide: try node.optional("wide").map { try list($0) },
                                tall: try node.optional("tall").map { try list($0) })
        case "clearOfFaces":
            try node.rejectUnknownKeys(allowed: ["type", "by", "options"])
            let options = try node.required("options")
            let lists = try options.array(maximumCount: 8).map { try list($0) }
            guard lists.count >= 2 else { throw options.fail("give at least two options to choose from") }
            return .clearOfFaces(lists)
        case "field":
            try node.rejectUnknownKeys(allowed: ["type", "by", "field", "present", "absent"])
            let fieldNode = try node.required("field")
            func field(_ nameNode: JSONNode) throws -> EventField {
                let name = try nameNode.string(maximumLength: 32)
                guard let field = EventField(rawValue: name) else {
                    throw nameNode.fail("expected one of \(EventField.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), got \(QuotedValue.quoted(name))")
                }
                return field
            }
            let fields: [EventField]
            if fieldNode.isArray {
                fields = try fieldNode.array(maximumCount: EventField.allCases.count).map(field)
                guard !fields.isEmpty else { throw fieldNode.fail("name at least one field") }
                guard Set(fields).count == fields.count else { throw fieldNode.fail("a field is named twice") }
            } else {
                fields = [try field(fieldNode)]
            }
            let present = try node.optional("present"), absent = try node.optional("absent")
            guard present != nil || absent != nil else { throw node.fail("give \"present\", \"absent\" or both") }
            return .field(fields, present: try present.map { try list($0) } ?? [], absent: try absent.map { try list($0) } ?? [])
        default:
            throw by.fail("expected \"canvasShape\", \"clearOfFaces\" or \"field\", got \(QuotedValue.quoted(try by.string(maximumLength: 32)))")
        }
    }
}
