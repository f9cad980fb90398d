/// A path taken apart as the kernel reads it, at its slashes, with no normalisation: a data
/// file's name is checked against the document's `name`, a template's images are found beside
/// it, a font manifest beside its fonts, and an output file's extension picks its format.
/// (NSString's path methods did this on a one-card render's path, and their first use cost it
/// Foundation's NSString.)
public enum PathText {
    /// What follows the last slash (the whole path when there is none).
    public static func name(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// What precedes the last slash: `.` for a bare name, `/` for a name at the root.
    public static func directory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
    }

    /// `directory/name`, with no second slash when `directory` ends with one; `name` alone when
    /// `directory` is empty.
    public static func joining(_ directory: String, _ name: String) -> String {
        directory.isEmpty ? name : directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The extension of the last name in `path` (trailing slashes ignored): what follows its last
    /// dot, or "" when it has none, or only a leading one (`.png`, a hidden file's name), as
    /// NSString's `pathExtension` reads it.
    public static func fileExtension(of path: String) -> String {
        let bytes = path.utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == UInt8(ascii: "/") { end = bytes.index(before: end) }
        let start = bytes[..<end].lastIndex(of: UInt8(ascii: "/")).map { bytes.index(after: $0) } ?? bytes.startIndex
        guard let dot = bytes[start..<end].lastIndex(of: UInt8(ascii: ".")), dot != start else { return "" }
        return String(path[bytes.index(after: dot)..<end])
    }
}
