import BufferText
import Caching
import Foundation
import Photos
import Raster
import UnicodeText

/// An image file a scene names. Read and its PNG header checked against the limits when the
/// scene is read; decoded the first time it is drawn (or checked), once, so a command
/// rendering one card does not decode the images of templates it never uses. Decoded as a
/// user's photo is (`Photo`), so its colour chunks (iCCP, sRGB, cHRM, gAMA) are honoured and
/// an asset looks the same as the same file sent as a photo.
public struct ImageAsset: Sendable {
    /// The path as written in the scene, relative to the scene's folder.
    public let name: String
    /// The file's bytes: decoded on first use, and hashed into a template's version.
    public let fileBytes: [UInt8]
    /// The size in pixels, from the PNG header.
    public let pixelWidth: Int
    public let pixelHeight: Int
    private let limits: ImageLimits
    private let decoded = LockedValue<Image?>(nil)

    /// Reads `name` relative to `directory` and checks its header; with `decodeNow`, decodes
    /// it at once (a scene file is checked whole before anything is drawn).
    public init(name: String, relativeTo directory: URL, limits: ImageLimits, decodeNow: Bool = false) throws {
        guard !name.isEmpty else { throw JSONInputError(path: "", reason: "cannot read image file: the path is empty") }
        let bytes: [UInt8]
        do {
            bytes = try Self.readFile(URL(fileURLWithPath: name, relativeTo: directory).path, maximumBytes: limits.maxFileBytes)
        } catch {
            throw JSONInputError(path: "", reason: "cannot read image file \(QuotedValue.shown(name)): \(error.reason)")
        }
        // Signature, then the IHDR chunk: length 13, "IHDR", width and height big-endian.
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw JSONInputError(path: "", reason: "\(QuotedValue.shown(name)): not a PNG file")
        }
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let w = be32(16), h = be32(20)
        guard w >= 1, h >= 1 else {
            throw JSONInputError(path: "", reason: "\(QuotedValue.shown(name)): a corrupt PNG: its header declares \(w)×\(h) pixels")
        }
        guard bytes.count <= limits.maxFileBytes, w <= limits.maxWidth, h <= limits.maxHeight,
              w * h <= limits.maxPixels else {
            throw JSONInputError(path: "", reason: "\(QuotedValue.shown(name)): a \(w)×\(h) PNG of \(bytes.count) bytes is over the image limits (\(limits.maxWidth)×\(limits.maxHeight), \(limits.maxPixels) pixels, \(limits.maxFileBytes) bytes)")
        }
        self.name = name
        fileBytes = bytes
        pixelWidth = w
        pixelHeight = h
        self.limits = limits
        // After the header's limits: a file over them is refused without being decoded.
        if decodeNow {
            do { _ = try image() } catch { throw JSONInputError(path: "", reason: "\(error)") }
        }
    }

    /// The decoded pixels, decoding them on the first call (an undecodable file throws then).
    public func image() throws -> Image {
        if let image = decoded.withLock({ $0 }) { return image }
        let image: Image
        do { image = try Self.decode(fileBytes, limits: limits) } catch {
            throw ImageAssetError(description: "\(QuotedValue.shown(name)): \(error.reason)")
        }
        decoded.withLock { $0 = image }
        return image
    }

    /// A PNG's pixels in sRGB, premultiplied. Any other format is refused: a scene's images
    /// are PNG files (their header is read when the scene is).
    private static func decode(_ bytes: [UInt8], limits: ImageLimits) throws(PhotoError) -> Image {
        guard PhotoFormat(sniffing: bytes) == .png else { throw .unsupportedFormat("not a PNG file (bad signature)") }
        return try Photo(data: bytes, limits: limits).image
    }

    /// Why an image file could not be read.
    struct ReadFailure: Error { let reason: String }

    /// The bytes of the regular file at `path` (BoundedFile: a symlink is followed to one, a
    /// FIFO refused at once), with the reason in an image's words when there are none.
    private static func readFile(_ path: String, maximumBytes: Int) throws(ReadFailure) -> [UInt8] {
        do { return try BoundedFile.read(path, maximumBytes: maximumBytes) } catch {
            switch error {
            case .system(ENOENT): throw ReadFailure(reason: "no such file")
            case .system(ENOTDIR): throw ReadFailure(reason: "a folder on its path is not a folder")
            case .system(EACCES): throw ReadFailure(reason: "permission denied")
            case .system(let code): throw ReadFailure(reason: BoundedFile.describe(code))
            case .notRegular(let mode): throw ReadFailure(reason: FileKind.whyNotRegular(mode) ?? "not a regular file")
            case .tooLarge: throw ReadFailure(reason: error.reason)
            }
        }
    }

    /// Whether the file has been decoded yet (for tests of laziness).
    public var isDecoded: Bool { decoded.withLock { $0 != nil } }
}

extension ImageAsset {
    /// Reads the asset named by `node`, with errors at `node`'s path.
    static func read(_ name: String, relativeTo directory: URL, limits: ImageLimits, decodeNow: Bool,
                     node: JSONNode) throws -> ImageAsset {
        do { return try ImageAsset(name: name, relativeTo: directory, limits: limits, decodeNow: decodeNow) } catch let e as JSONInputError {
            throw node.fail(e.reason)
        }
    }
}

extension Scene {
    /// Every image asset the scene uses.
    public var assets: [ImageAsset] {
        func collect(_ elements: [SceneElement]) -> [ImageAsset] {
            elements.flatMap { element -> [ImageAsset] in
                switch element {
                case .image(let image):
                    switch image.source {
                    case .asset(let asset): return [asset]
                    case .eventPhoto(let placeholder): return placeholder.map { [$0] } ?? []
                    }
                case .group(let children, _, _): return collect(children)
                case .named(_, let inner): return collect([inner])
                case .choice(let choice): return choice.alternatives.flatMap(collect)
                default: return []
                }
            }
        }
        return collect(elements)
    }
}

/// An image file that does not decode, named with libpng's reason.
public struct ImageAssetError: Error, Sendable, CustomStringConvertible {
    public let description: String

    /// The same failure, said to be in `whole` (a template, say: the file name alone does not
    /// tell which of several templates naming `assets/…` holds it).
    public func within(_ whole: String) -> ImageAssetError {
        ImageAssetError(description: "\(whole): \(description)")
    }
}
