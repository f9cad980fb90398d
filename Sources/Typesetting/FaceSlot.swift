import Caching

/// One face the manifest lists, opened the first time something asks for it (HarfBuzz and
/// FreeType are untouched until then), so a program pays only for the faces it draws with.
/// A face that fails to open is remembered as failed and never retried.
final class FaceSlot: Sendable {
    /// Where the face is: a file, and either a face index or the family to find in a collection.
    let file: SharedFontFile
    private let faceIndex: Int?
    private let family: String
    private let state: LockedValue<State>

    private struct State {
        var face: Result<FontFace, FontError>?
        var isColorBitmap: Bool?
        /// True for a face the manifest requires (its file was checked when the library loaded);
        /// for an optional one, whether its file exists, asked when a lookup first considers it.
        var isAvailable: Bool?
    }

    /// `optional`: the manifest allows the file to be absent; existence is checked on first need.
    init(file: SharedFontFile, faceIndex: Int?, family: String, optional: Bool) {
        self.file = file
        self.faceIndex = faceIndex
        self.family = family
        state = LockedValue(State(isAvailable: optional ? nil : true))
    }

    var path: String { file.path }

    /// Whether the face's file exists (an optional face's file may be absent: then the face is
    /// left out of every lookup, as if the manifest did not list it).
    var isAvailable: Bool {
        state.withLock { state in
            if let known = state.isAvailable { return known }
            let exists = FontFile.exists(path: file.path)
            state.isAvailable = exists
            return exists
        }
    }

    /// The opened face, opening it on first use; the error when it cannot be opened.
    func open() throws(FontError) -> FontFace {
        try state.withLock { (state: inout State) throws(FontError) -> FontFace in
            if let face = state.face { return try face.get() }
            let result = Result { () throws(FontError) -> FontFace in
                var index = faceIndex ?? 0
                if faceIndex == nil { index = try file.faceIndex(ofFamily: family) }
                return try FontFace(file: file.file(), faceIndex: index)
            }
            state.face = result
            return try result.get()
        }
    }

    /// Opens the face and checks that its file calls it by the family the manifest lists it
    /// under: a face filed under the wrong family would be drawn where another was asked for.
    /// For validation; rendering does not read a one-face file's names.
    func openChecked() throws(FontError) -> FontFace {
        let face = try open()
        let declared = try file.file().declaredFamilies(faceIndex: face.faceIndex)
        guard declared.isEmpty || declared.contains(where: { Self.names(family, $0) }) else {
            throw .familyMismatch(path: path, family: family, found: declared[0])
        }
        return face
    }

    /// Whether a face that calls its family `declared` belongs to `family`: the same name
    /// ignoring case, or, as a legacy family name (ID 1) of a weight beyond regular and bold
    /// reads, the name and style words ("Quicksand Medium", "Noto Sans Light Italic").
    static func names(_ family: String, _ declared: String) -> Bool {
        let name = family.lowercased(), text = declared.lowercased()
        guard text.hasPrefix(name) else { return false }
        let rest = text.dropFirst(name.count)
        guard !rest.isEmpty else { return true }
        guard rest.first == " " else { return false }
        return rest.split(separator: " ").allSatisfy { styleWords.contains(String($0)) }
    }

    private static let styleWords: Set<String> = [
        "thin", "hairline", "extralight", "ultralight", "extra", "ultra", "semi", "demi", "light", "regular", "book",
        "normal", "medium", "semibold", "demibold", "bold", "extrabold", "ultrabold", "black", "heavy", "italic",
        "oblique", "condensed", "semicondensed", "extracondensed", "expanded", "semiexpanded", "extraexpanded",
    ]

    /// The face, or nil when it cannot be opened.
    var face: FontFace? { try? open() }

    /// Whether the face draws colour bitmaps, known without opening it (from the file's
    /// table directory) so that emoji lookups can skip outline faces unopened.
    var isColorBitmap: Bool {
        state.withLock { state in
            if case .success(let face)? = state.face { return face.isColorBitmap }
            if let probe = state.isColorBitmap { return probe }
            let value = (try? file.file())?.hasColorBitmaps ?? false
            state.isColorBitmap = value
            return value
        }
    }

    /// Why the face could not be opened, once a lookup tried; never opens it.
    var openFailure: FontError? {
        state.withLock { state in
            if case .failure(let error)? = state.face { return error }
            return nil
        }
    }

    /// The face if it is already open; never opens it.
    var openedFace: FontFace? {
        state.withLock { try? $0.face?.get() }
    }
}
