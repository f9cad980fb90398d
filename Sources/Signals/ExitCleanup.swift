import CSignal
import Foundation

/// Temporary files that SIGINT or SIGTERM must not leave behind, and the exit that removes
/// them. The files are recorded in a fixed table (CSignal's `sc_cleanup`) that a plain C
/// signal handler can read, so a command that only writes files needs no thread to watch for
/// signals: the handler removes every recorded file and ends the process with 128 + the
/// signal (130, 143). A file is created, renamed into place and removed with the signals
/// blocked in its thread, and `exit(signal:)` waits for such a step under way in another
/// thread: once it has run, no temporary file remains and none is renamed into place.
public enum ExitCleanup {
    /// How many temporary files may exist at once.
    public static let capacity = Int(SC_CLEANUP_SLOTS)

    /// A temporary file created by `create`, until it is committed or discarded.
    public struct Temporary: Sendable {
        fileprivate let slot: Int32
        public let path: String
    }

    /// Why a temporary file could not be created or committed.
    public enum Failure: Error, Equatable, Sendable {
        /// A signal is ending the process.
        case exiting
        /// The system call's errno.
        case system(Int32)
    }

    /// Puts the cleanup handler on SIGINT and SIGTERM (replacing a `SignalWatcher`'s).
    public static func installHandler() throws(SignalWatchError) {
        guard sc_cleanup_install() == 0 else { throw SignalWatchError(signal: SIGINT, code: errno) }
    }

    /// Creates `path` (`O_CREAT | O_EXCL` added to `flags`) and records it; returns the open
    /// descriptor, which the caller closes. Fails with EMFILE when `capacity` files exist.
    public static func create(_ path: String, flags: Int32, mode: mode_t) -> Result<(fd: Int32, temporary: Temporary), Failure> {
        var slot: Int32 = -1
        let fd = sc_cleanup_create(path, flags, UInt32(mode), &slot)
        guard fd >= 0 else { return .failure(errno == ECANCELED ? .exiting : .system(errno)) }
        return .success((fd, Temporary(slot: slot, path: path)))
    }

    /// Renames the file to `target` and forgets it; on failure the file is removed.
    public static func commit(_ temporary: Temporary, to target: String) -> Failure? {
        switch sc_cleanup_commit(temporary.slot, target) {
        case 0: return nil
        case ECANCELED: return .exiting
        case let code: return .system(code)
        }
    }

    /// Removes the file and forgets it.
    public static func discard(_ temporary: Temporary) {
        sc_cleanup_discard(temporary.slot)
    }

    /// Removes every recorded file and ends the process with status 128 + `signal`, without
    /// running exit-time teardown (other threads may still be inside Foundation). For a thread
    /// that handles the signal itself, such as a `SignalWatcher` handler.
    public static func exit(signal: Int32) -> Never {
        sc_cleanup_exit(signal)
    }
}
