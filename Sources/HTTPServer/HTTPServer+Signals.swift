import Caching
import Foundation
import Signals
#if canImport(Glibc)
import Glibc
#endif

extension HTTPServer {
    /// Shuts the server down gracefully on the first of `signals`, then calls `finish` (by
    /// default: exit with status 0). A second signal while shutting down exits at once with
    /// status 1. The signals' default actions are replaced by a handler (`SignalWatcher`) for
    /// the rest of the process. Call once, typically right after `start()`. Throws when a
    /// signal cannot be caught.
    public func shutdownOnSignals(_ signals: [Int32] = [SIGTERM, SIGINT],
                                  then finish: @escaping @Sendable () -> Void = { exit(0) }) throws {
        try signalHandling.install(signals) { [weak self] in
            self?.shutdown()
            finish()
        }
    }
}

/// The state behind `shutdownOnSignals`: whether a signal was already received.
final class SignalHandling: Sendable {
    private let received = LockedValue(false)

    func install(_ signals: [Int32], onFirst: @escaping @Sendable () -> Void) throws {
        for number in signals {
            try SignalWatcher.shared.watch(number) { [weak self] _ in
                guard let self else { return }
                let first = self.received.withLock { received -> Bool in
                    defer { received = true }
                    return !received
                }
                if first {
                    // shut down elsewhere, so a second signal is still heard on the watcher's thread
                    DispatchQueue.global().async(execute: onFirst)
                } else {
                    exit(1)
                }
            }
        }
    }
}
