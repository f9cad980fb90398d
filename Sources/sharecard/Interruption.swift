import Caching
import Dispatch
import Foundation

/// SIGINT and SIGTERM for the commands that write files. The signals' default actions are
/// replaced by dispatch sources, so handling runs on an ordinary thread and may take locks.
///
/// Without `graceful`, a signal removes every temporary file being written and exits at
/// once with 128 + the signal number (130, 143). With `graceful` (batch), the first signal
/// only records a stop request, which the command polls to finish cleanly; a second one
/// exits at once as above. A temporary file is created and renamed under the same lock the
/// handler takes, so after the handler has run no temporary file can appear or be renamed.
final class Interruption: Sendable {
    static let shared = Interruption()

    // @unchecked: the signal sources are only kept here (so they stay alive), never touched again.
    private struct State: @unchecked Sendable {
        var sources: [DispatchSourceSignal] = []
        var graceful = false
        var onStopRequest: (@Sendable (Int32) -> Void)?
        var stopRequested: Int32?
        var exiting = false
        var temporaries: Set<String> = []
    }

    private let state = LockedValue(State())
    private let queue = DispatchQueue(label: "sharecard-signals")

    private init() {}

    /// Takes over SIGINT and SIGTERM (once; a later call can only turn `graceful` on).
    /// `onStopRequest` runs on the first signal when graceful.
    func install(graceful: Bool = false, onStopRequest: (@Sendable (Int32) -> Void)? = nil) {
        state.withLock { state in
            state.graceful = state.graceful || graceful
            if let onStopRequest { state.onStopRequest = onStopRequest }
            guard state.sources.isEmpty else { return }
            for number in [SIGINT, SIGTERM] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { [self] in received(number) }
                source.resume()
                state.sources.append(source)
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
