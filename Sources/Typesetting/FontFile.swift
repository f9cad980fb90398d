import CHarfBuzz
#if canImport(Glibc)
import Glibc
#endif

/// The bytes of one font file, read (mapped) once and shared by everything that needs them:
/// the collection's face count and family names, HarfBuzz's face and FreeType's face of every
/// face opened from it, so a face's file is opened once however many roles need it.
// Unchecked: the HarfBuzz blob is immutable once created and its reference count is atomic.
final class FontFile: @unchecked Sendable {
    let path: String
    /// Owned reference, destroyed in `deinit`.
    let blob: OpaquePointer
    /// Faces in the file: 1 for a `.ttf`/`.otf`, more for a `.ttc` collection.
    let faceCount: Int

    /// Reads the file at `path`; errors name it.
    init(path: String) throws(FontError) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            // Only a failure pays for telling a missing file from an unreadable one.
            throw Self.exists(path: path) && !Self.isDirectory(path: path)
                ? .unreadableFont(path: path, reason: "the file cannot be read")
                : .fileNotFound(path: path)
        }
        let count = Int(hb_face_count(blob))
        guard count > 0 else {
            hb_blob_destroy(blob)
            throw Self.isDirectory(path: path) ? .fileNotFound(path: path)
                : .unreadableFont(path: path, reason: "not an OpenType font or font collection")
        }
        self.path = path
        self.blob = blob
        self.faceCount = count
    }

    deinit { hb_blob_destroy(blob) }

    /// The file's bytes, valid while `self` lives (for FreeType's memory face).
    var bytes: UnsafeBufferPointer<UInt8> {
        var length: UInt32 = 0
        let data = hb_blob_get_data(blob, &length)
        return UnsafeBufferPointer(start: UnsafeRawPointer(data)?.assumingMemoryBound(to: UInt8.self), count: Int(length))
    }

    /// The family name (typographic, else legacy) of every face, by face index.
    func familyNames() -> [String] {
        (0..<faceCount).map { index in
            let face = hb_face_create(blob, UInt32(index))!
            defer { hb_face_destroy(face) }
            return openTypeName(face, id: 16) ?? openTypeName(face, id: 1) ?? ""
        }
    }

    /// The index in `names` (a file's `familyNames()`) of `family`, ignoring case.
    static func faceIndex(ofFamily family: String, in names: [String], path: String) throws(FontError) -> Int {
        let key = family.lowercased()
        guard let index = names.firstIndex(where: { $0.lowercased() == key }) else {
            throw .familyNotInCollection(path: path, family: family)
        }
        return index
    }

    /// Whether the first face has colour bitmaps (a `CBDT` table), from the table directory alone.
    var hasColorBitmaps: Bool {
        let face = hb_face_create(blob, 0)!
        defer { hb_face_destroy(face) }
        return OpenTypeTable.exists(face, "CBDT")
    }

    /// Whether something exists at `path` (one `access` call, no directory listing).
    static func exists(path: String) -> Bool {
        access(path, F_OK) == 0
    }

    private static func isDirectory(path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}
