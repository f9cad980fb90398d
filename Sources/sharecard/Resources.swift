import Foundation
import Typesetting

/// Finds the data folders (`fonts/`, `palettes/`, `templates/`, `web/`). In order: the
/// command's own option (`--fonts` …); an installed layout beside the binary
/// (`<prefix>/bin/sharecard` → `<prefix>/share/sharecard/<name>`), so a copied install
/// needs no environment; `$SHARECARD_HOME/<name>`; the source checkout the binary was built
/// in (`.build/<config>/sharecard` → the package root); the working directory.
enum Resources {
    /// The binary's folder, symlinks resolved; worked out once (resolving costs a render ~1 % of its CPU each time).
    private static let executableFolder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()

    /// `$SHARECARD_HOME`, read alone: `ProcessInfo`'s environment copies every variable
    /// into a dictionary first (about 1 % of a one-card render).
    private static var sharecardHome: String? { getenv("SHARECARD_HOME").map { String(cString: $0) } }

    /// The installed data folder beside the binary (symlinks resolved), whether or not it exists.
    static var installedShare: String {
        executableFolder.deletingLastPathComponent().appendingPathComponent("share/sharecard").standardizedFileURL.path
    }

    /// Folders that may hold the data folders, most specific first; worked out once (every
    /// data folder a command looks up would otherwise resolve the binary's path again).
    static let roots: [String] = {
        var result = [installedShare]
        if let home = sharecardHome, !home.isEmpty { result.append(home) }
        var folder = executableFolder
        for _ in 0..<4 {
            result.append(folder.path)
            folder = folder.deletingLastPathComponent()
        }
        result.append(FileManager.default.currentDirectoryPath)
        return result
    }()

    static func directory(_ name: String, override: String? = nil) throws -> String {
        if let override { return override }
        let candidates = roots.map { ($0 as NSString).appendingPathComponent(name) }
        var isDirectory: ObjCBool = false
        for c in candidates where FileManager.default.fileExists(atPath: c, isDirectory: &isDirectory) && isDirectory.boolValue {
            return c
        }
        throw CommandError("cannot find the \(name)/ folder (looked in: \(candidates.joined(separator: ", "))); install with scripts/install, pass --\(name) DIR, or set SHARECARD_HOME to the folder holding \(name)/")
    }

    /// The installed `BUILD` file's first line (the commit an install was made from), or nil
    /// when the binary does not run from an install.
    static func buildCommit() -> String? {
        var files = [(installedShare as NSString).appendingPathComponent("BUILD")]
        if let home = sharecardHome, !home.isEmpty {
            files.append((home as NSString).appendingPathComponent("BUILD"))
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
            let commit = line.trimmingCharacters(in: .whitespaces)
            if !commit.isEmpty { return commit }
        }
        return nil
    }

    static func fontLibrary(override: String? = nil) throws -> FontLibrary {
        let path = try directory("fonts", override: override)
        do { return try FontLibrary(directory: path) } catch { throw CommandError("\(error)") }
    }
}
