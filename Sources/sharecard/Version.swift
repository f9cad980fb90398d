import Cards
import Foundation

/// What `sharecard --version` prints: the release, the commit an install was built from,
/// and the content versions of the data it would render with (the same hashes that go
/// into card keys and ETags, so two machines printing the same lines render the same bytes).
enum Version {
    /// The release. scripts/install and the Debian package read it from this line.
    static let number = "0.9.0"

    static func report() -> String {
        var lines = ["sharecard \(number)", "commit: \(Resources.buildCommit() ?? "unknown")", "renderer: \(Card.rendererVersion)"]
        // Hashed once, and only inside `describe`, which first checks that libcrypto loads.
        var fontsVersion: String?
        func fonts() throws -> String {
            if let fontsVersion { return fontsVersion }
            let version = ContentHash.fontsVersion(directory: try Resources.directory("fonts"))
            fontsVersion = version
            return version
        }
        lines.append("fonts: " + describe { try fonts() })
        let catalog = Result { () throws -> Catalog in
            try Catalog(palettesDirectory: try Resources.directory("palettes"), templatesDirectory: try Resources.directory("templates"))
        }
        lines.append("palettes: " + describe { folderVersion(try catalog.get().palettes.map { ($0.name, $0.version) }) })
        lines.append("templates: " + describe { folderVersion(try catalog.get().templates.map { ($0.name, $0.version) }) })
        // What card URLs carry as v=: the line above, with the renderer and fonts, in one.
        lines.append("content: " + describe {
            ContentVersion.of(catalog: try catalog.get(), fontsVersion: try fonts())
        })
        return lines.joined(separator: "\n")
    }

    /// One version for a folder: a hash over each file's name and version, in name order.
    static func folderVersion(_ entries: [(name: String, version: String)]) -> String {
        ContentVersion.folder(entries)
    }

    /// `--version` always answers: a data folder that cannot be found or read is reported
    /// in its line rather than failing the command.
    /// Each line that hashes says so when libcrypto cannot be loaded.
    private static func describe(_ body: () throws -> String) -> String {
        do {
            try HashingLibrary.require()
            return try body()
        } catch { return "unavailable (\(error))" }
    }
}
