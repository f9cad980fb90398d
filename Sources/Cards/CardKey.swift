import Foundation
import Typesetting

extension Card {
    /// Bump when a renderer change alters pixels, so caches keyed by `key` miss
    /// (`RendererVersionTests` pins each version to its cards' pixels, and fails until it is).
    public static let rendererVersion = "20"

    /// A stable name for exactly these pixels: a hash of the event's canonical form, the
    /// scale, and the versions of renderer, fonts, template and palette. Equal keys mean
    /// equal PNG bytes (rendering is deterministic), which is what ETags and skip-if-done
    /// batch runs rely on.
    public func key(fontsVersion: String) -> String {
        let fields: [String] = [
            "sharecard-card", Card.rendererVersion, fontsVersion, template.name, template.version, palette.name, palette.version,
            color.name, String(scale), event.title, event.date?.description ?? "", event.endDate?.description ?? "",
            event.subtitle ?? "", event.emoji ?? "", event.locale,
        ] + (size.map { ["size", $0.description] } ?? []) + ((photo?.digest ?? undecodedPhotoDigest).map { ["photo", $0] } ?? [])
        // Length-prefixed so that no two different field lists share a serialisation.
        let canonical = fields.map { "\($0.utf8.count):\($0)" }.joined(separator: "|")
        return ContentHash.hex(Array(canonical.utf8))
    }
}

extension ContentHash {
    /// The version of a fonts folder: a hash of its manifest (`fonts.json` and the other JSON
    /// files, its optional part), of every file's name and contents, so a face replaced by
    /// another of the same size is a new version, and of the files outside it that rendering
    /// may read (`FontLibrary.filesOutside`: the system's faces, present or absent, and the
    /// hyphenation dictionaries). Reads them all (13 MB shipped, some 66 MB of system files
    /// with every font package: about 0.2 s): `serve` and `batch` compute it once at start,
    /// `render` never.
    public static func fontsVersion(directory: String) -> String {
        var bytes = Array((FileManager.default.contents(atPath: (directory as NSString).appendingPathComponent("fonts.json")) ?? Data()))
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted() {
            let path = (directory as NSString).appendingPathComponent(name)
            let contents = FileManager.default.contents(atPath: path).map(Array.init) ?? []
            bytes += Array("\(name):\(contents.count):".utf8) + sha256(contents) + Array(";".utf8)
            if name.hasSuffix(".json"), name != "fonts.json" { bytes += contents }
        }
        // The system's faces and dictionaries by their bytes, so that machines with the same
        // packages agree and one without them (or with others) names its cards apart.
        for path in FontLibrary.filesOutside(fontsDirectory: directory) {
            bytes += Array("\(path):".utf8)
            if let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) {
                bytes += Array("\(data.count):".utf8) + data.withUnsafeBytes { sha256($0) }
            } else {
                bytes += Array("absent".utf8)
            }
            bytes += Array(";".utf8)
        }
        return String(hex(bytes).prefix(12))
    }
}
