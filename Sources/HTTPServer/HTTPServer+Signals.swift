import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension HTTPServer {
    /// Shuts the server down gracefully on the first of `signals`, then calls `finish` (by
    /// default: exit with status 0). A second signal while shutting down exits at once with
    /// status 1. The signals' default actions are disabled; the handlers live as long as the
    /// server. Call once, typically right after `start()`.
    public func shutdownOnSignals(_ signals: [Int32] = [SIGTERM, SIGINT],
                                  then finish: @escaping @Sendable () -> Void = { exit(0) }) {
        signalHandling.install(signals) { [weak self] in
            self?.shutdown()
            finish()
        }
    }
}

/// The dispatch sources behind `shutdownOnSignals`.
// @unchecked: `sources` and `received` are guarded by `lock`.
final class SignalHandling: @unchecked Sendable {
    private let lock = NSLock()
    private var sources: [DispatchSourceSignal] = []
    private var received = false
    private let queue = DispatchQueue(label: "http-server-signals")

    func install(_ signals: [Int32], onFirst: @escaping @Sendable () -> Void) {
        lock.withLock {
            for number in signals {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { [weak self] in
                    guard let self else { return }
                    let first = self.lock.withLock { () -> Bool in
                        defer { self.received = true }
                        return !self.received
                    }
                    if first {
                        // shut down elsewhere, so a second signal is still heard here
                        DispatchQueue.global().async(execute: onFirst)
                    } else {
                        exit(1)
                    }
                }
                source.resume()
                sources.append(source)
            }
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
