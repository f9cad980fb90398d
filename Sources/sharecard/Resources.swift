import Foundation
import Typesetting

/// Finds the project's data folders (`fonts/`, later `palettes/` and `templates/`): the
/// `--fonts` option, then `$SHARECARD_HOME/<name>`, then the source checkout the binary was
/// built in (`.build/<config>/sharecard` → the package root), then the working directory.
enum Resources {
    static func directory(_ name: String, override: String? = nil) throws -> String {
        if let override { return override }
        var candidates: [String] = []
        if let home = ProcessInfo.processInfo.environment["SHARECARD_HOME"] {
            candidates.append((home as NSString).appendingPathComponent(name))
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(folder.appendingPathComponent(name).path)
            folder = folder.deletingLastPathComponent()
        }
        candidates.append((FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(name))
        var isDirectory: ObjCBool = false
        for c in candidates where FileManager.default.fileExists(atPath: c, isDirectory: &isDirectory) && isDirectory.boolValue {
            return c
        }
        throw CommandError("cannot find the \(name)/ folder (looked in: \(candidates.joined(separator: ", "))); set SHARECARD_HOME")
    }

    static func fontLibrary(override: String? = nil) throws -> FontLibrary {
        let path = try directory("fonts", override: override)
        do { return try FontLibrary(directory: path) } catch { throw CommandError("\(error)") }
    }
}
