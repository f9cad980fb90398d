import Caching
import Foundation
import Signals

/// SIGINT and SIGTERM for the commands that write files.
///
/// Without `graceful`, a signal removes every temporary file being written and exits at
/// once with 128 + the signal number (130, 143), from a plain C handler (`ExitCleanup`): a
/// command that writes one file starts no thread for it. With `graceful` (batch), the signals
/// go to a `SignalWatcher` thread; the first only records a stop request, which the command
/// polls to finish cleanly, and a second one exits at once as above. Temporary files are
/// created, renamed and removed through `ExitCleanup`, so after the exit no temporary file
/// remains and none is renamed into place.
final class Interruption: Sendable {
    static let shared = Interruption()

    private struct State {
        var installed = false
        var graceful = false
        var onStopRequest: (@Sendable (Int32) -> Void)?
        var stopRequested: Int32?
    }

    private let state = LockedValue(State())

    private init() {}

    /// Takes over SIGINT and SIGTERM (a later call can only turn `graceful` on).
    /// `onStopRequest` runs on the first signal when graceful. When a signal cannot be caught
    /// it keeps its default action, which ends the process without the cleanup.
    func install(graceful: Bool = false, onStopRequest: (@Sendable (Int32) -> Void)? = nil) {
        let (watch, handle) = state.withLock { state -> (Bool, Bool) in
            if let onStopRequest { state.onStopRequest = onStopRequest }
            defer {
                state.installed = true
                state.graceful = state.graceful || graceful
            }
            return (graceful && !state.graceful, !graceful && !state.installed)
        }
        if handle {
            do { try ExitCleanup.installHandler() } catch {
                StandardError.write("sharecard: \(error); it will end the command without cleaning up\n")
            }
        }
        guard watch else { return }
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

    /// On the watcher's thread (graceful only).
    private func received(_ number: Int32) {
        let (first, onStopRequest) = state.withLock { state -> (Bool, (@Sendable (Int32) -> Void)?) in
            guard state.stopRequested == nil else { return (false, nil) }
            state.stopRequested = number
            return (true, state.onStopRequest)
        }
        guard first else { ExitCleanup.exit(signal: number) }
        onStopRequest?(number)
    }
}
