import Caching

/// One face the manifest lists, opened the first time something asks for it (HarfBuzz and
/// FreeType are untouched until then), so a program pays only for the faces it draws with.
/// A face that fails to open is remembered as failed and never retried.
final class FaceSlot: Sendable {
    /// Where the face is: a file, and either a face index or the family to find in a collection.
    let path: String
    private let faceIndex: Int?
    private let family: String
    private let names: CollectionNames
    private let state = LockedValue<Result<FontFace, FontError>?>(nil)
    private let colorProbe = LockedValue<Bool?>(nil)

    init(path: String, faceIndex: Int?, family: String, names: CollectionNames) {
        self.path = path
        self.faceIndex = faceIndex
        self.family = family
        self.names = names
    }

    /// The opened face, opening it on first use; the error when it cannot be opened.
    func open() throws(FontError) -> FontFace {
        try state.withLock { (state: inout Result<FontFace, FontError>?) throws(FontError) -> FontFace in
            if let state { return try state.get() }
            let result = Result { () throws(FontError) -> FontFace in
                let index: Int
                if let faceIndex {
                    index = faceIndex
                } else {
                    index = try names.faceIndex(ofFamily: family)
                }
                return try FontFace(path: path, faceIndex: index)
            }
            state = result
            return try result.get()
        }
    }

    /// The face, or nil when it cannot be opened.
    var face: FontFace? { try? open() }

    /// Whether the face draws colour bitmaps, known without opening it (from the file's
    /// table directory) so that emoji lookups can skip outline faces unopened.
    var isColorBitmap: Bool {
        if let face = openedFace { return face.isColorBitmap }
        return colorProbe.withLock { probe in
            if let probe { return probe }
            let value = FontCollection.hasColorBitmaps(path: path) ?? false
            probe = value
            return value
        }
    }

    /// The face if it is already open; never opens it.
    var openedFace: FontFace? {
        state.withLock { try? $0?.get() }
    }
}

/// The family names of one font file's faces, read once however many manifest entries name
/// faces of it (the Noto Sans CJK collections hold ten faces each).
final class CollectionNames: Sendable {
    let path: String
    private let names = LockedValue<Result<[String], FontError>?>(nil)

    init(path: String) { self.path = path }

    /// The index of the face whose family name equals `family` (ignoring case); a file with one
    /// face answers 0 without reading its names.
    func faceIndex(ofFamily family: String) throws(FontError) -> Int {
        let all = try names.withLock { (state: inout Result<[String], FontError>?) throws(FontError) -> [String] in
            if let state { return try state.get() }
            let result = Result { () throws(FontError) -> [String] in try FontCollection.familyNames(path: path) }
            state = result
            return try result.get()
        }
        if all.count == 1 { return 0 }
        guard let index = all.firstIndex(where: { $0.lowercased() == family.lowercased() }) else {
            throw .familyNotInCollection(path: path, family: family)
        }
        return index
    }
}
