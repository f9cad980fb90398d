import Cards

/// libcrypto is opened on the first digest. The commands that hash (cache keys, the batch
/// journal, a photo's digest, signed URLs, content versions) ask first, so that a missing
/// library is a message naming it and its Debian package, before any work, not a stop midway.
enum HashingLibrary {
    static func require() throws {
        if let problem = ContentHash.libraryProblem() { throw CommandError(problem) }
    }
}
