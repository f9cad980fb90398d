/// A data file's name and folder from its path as given, split at the last slash (the
/// kernel's reading, with no normalisation): the name is checked against the document's
/// `name`, and a template's images are found relative to the folder.
enum DataFilePath {
    /// What follows the last slash (the whole path when there is none).
    static func name(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// What precedes the last slash: `.` for a bare name, `/` for a name at the root.
    static func directory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
    }

    /// `directory/name`, with no second slash when `directory` ends with one.
    static func joining(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
