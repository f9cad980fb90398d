import Cards
import Faces
import Foundation
import Geometry
import JSONData
import Photos
import Raster

/// The event's photo on the command line: `render --photo FILE` and a batch line's
/// `"photo": "path"` (relative to the JSON-lines file).
enum PhotoInput {
    static let limits = ImageLimits.photo

    /// Reads and decodes the photo at `path` for `card`; errors name the file.
    static func load(_ path: String, for card: Card) throws -> EventPhoto {
        try load(path) { data throws(PhotoInputError) in try eventPhoto(data, for: card, faceCache: nil) }
    }

    /// A photo file read and hashed but not decoded: enough to name its card (`Card.key`), so a
    /// batch skips a card already written without decoding its photo or searching it for faces.
    struct Unread {
        let path: String
        let bytes: [UInt8]
        /// SHA-256 of `bytes`: hashed once, for the card's name and for decoding.
        let sha256: [UInt8]
        /// `sha256` as `EventPhoto.digest` spells it.
        var digest: String { ContentHash.hex(digest: sha256) }
    }

    /// The photo at `path`, read (as `read` reads it) and hashed.
    static func read(forKey path: String, regularFileOnly: Bool = false) throws -> Unread {
        let bytes = try read(path, regularFileOnly: regularFileOnly)
        try HashingLibrary.require()
        return Unread(path: path, bytes: bytes, sha256: ContentHash.sha256(bytes))
    }

    /// `photo` decoded for `card`, its faces looked up in `faceCache` first; errors name the file.
    static func decode(_ photo: Unread, for card: Card, faceCache: FaceCache?) throws -> EventPhoto {
        do { return try eventPhoto(photo.bytes, for: card, faceCache: faceCache, sha256: photo.sha256) } catch {
            throw CommandError("\(shown: photo.path): \(error)")
        }
    }

    private static func eventPhoto(_ data: [UInt8], for card: Card, faceCache: FaceCache?,
                                   sha256: [UInt8]? = nil) throws(PhotoInputError) -> EventPhoto {
        try EventPhoto(data: data, template: card.template, size: card.canvasSize, scale: card.scale, limits: limits, faceCache: faceCache,
                       sha256: sha256)
    }

    /// Reads and decodes the photo at `path` for a canvas of `canvas` points at `scale` device
    /// pixels per point (`draw --photo`: a scene that shows the event's photo); errors name the file.
    static func load(_ path: String, canvas: Size, scale: Double) throws -> EventPhoto {
        try load(path) { data throws(PhotoInputError) in try EventPhoto(data: data, canvas: canvas, scale: scale, limits: limits) }
    }

    /// The photo's bytes read, the hashing library checked (a photo is known by its digest),
    /// then `decode`d, its error prefixed with the path.
    private static func load(_ path: String, decode: ([UInt8]) throws(PhotoInputError) -> EventPhoto) throws -> EventPhoto {
        let data = try read(path)
        try HashingLibrary.require()
        do { return try decode(data) } catch { throw CommandError("\(shown: InputFile.displayName(path)): \(error)") }
    }

    /// The bytes of the photo at `path` (`-`: standard input), no more than `limits` allows. A
    /// FIFO or device is read to its end: `/dev/null` gives an empty file, which decoding
    /// then refuses as one. With `regularFileOnly` (a batch line's photo), only a regular file is read.
    static func read(_ path: String, regularFileOnly: Bool = false) throws -> [UInt8] {
        do { return Array(try InputFile.read(path, maxBytes: limits.maxFileBytes, regularFileOnly: regularFileOnly)) } catch {
            throw CommandError(InputFile.message(error, path: path, what: "photo too large: the file"))
        }
    }

    /// A batch line's "photo" (null or "" is none), taken out of its object, resolved against `directory`
    /// (absolute paths stay as they are).
    static func takePhoto(from object: inout EventObject, directory: String) throws -> String? {
        guard let raw = object.takeGiven("photo") else { return nil }
        guard case .string(let path) = raw, !path.isEmpty, path.utf8.count <= 4096, !path.contains("\0") else {
            throw EventError(field: "photo", reason: "must be a file path")
        }
        return path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
    }
}
