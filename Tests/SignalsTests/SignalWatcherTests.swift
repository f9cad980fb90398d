import Caching
import Foundation
import Signals
import XCTest

final class SignalWatcherTests: XCTestCase {
    /// A process-directed signal sent while every thread of the process leaves it unblocked
    /// (the case a handler set to SIG_IGN plus a signal source can lose) reaches the handlers,
    /// in the order they were added, on the watcher's own thread.
    /// (Run on the main thread by XCTest, so `main=false` shows the handler ran elsewhere.)
    func testProcessDirectedSignalReachesHandlersInOrder() throws {
        let seen = LockedValue<[String]>([])
        let done = DispatchSemaphore(value: 0)
        try SignalWatcher.shared.watch(SIGUSR1) { number in
            seen.withLock { $0.append("first \(number) main=\(Thread.isMainThread)") }
        }
        try SignalWatcher.shared.watch(SIGUSR1) { number in
            seen.withLock { $0.append("second \(number)") }
            done.signal()
        }
        var mask = sigset_t()
        pthread_sigmask(SIG_SETMASK, nil, &mask)
        XCTAssertEqual(sigismember(&mask, SIGUSR1), 0, "the test thread must not block the signal")
        kill(getpid(), SIGUSR1)
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(seen.withLock { $0 }, ["first \(SIGUSR1) main=false", "second \(SIGUSR1)"])
    }

    func testUncatchableSignalIsAnError() {
        XCTAssertThrowsError(try SignalWatcher.shared.watch(SIGKILL) { _ in }) { error in
            XCTAssertEqual((error as? SignalWatchError)?.signal, SIGKILL)
        }
    }
}
