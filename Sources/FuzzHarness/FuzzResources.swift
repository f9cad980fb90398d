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

    /// A directory of this process's own for inputs that must be files, with an `assets/`
    /// holding the small scene test images (templates name images relative to themselves).
    /// libFuzzer never returns, so it is left for the system's temporary-file cleaning.
    static let scratchDirectory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sharecard-fuzz-\(getpid())")
        let assets = url.appendingPathComponent("assets")
        let images = root.appendingPathComponent("Tests/SceneTests/Cases/images")
        do {
            try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
            for name in try FileManager.default.contentsOfDirectory(atPath: images.path) where name.hasSuffix(".png") {
                let target = assets.appendingPathComponent(name)
                if !FileManager.default.fileExists(atPath: target.path) {
                    try FileManager.default.copyItem(at: images.appendingPathComponent(name), to: target)
                }
            }
        } catch {
            fatalError("cannot prepare the fuzzing scratch directory \(url.path): \(error)")
        }
        return url
    }()
}
