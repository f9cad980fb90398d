import Caching
import Foundation
import Signals

/// SIGINT and SIGTERM for the commands that write files. The signals' default actions are
/// replaced by a handler (`SignalWatcher`), so handling runs on an ordinary thread and may
/// take locks.
///
/// Without `graceful`, a signal removes every temporary file being written and exits at
/// once with 128 + the signal number (130, 143). With `graceful` (batch), the first signal
/// only records a stop request, which the command polls to finish cleanly; a second one
/// exits at once as above. A temporary file is created and renamed under the same lock the
/// handler takes, so after the handler has run no temporary file can appear or be renamed.
final class Interruption: Sendable {
    static let shared = Interruption()

    private struct State {
        var installed = false
        var graceful = false
        var onStopRequest: (@Sendable (Int32) -> Void)?
        var stopRequested: Int32?
        var exiting = false
        var temporaries: Set<String> = []
    }

    private let state = LockedValue(State())

    private init() {}

    /// Takes over SIGINT and SIGTERM (once; a later call can only turn `graceful` on).
    /// `onStopRequest` runs on the first signal when graceful. When a signal cannot be caught
    /// (no descriptor left for the pipe) it keeps its default action, which ends the process
    /// without the cleanup.
    func install(graceful: Bool = false, onStopRequest: (@Sendable (Int32) -> Void)? = nil) {
        let first = state.withLock { state -> Bool in
            state.graceful = state.graceful || graceful
            if let onStopRequest { state.onStopRequest = onStopRequest }
            defer { state.installed = true }
            return !state.installed
        }
        guard first else { return }
        for number in [SIGINT, SIGTERM] {
            do {
                try SignalWatcher.shared.watch(number) { [self] number in received(number) }
            } catch {
                StandardError.write("sharecard: \(error); it will end the command without cleaning up\n")
            }
        }
    }

    /// The first signal received, when running gracefully.
    var stopRequested: Int32? { state.withLock { $0.stopRequested } }

    private func received(_ number: Int32) {
        let (exitNow, onStopRequest) = state.withLock { state -> (Bool, (@Sendable (Int32) -> Void)?) in
            if state.graceful, state.stopRequested == nil {
                state.stopRequested = number
                return (false, state.onStopRequest)
            }
            state.exiting = true
            for path in state.temporaries { unlink(path) }
            state.temporaries.removeAll()
            return (true, nil)
        }
        // _exit: other threads may still be inside Foundation, whose exit-time teardown is not safe then.
        if exitNow { _exit(128 + number) }
        onStopRequest?(number)
    }

    /// Runs `create` (which returns a file descriptor or -1 with errno set) and remembers
    /// `path` for removal on a signal. Fails with errno, or 0 once the process is exiting.
    func createTemporary(_ path: String, _ create: () -> Int32) -> Result<Int32, CreateFailure> {
        state.withLock { state in
            guard !state.exiting else { return .failure(CreateFailure(code: 0)) }
            let fd = create()
            guard fd >= 0 else { return .failure(CreateFailure(code: errno)) }
            state.temporaries.insert(path)
            return .success(fd)
        }
    }

    struct CreateFailure: Error {
        let code: Int32
    }

    /// Runs `commit` (a rename returning nil or errno) unless the process is exiting (0);
    /// the temporary file is forgotten, and removed if the commit failed.
    func commitTemporary(_ path: String, _ commit: () -> Int32?) -> Int32? {
        state.withLock { state in
            guard !state.exiting else { return 0 }
            let error = commit()
            if error != nil { unlink(path) }
            state.temporaries.remove(path)
            return error
        }
    }

    /// Removes a temporary file that will not be committed.
    func discardTemporary(_ path: String) {
        state.withLock { state in
            unlink(path)
            state.temporaries.remove(path)
        }
    }
}
