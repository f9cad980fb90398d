import Foundation

/// Answers sent after a fixed delay, from a thread of their own: the `429`s of a full queue.
/// A client that retries at once in a loop would otherwise get an instant `429` (and a new
/// connection) thousands of times a second, and the server would spend its cores refusing it
/// instead of rendering; held for `delay` with its connection suspended, it costs nothing
/// and retries at the pace `Retry-After` asks for.
// @unchecked: `waiting` and `closed` are guarded by `condition`.
final class DelayedAnswers: @unchecked Sendable {
    let delay: Duration
    private let condition = NSCondition()
    private var waiting = FIFOQueue<(due: ContinuousClock.Instant, answer: @Sendable () -> Void)>()
    private var closed = false
    private var started = false
    private let finished = DispatchSemaphore(value: 0)

    init(delay: Duration) {
        self.delay = delay
    }

    func start() {
        condition.withLock { started = true }
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "http-delayed-answers"
        thread.start()
    }

    /// Runs `answer` after the delay; at once (on the caller's thread) when stopped.
    func schedule(_ answer: @escaping @Sendable () -> Void) {
        let now = ContinuousClock.now
        let accepted = condition.withLock { () -> Bool in
            guard started && !closed else { return false }
            waiting.append((now + delay, answer))
            if waiting.count == 1 { condition.signal() }
            return true
        }
        if !accepted { answer() }
    }

    /// Answers everything still waiting, now, and stops the thread.
    func stop() {
        let wasRunning = condition.withLock { () -> Bool in
            defer { closed = true }
            condition.signal()
            return started && !closed
        }
        if wasRunning { finished.wait() }
    }

    /// Requests waiting for their answer.
    var count: Int { condition.withLock { waiting.count } }

    private func run() {
        while true {
            condition.lock()
            while waiting.isEmpty && !closed { condition.wait() }
            guard let entry = waiting.first else {
                condition.unlock()
                return
            }
            let now = ContinuousClock.now
            if entry.due > now && !closed {
                let seconds = Double((entry.due - now).components.attoseconds) / 1e18
                    + Double((entry.due - now).components.seconds)
                _ = condition.wait(until: Date().addingTimeInterval(seconds))
                condition.unlock()
                continue
            }
            _ = waiting.removeFirst()
            condition.unlock()
            entry.answer()
        }
    }
}
