import Dispatch

/// Holds request handlers so a test can fill workers and queues: `pass()` (called by a
/// handler) signals its arrival, then waits (at most 20 s) for `open()`.
// @unchecked: its only state is two semaphores, which are thread-safe.
public final class Gate: @unchecked Sendable {
    private let entered = DispatchSemaphore(value: 0)
    private let release = DispatchSemaphore(value: 0)

    public init() {}

    public func pass() {
        entered.signal()
        _ = release.wait(timeout: .now() + 20)
    }

    /// Waits (at most `seconds`) for one handler to arrive.
    public func waitForEntry(_ seconds: Double = 10) -> Bool {
        entered.wait(timeout: .now() + seconds) == .success
    }

    public func open(_ count: Int = 1) {
        for _ in 0..<count { release.signal() }
    }
}
