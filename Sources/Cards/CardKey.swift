import Foundation

extension Card {
    /// Bump when a renderer change alters pixels, so caches keyed by `key` miss
    /// (`RendererVersionTests` pins each version to its cards' pixels, and fails until it is).
    public static let rendererVersion = "13"

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
    /// files, its optional part) and of every file's name and contents, so a face replaced by
    /// another of the same size is a new version. Reads the whole folder (13 MB shipped, a few
    /// tens of milliseconds): `serve` and `batch` compute it once at start, `render` never.
    public static func fontsVersion(directory: String) -> String {
        var bytes = Array((FileManager.default.contents(atPath: (directory as NSString).appendingPathComponent("fonts.json")) ?? Data()))
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted() {
            let path = (directory as NSString).appendingPathComponent(name)
            let contents = FileManager.default.contents(atPath: path).map(Array.init) ?? []
            bytes += Array("\(name):\(contents.count):".utf8) + sha256(contents) + Array(";".utf8)
            if name.hasSuffix(".json"), name != "fonts.json" { bytes += contents }
        }
        return String(hex(bytes).prefix(12))
    }
}
