import Cards
import Faces
import Foundation
import JSONData
import Raster

/// The event's photo on the command line: `render --photo FILE` and a batch line's
/// `"photo": "path"` (relative to the JSON-lines file).
enum PhotoInput {
    static let limits = ImageLimits.default

    /// Reads and decodes the photo at `path` for `card`, its faces looked up in `faceCache`
    /// first; errors name the file.
    static func load(_ path: String, for card: Card, faceCache: FaceCache?) throws -> EventPhoto {
        if path != "-", let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > limits.maxFileBytes {
            throw CommandError("\(path): photo too large: the file is \(size) bytes, over the limit of \(limits.maxFileBytes)")
        }
        let data = try readInput(path)
        do {
            return try EventPhoto(data: Array(data), template: card.template, size: card.canvasSize, scale: card.scale, limits: limits,
                                  faceCache: faceCache)
        } catch {
            throw CommandError("\(path): \(error)")
        }
    }

    /// A batch line's "photo", taken out of its object, resolved against `directory`
    /// (absolute paths stay as they are).
    static func takePhoto(from object: inout EventObject, directory: String) throws -> String? {
        guard let raw = object.take("photo") else { return nil }
        guard case .string(let path) = raw, !path.isEmpty, path.utf8.count <= 4096, !path.contains("\0") else {
            throw EventError(field: "photo", reason: "must be a file path")
        }
        return path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
    }
}
