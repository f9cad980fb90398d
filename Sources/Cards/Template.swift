import BufferText
import Foundation
import Geometry
import Raster
import Scene

/// A card design: a scene (docs/templates.md) with a name, whose text and colours refer to
/// the event and the palette colour. Read and checked once (`Template(contentsOf:)`).
public struct Template: Sendable {
    public let name: String
    /// The file it was read from, as given (its name is `name` + `.json`).
    public let path: String
    public let description: String
    public let scene: Scene
    /// A hash of the file and the images it uses: changes whenever the design does.
    public var version: String { deferredVersion.value }
    let deferredVersion: DeferredContentVersion
    /// Where the file names font families and images, for `check(fonts:)`.
    public let uses: ResourceUses
    /// The file's bytes, as read once and parsed into this template: the JSON document
    /// `templates show --json` prints and `GET /v1/templates/{name}` answers.
    public let document: [UInt8]

    /// The size the template was designed at, in points.
    public var size: Size { scene.size }
    public var elements: [SceneElement] { scene.elements }
}

extension Template {
    /// The largest scale a card is rendered at.
    public static let maximumScale = 3
    /// At most this many device pixels per render at `maximumScale`: 50 million, 200 MB.
    public static let maximumPixelsPerRender = SceneLimits.maximumPixelsPerRender
    public static let maximumElements = 500

    /// The largest template file read.
    public static let maximumFileBytes = 1 << 20

    /// Reads `templates/<name>.json`. Images are read relative to the file's folder. Errors
    /// name the file, the element and the field.
    public init(path: String, imageLimits: ImageLimits = .default) throws {
        let file = PathText.name(of: path)
        let data = try DataFileReader.read(path, maximumBytes: Template.maximumFileBytes)
        do {
            let root = try JSONNode.parse(data, maximumBytes: Template.maximumFileBytes)
            try root.rejectUnknownKeys(allowed: ["name", "description", "size", "safeArea", "background", "elements"])
            let name = try root.required("name").string(maximumLength: 64)
            guard name + ".json" == file else { throw root.fail("name \"\(name)\" does not match the file name") }
            let sizeNode = try root.required("size")
            let sizeValues = try sizeNode.numbers(count: 2, in: 16...4096)
            let elementsNode = try root.required("elements")
            _ = try elementsNode.array(maximumCount: Template.maximumElements)
            var parser = SceneParser(baseDirectoryPath: PathText.directory(of: path), imageLimits: imageLimits)
            parser.decodesImages = false
            var scene = try parser.parse(root)
            if try root.optional("background") == nil {
                scene = Scene(size: scene.size, scale: 1, safeArea: scene.safeArea, background: .paletteBackground, elements: scene.elements)
            }
            let size = Size(width: sizeValues[0], height: sizeValues[1])
            if let problem = scene.pixelBudgetProblem(size: size, scale: Double(Template.maximumScale)) {
                throw elementsNode.fail(problem)
            }
            let version = DeferredContentVersion(hashing: [data] + parser.assets.map(\.fileBytes))
            self.init(name: name, path: path, description: try root.optional("description")?.string(maximumLength: 1000) ?? "",
                      scene: scene, deferredVersion: version, uses: parser.uses, document: data)
        } catch let e as JSONInputError {
            throw DataFileError(file: file, field: e.path, reason: e.reason)
        }
    }

    public init(contentsOf url: URL, imageLimits: ImageLimits = .default) throws {
        try self.init(path: url.path, imageLimits: imageLimits)
    }
}
