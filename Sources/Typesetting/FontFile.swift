import BufferText
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

    /// Reads the file at `path`; errors name it and say why: no such file, not a regular file
    /// (a FIFO would block the open until a writer came), unreadable, not a font.
    init(path: String) throws(FontError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            throw code == ENOENT ? .fileNotFound(path: path) : .unreadableFont(path: path, reason: Self.text(errno: code))
        }
        if let reason = FileKind.whyNotRegular(info.st_mode) { throw .unreadableFont(path: path, reason: reason) }
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            // Only a failure pays for asking why: the file went away, or may not be read.
            let code = access(path, R_OK) == 0 ? EIO : errno
            throw code == ENOENT ? .fileNotFound(path: path) : .unreadableFont(path: path, reason: Self.text(errno: code))
        }
        let count = Int(hb_face_count(blob))
        guard count > 0 else {
            hb_blob_destroy(blob)
            throw .unreadableFont(path: path, reason: "not an OpenType font or font collection")
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

    /// The family names face `faceIndex` gives itself: typographic (name ID 16) and legacy (1).
    func declaredFamilies(faceIndex: Int) -> [String] {
        let face = hb_face_create(blob, UInt32(faceIndex))!
        defer { hb_face_destroy(face) }
        return [openTypeName(face, id: 16), openTypeName(face, id: 1)].compactMap { $0 }
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

    /// What lies past the end of the file in face `faceIndex`'s table directory ("its 'glyf'
    /// table runs past the end of the file (30000 bytes); the file is cut short"), or nil
    /// when every table lies within it. A file cut short (a partial download) keeps its
    /// directory, so HarfBuzz and FreeType open it and its glyphs then draw as nothing,
    /// without an error; such a face is refused instead, and fallback goes past it.
    func truncation(faceIndex: Int) -> String? {
        let bytes = self.bytes
        func u32(_ at: Int) -> Int? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            return Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        let cut = "past the end of the file (\(bytes.count) bytes); the file is cut short"
        var directory = 0
        if u32(0) == 0x7474_6366 {  // 'ttcf': a collection, with an offset to each face's directory
            guard let offset = u32(12 + 4 * faceIndex) else { return "the collection's header runs \(cut)" }
            directory = offset
        }
        guard let count = u32(directory + 4).map({ $0 >> 16 }) else { return "its table directory runs \(cut)" }
        // Of the tables that do not fit, the one that starts first is where the file was cut.
        var first: (offset: Int, tag: Int)?
        for i in 0..<count {
            let record = directory + 12 + 16 * i
            guard let tag = u32(record), let offset = u32(record + 8), let length = u32(record + 12) else {
                return "its table directory runs \(cut)"
            }
            if offset + length > bytes.count, offset < first?.offset ?? .max { first = (offset, tag) }
        }
        guard let tag = first?.tag else { return nil }
        return "its '\(String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }, as: UTF8.self))' table runs \(cut)"
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

    /// Why nothing can be found at `path` (one `access` call): no such file, or the system's
    /// reason (a loop of symlinks, a folder that may not be searched); nil when something is there.
    static func absence(path: String) -> FontError? {
        guard access(path, F_OK) != 0 else { return nil }
        let code = errno
        return code == ENOENT ? .fileNotFound(path: path) : .unreadableFont(path: path, reason: text(errno: code))
    }

    private static func text(errno code: Int32) -> String { String(cString: strerror(code)) }
}
