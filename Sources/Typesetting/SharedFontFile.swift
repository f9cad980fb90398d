import Caching

/// One font file the manifest names, read the first time one of its faces is wanted and then
/// shared by all of them (the Noto Sans CJK collections hold ten faces each): the bytes are
/// mapped once, and a collection's family names are read once. A file that cannot be read is
/// remembered as failed and never retried.
final class SharedFontFile: Sendable {
    let path: String
    private let state = LockedValue<State>(State())

    private struct State {
        var file: Result<FontFile, FontError>?
        var names: [String]?
    }

    init(path: String) { self.path = path }

    /// The file, read on first use.
    func file() throws(FontError) -> FontFile {
        try state.withLock { (state: inout State) throws(FontError) -> FontFile in try Self.file(&state, path: path) }
    }

    private static func file(_ state: inout State, path: String) throws(FontError) -> FontFile {
        if let file = state.file { return try file.get() }
        let result = Result { () throws(FontError) -> FontFile in try FontFile(path: path) }
        state.file = result
        return try result.get()
    }

    /// The index of the face whose family name equals `family` (ignoring case); a file with one
    /// face answers 0 without reading its names.
    func faceIndex(ofFamily family: String) throws(FontError) -> Int {
        let names = try state.withLock { (state: inout State) throws(FontError) -> [String]? in
            let file = try Self.file(&state, path: path)
            if file.faceCount == 1 { return nil }
            if state.names == nil { state.names = file.familyNames() }
            return state.names
        }
        guard let names else { return 0 }
        return try FontFile.faceIndex(ofFamily: family, in: names, path: path)
    }
}
