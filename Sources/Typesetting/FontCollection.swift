import CHarfBuzz
import Foundation

/// Reads the faces of a font file (a `.ttc` collection holds several) without opening them
/// for rendering: only HarfBuzz's lazily loaded name tables are touched.
public enum FontCollection {
    /// The family name (typographic, else legacy) of every face in the file, by face index.
    public static func familyNames(path: String) throws(FontError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw .fileNotFound(path: path)
        }
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw .unreadableFont(path: path, reason: "the file cannot be read")
        }
        defer { hb_blob_destroy(blob) }
        let count = hb_face_count(blob)
        guard count > 0 else {
            throw .unreadableFont(path: path, reason: "not an OpenType font or font collection")
        }
        return (0..<count).map { index in
            let face = hb_face_create(blob, index)!
            defer { hb_face_destroy(face) }
            return openTypeName(face, id: 16) ?? openTypeName(face, id: 1) ?? ""
        }
    }

    /// The index of the face whose family name equals `family` (ignoring case).
    public static func faceIndex(ofFamily family: String, path: String) throws(FontError) -> Int {
        let names = try familyNames(path: path)
        guard let index = names.firstIndex(where: { $0.caseInsensitiveCompare(family) == .orderedSame }) else {
            throw .familyNotInCollection(path: path, family: family)
        }
        return index
    }
}

extension FontCollection {
    /// Whether the file's first face has colour bitmaps (a `CBDT` table), read from the table
    /// directory alone; nil when the file is not a font.
    static func hasColorBitmaps(path: String) -> Bool? {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
        defer { hb_blob_destroy(blob) }
        guard hb_face_count(blob) > 0, let face = hb_face_create(blob, 0) else { return nil }
        defer { hb_face_destroy(face) }
        return OpenTypeTable.exists(face, "CBDT")
    }
}
