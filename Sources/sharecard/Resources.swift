import BufferText
import Foundation
import Typesetting

/// Finds the data folders (`fonts/`, `palettes/`, `templates/`, `web/`). In order: the
/// command's own option (`--fonts` …); an installed layout beside the binary
/// (`<prefix>/bin/sharecard` → `<prefix>/share/sharecard/<name>`), so a copied install
/// needs no environment; `$SHARECARD_HOME/<name>`; the source checkout the binary was built
/// in (`.build/<config>/sharecard` → the package root); the working directory.
enum Resources {
    /// The binary's folder, symlinks resolved; worked out once. The kernel's link to the
    /// running file comes first: `argv[0]` is what the caller typed, and a bare name found on
    /// `PATH` says nothing about the folder. `realpath` and `getcwd` rather than `URL`, whose
    /// symlink resolution and standardising cost a render about 0.6 million instructions.
    private static let executableFolder: String = {
        if let running = realpath("/proc/self/exe", nil) {
            defer { free(running) }
            return PathText.directory(of: String(cString: running))
        }
        let invoked = CommandLine.arguments.first ?? ""
        let absolute = invoked.hasPrefix("/") ? invoked : PathText.joining(currentDirectory, invoked)
        guard let resolved = realpath(absolute, nil) else { return PathText.directory(of: absolute) }
        defer { free(resolved) }
        return PathText.directory(of: String(cString: resolved))
    }()

    private static var currentDirectory: String {
        guard let cwd = getcwd(nil, 0) else { return "." }
        defer { free(cwd) }
        return String(cString: cwd)
    }

    /// `$SHARECARD_HOME`, read alone: `ProcessInfo`'s environment copies every variable
    /// into a dictionary first (about 1 % of a one-card render).
    private static var sharecardHome: String? { getenv("SHARECARD_HOME").map { String(cString: $0) } }

    /// The installed data folder beside the binary (symlinks resolved), whether or not it exists.
    static var installedShare: String {
        PathText.joining(PathText.directory(of: executableFolder), "share/sharecard")
    }

    /// Folders that may hold the data folders, most specific first, each once (a binary near
    /// `/` climbs to `/` more than once; the working directory is often the binary's folder);
    /// worked out once (every data folder a command looks up would otherwise resolve the
    /// binary's path again).
    static let roots: [String] = {
        var candidates = [installedShare]
        if let home = sharecardHome, !home.isEmpty { candidates.append(home) }
        var folder = executableFolder
        for _ in 0..<4 {
            candidates.append(folder)
            folder = PathText.directory(of: folder)
        }
        candidates.append(currentDirectory)
        return uniqueFolders(candidates)
    }()

    /// `folders` in order without repeats, a trailing `/` not counting (`/tmp/` is `/tmp`).
    static func uniqueFolders(_ folders: [String]) -> [String] {
        var seen = Set<String>()
        return folders.filter { folder in
            var key = folder
            while key.count > 1, key.hasSuffix("/") { key.removeLast() }
            return seen.insert(key).inserted
        }
    }

    static func directory(_ name: String, override: String? = nil) throws -> String {
        if let override { return override }
        let candidates = roots.map { PathText.joining($0, name) }
        for c in candidates {
            var info = stat()
            if stat(c, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return c }
        }
        throw CommandError("cannot find the \(name)/ folder (looked in: \(candidates.joined(separator: ", "))); install with scripts/install, pass --\(name) DIR, or set SHARECARD_HOME to the folder holding \(name)/")
    }

    /// The installed `BUILD` file's first line (the commit an install was made from), or nil
    /// when the binary does not run from an install.
    static func buildCommit() -> String? {
        var files = [PathText.joining(installedShare, "BUILD")]
        if let home = sharecardHome, !home.isEmpty {
            files.append(PathText.joining(home, "BUILD"))
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
