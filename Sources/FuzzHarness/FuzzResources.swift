import Cards
import Foundation
import Typesetting

/// The repository's fonts, palettes and templates, loaded once per process. The fuzz targets
/// run from a build of this checkout, so the files are found next to the sources; a checkout
/// without them cannot fuzz, and says so.
enum FuzzResources {
    static let root: URL = {
        if let path = ProcessInfo.processInfo.environment["SHARECARD_ROOT"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }()

    static let fonts: FontLibrary = {
        do { return try FontLibrary(directory: root.appendingPathComponent("fonts").path) } catch {
            fatalError("fuzzing needs the fonts in \(root.path)/fonts: \(error)")
        }
    }()

    static let catalog: Catalog = {
        do {
            return try Catalog(palettesDirectory: root.appendingPathComponent("palettes"),
                               templatesDirectory: root.appendingPathComponent("templates"))
        } catch {
            fatalError("fuzzing needs the palettes and templates in \(root.path): \(error)")
        }
    }()

    static let renderer = CardRenderer(fonts: fonts)

    /// A directory of this process's own for inputs that must be files; removed by the OS's
    /// temporary-file cleaning, as libFuzzer never returns to let us do it.
    static let scratchDirectory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sharecard-fuzz-\(getpid())")
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            // Templates name their images relative to themselves: the shipped ones live in assets/.
            let assets = url.appendingPathComponent("assets")
            if !FileManager.default.fileExists(atPath: assets.path) {
                try FileManager.default.createSymbolicLink(at: assets, withDestinationURL: root.appendingPathComponent("templates/assets"))
            }
        } catch {
            fatalError("cannot create the fuzzing scratch directory \(url.path): \(error)")
        }
        return url
    }()
}
