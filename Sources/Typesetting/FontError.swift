import UnicodeText

/// Why a font, a font directory or its manifest could not be loaded. Every case names the file.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The fonts directory does not exist.
    case directoryNotFound(path: String)
    /// The path names something that is not a directory (a file, a device).
    case notADirectory(path: String)
    /// A font file listed (or asked for) does not exist.
    case fileNotFound(path: String)
    /// The file cannot be opened, or is not a font HarfBuzz and FreeType can open: `reason` says which.
    case unreadableFont(path: String, reason: String)
    /// The face index is beyond the number of faces in the file (a collection has several).
    case faceIndexOutOfRange(path: String, index: Int, faceCount: Int)
    /// No face of the collection has the requested family name.
    case familyNotInCollection(path: String, family: String)
    /// The manifest (`fonts.json`) is missing, malformed or inconsistent.
    case invalidManifest(path: String, reason: String)
    /// The face the manifest files under `family` names another family (`found`) in its
    /// file: found by validation, since rendering does not read a one-face file's names.
    case familyMismatch(path: String, family: String, found: String)

    public var description: String {
        switch self {
        case .directoryNotFound(let path):
            return "fonts directory not found: \(QuotedValue.shown(path))"
        case .notADirectory(let path):
            return "fonts directory \(QuotedValue.shown(path)) is not a directory"
        case .fileNotFound(let path):
            return "font file not found: \(path)"
        case .unreadableFont(let path, let reason):
            return "cannot read font \(path): \(reason)"
        case .faceIndexOutOfRange(let path, let index, let count):
            return "font \(path) has \(count) face(s); face index \(index) does not exist"
        case .familyNotInCollection(let path, let family):
            return "font collection \(path) has no face of family \"\(family)\""
        case .invalidManifest(let path, let reason):
            return "invalid font manifest \(path): \(reason)"
        case .familyMismatch(let path, let family, let found):
            return "font \(path) is of family \"\(found)\", but the manifest lists it as \"\(family)\""
        }
    }
}
