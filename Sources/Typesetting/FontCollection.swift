/// Reads the faces of a font file (a `.ttc` collection holds several) without opening them
/// for rendering: only HarfBuzz's lazily loaded name tables are touched.
public enum FontCollection {
    /// The family name (typographic, else legacy) of every face in the file, by face index.
    public static func familyNames(path: String) throws(FontError) -> [String] {
        try FontFile(path: path).familyNames()
    }

    /// The index of the face whose family name equals `family` (ignoring case).
    public static func faceIndex(ofFamily family: String, path: String) throws(FontError) -> Int {
        try FontFile.faceIndex(ofFamily: family, in: familyNames(path: path), path: path)
    }
}
