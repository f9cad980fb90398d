import Foundation
import Raster

/// An image file a scene names, read and checked when the scene is read.
public struct ImageAsset: Sendable {
    /// The path as written in the scene, relative to the scene's folder.
    public let name: String
    public let image: Image
    /// The file's bytes, for a version hash of the design.
    public let fileBytes: [UInt8]

    /// Reads and decodes `name` relative to `directory`.
    public init(name: String, relativeTo directory: URL, limits: ImageLimits) throws {
        let url = URL(fileURLWithPath: name, relativeTo: directory)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw JSONInputError(path: "", reason: "cannot read image file \(name)")
        }
        do {
            image = try Image(pngData: Array(data), limits: limits)
        } catch {
            throw JSONInputError(path: "", reason: "\(name): \(error)")
        }
        self.name = name
        fileBytes = Array(data)
    }
}

extension ImageAsset {
    /// Reads the asset named by `node`, with errors at `node`'s path.
    static func read(_ name: String, relativeTo directory: URL, limits: ImageLimits, node: JSONNode) throws -> ImageAsset {
        do { return try ImageAsset(name: name, relativeTo: directory, limits: limits) } catch let e as JSONInputError {
            throw node.fail(e.reason)
        }
    }
}
