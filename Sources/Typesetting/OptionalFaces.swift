import Caching

/// The optional part of a fonts directory's manifest (`fallback.json`): read, checked and its
/// faces registered the first time something needs it, exactly once however many threads ask
/// at the same moment (the others wait for the first). A part that cannot be loaded is
/// remembered with its error and never read again.
final class OptionalFaces: Sendable {
    /// The part's file.
    let path: String
    private let first: FontManifest
    private let registry: FaceRegistry
    private let directory: String
    private let state: LockedValue<Result<FaceRegistry, FontError>?>

    /// `first` is `fonts.json` as loaded and `registry` its faces; `path` the file it names.
    init(path: String, after first: FontManifest, registry: FaceRegistry, directory: String) {
        self.path = path
        self.first = first
        self.registry = registry
        self.directory = directory
        state = LockedValue(nil)
    }

    /// The faces of `fonts.json` and the optional part together (the part's entries after
    /// `fonts.json`'s, the same entries), loading the part on the first call.
    func load() -> Result<FaceRegistry, FontError> {
        state.withLock { state in
            if let known = state { return known }
            let result = Result { () throws(FontError) -> FaceRegistry in
                let whole = try first.appendingOptionalPart(path: path)
                return try FaceRegistry(manifest: whole, directory: directory,
                                        existing: registry.entries, files: registry.files)
            }
            state = result
            return result
        }
    }

    /// The faces of both parts if the optional part has been loaded; never loads it.
    var loaded: FaceRegistry? {
        state.withLock { try? $0?.get() }
    }

    /// The error of a load that failed; nil before the first load and after one that worked.
    var failure: FontError? {
        state.withLock { state in
            if case .failure(let error)? = state { return error }
            return nil
        }
    }
}
