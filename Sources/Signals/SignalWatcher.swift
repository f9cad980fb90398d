import CSignal
import Caching
import Foundation

/// Runs handlers for POSIX signals on one ordinary thread of its own, so they may take locks,
/// allocate and call into Foundation. The signals are caught by a real handler that writes
/// their numbers into a pipe (CSignal), which this thread reads: no signal depends on thread
/// masks or on which thread the kernel delivers it to.
public final class SignalWatcher: Sendable {
    public typealias Handler = @Sendable (Int32) -> Void

    /// The process has one set of signal dispositions, so one watcher.
    public static let shared = SignalWatcher()

    private struct State {
        var handlers: [Int32: [Handler]] = [:]
        var reading = false
    }

    private let state = LockedValue(State())

    private init() {}

    /// Catches `number` from now on (its default action no longer happens) and runs `handler`
    /// on the watcher's thread each time it arrives, after the handlers added before it.
    /// Throws when the signal cannot be caught (SIGKILL, SIGSTOP, no descriptors left).
    public func watch(_ number: Int32, _ handler: @escaping Handler) throws {
        try state.withLock { state in
            if state.handlers[number] == nil, sc_signal_watch(number) != 0 {
                throw SignalWatchError(signal: number, code: errno)
            }
            state.handlers[number, default: []].append(handler)
            guard !state.reading else { return }
            state.reading = true
            let thread = Thread { [self] in read() }
            thread.name = "signals"
            thread.start()
        }
    }

    private func read() {
        while true {
            let number = sc_signal_wait()
            // The pipe is gone only if the process ran out of descriptors when first watching,
            // in which case no handler was installed and nothing can arrive.
            guard number > 0 else { return }
            let handlers = state.withLock { $0.handlers[number] ?? [] }
            for handler in handlers { handler(number) }
        }
    }
}

/// A signal that could not be caught.
public struct SignalWatchError: Error, CustomStringConvertible {
    public let signal: Int32
    public let code: Int32

    public var description: String {
        "cannot catch signal \(signal): \(String(cString: strerror(code)))"
    }
}
