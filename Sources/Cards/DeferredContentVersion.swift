import Caching

/// A data file's version, the first 12 hex digits of the SHA-256 of its bytes (and of the
/// images it uses, in order), computed on first read and then kept. A one-card render never
/// reads its palette's or template's version, so it neither hashes them nor loads libcrypto
/// to do so (about 2 ms of CPU of the process's start); the server and `batch` read them for
/// cache keys and ETags, from several threads at once: the state is a `LockedValue`, as all
/// shared state is (ThreadSanitizer cannot see `Synchronization.Mutex`; docs/testing.md).
final class DeferredContentVersion: Sendable {
    private enum State {
        case pending([[UInt8]])
        case computed(String)
    }

    private let state: LockedValue<State>

    /// `parts` are hashed as one run of bytes; they are joined only when the version is read.
    init(hashing parts: [[UInt8]]) {
        state = LockedValue(.pending(parts))
    }

    var value: String {
        state.withLock { state in
            switch state {
            case .computed(let version):
                return version
            case .pending(let parts):
                let version = String(ContentHash.hex(Array(parts.joined())).prefix(12))
                state = .computed(version)
                return version
            }
        }
    }
}
