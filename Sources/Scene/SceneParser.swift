import Foundation
import Geometry
import Raster

/// Reads scene files (documented in docs/scene-format.md). Image paths are relative to
/// `baseDirectory`. Everything is checked here, so a parsed `Scene` always renders.
public struct SceneParser {
    public static let maximumPoints = 8192.0
    public static let maximumElements = 10_000
    public static let maximumDepth = 16
    public static let maximumSnapshotLevels = 12
    /// The largest scale a scene is drawn at (its own `scale`, or one given when drawing).
    public static let maximumScale = 4.0

    public let baseDirectory: URL
    public let imageLimits: ImageLimits
    private var elementCount = 0
    private let strokeMeter = StrokeOutlineMeter()

    public init(baseDirectory: URL, imageLimits: ImageLimits = .default) {
        self.baseDirectory = baseDirectory
        self.imageLimits = imageLimits
    }

    /// Reads a scene file; errors name the file and the field.
    public static func load(contentsOf url: URL) throws -> Scene {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw SceneError(file: url.path, detail: "cannot read the file")
        }
        var parser = SceneParser(baseDirectory: url.deletingLastPathComponent())
        do {
            return try parser.parse(data)
        } catch let e as JSONInputError {
            throw SceneError(file: url.path, detail: e.description)
        }
    }

    public mutating func parse(_ data: Data) throws -> Scene {
        elementCount = 0
        let root = try JSONNode.parse(data)
        try root.rejectUnknownKeys(allowed: ["width", "height", "scale", "background", "elements"])
        let width = try root.required("width").number(in: 1...SceneParser.maximumPoints)
        let height = try root.required("height").number(in: 1...SceneParser.maximumPoints)
        let scale = try root.optional("scale")?.number(in: 0.25...SceneParser.maximumScale) ?? 1
        guard width * scale <= Double(Canvas.maximumPixelDimension), height * scale <= Double(Canvas.maximumPixelDimension) else {
            throw root.fail("canvas of \(width)×\(height) at scale \(scale) exceeds \(Canvas.maximumPixelDimension) pixels")
        }
        guard (width * scale).rounded() >= 1, (height * scale).rounded() >= 1 else {
            throw root.fail("canvas of \(width)×\(height) at scale \(scale) is less than one pixel on a side")
        }
        let background = try root.optional("background")?.paint() ?? .solid(.white)
        let elements = try root.optional("elements").map { try parseElements($0, depth: 0) } ?? []
        let scene = Scene(size: Size(width: width, height: height), scale: scale, background: background, elements: elements)
        if let problem = scene.pixelBudgetProblem(atScale: scale) { throw root.fail(problem) }
        return scene
    }

    private mutating func parseElements(_ node: JSONNode, depth: Int) throws -> [SceneElement] {
        guard depth <= SceneParser.maximumDepth else { throw node.fail("groups nest deeper than \(SceneParser.maximumDepth) levels") }
        return try node.array(maximumCount: SceneParser.maximumElements).map { try parseElement($0, depth: depth) }
    }

    private mutating func parseElement(_ node: JSONNode, depth: Int) throws -> SceneElement {
        elementCount += 1
        guard elementCount <= SceneParser.maximumElements else { throw node.fail("more than \(SceneParser.maximumElements) elements") }
        let kinds = ["rect", "ellipse", "path", "image", "group", "snapshot"]
        let kind = try node.required("type").string(maximumLength: 32)
        let shapeKeys: Set<String> = ["type", "fill", "fillRule", "stroke"]
        switch kind {
        case "rect":
            try node.rejectUnknownKeys(allowed: shapeKeys.union(["rect", "cornerRadius"]))
            let rect = try node.required("rect").rect()
            let radius = try node.optional("cornerRadius")?.number(in: 0...1e6) ?? 0
            return try shape(Path(roundedRect: rect, cornerRadius: radius), node)
        case "ellipse":
            try node.rejectUnknownKeys(allowed: shapeKeys.union(["rect"]))
            return try shape(Path(ellipseIn: try node.required("rect").rect()), node)
        case "path":
            try node.rejectUnknownKeys(allowed: shapeKeys.union(["d"]))
            let d = try node.required("d")
            do {
                return try shape(Path(svgPathData: try d.string()), node)
            } catch let e as PathDataError {
                throw d.fail(e.description)
            }
        case "image":
            try node.rejectUnknownKeys(allowed: ["type", "src", "rect", "contentMode", "clipsToBounds", "filters"])
            return .image(try image(node.required("src")), frame: try node.required("rect").rect(),
                          contentMode: try node.optional("contentMode")?.contentMode() ?? .scaleToFill,
                          clipsToBounds: try node.optional("clipsToBounds")?.bool() ?? false,
                          filters: try node.optional("filters")?.filters() ?? [])
        case "group":
            try node.rejectUnknownKeys(allowed: ["type", "elements", "clip", "filters"])
            var clip: (Rect, Double)?
            if let c = try node.optional("clip") {
                try c.rejectUnknownKeys(allowed: ["rect", "cornerRadius"])
                clip = (try c.required("rect").rect(), try c.optional("cornerRadius")?.number(in: 0...1e6) ?? 0)
            }
            return .group(try parseElements(node.required("elements"), depth: depth + 1),
                          clip: clip.map { (rect: $0.0, cornerRadius: $0.1) }, filters: try node.optional("filters")?.filters() ?? [])
        case "snapshot":
            try node.rejectUnknownKeys(allowed: ["type", "rect", "contentMode", "levels"])
            return .snapshot(frame: try node.required("rect").rect(),
                             contentMode: try node.optional("contentMode")?.contentMode() ?? .scaleToFill,
                             levels: try node.optional("levels")?.integer(in: 1...SceneParser.maximumSnapshotLevels) ?? 1)
        default:
            throw node.fail("unknown element type \"\(kind)\" (expected one of: \(kinds.joined(separator: ", ")))")
        }
    }

    private func shape(_ path: Path, _ node: JSONNode) throws -> SceneElement {
        let fill = try node.optional("fill")?.paint()
        let rule = try node.optional("fillRule")?.fillRule() ?? .nonZero
        let stroke = try node.optional("stroke")?.stroke()
        guard fill != nil || stroke != nil else { throw node.fail("a shape needs a fill, a stroke or both") }
        try node.checkOutlineSize(path, stroke: stroke?.1, scale: SceneParser.maximumScale, meter: strokeMeter)
        return .shape(path, fill: fill, fillRule: rule, stroke: stroke)
    }

    private func image(_ node: JSONNode) throws -> Image {
        try node.imageFile(relativeTo: baseDirectory, limits: imageLimits)
    }
}

/// A scene file that cannot be used, naming the file and the problem.
public struct SceneError: Error, CustomStringConvertible {
    public let file: String
    public let detail: String
    public var description: String { "\(file): \(detail)" }
}
