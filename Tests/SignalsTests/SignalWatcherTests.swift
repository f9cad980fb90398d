import Caching
import Foundation
import Signals
import XCTest

final class SignalWatcherTests: XCTestCase {
    /// A signal sent to the process reaches the handlers, in the order they were added, on the
    /// watcher's own thread; the watching thread blocks it from then on, so the kernel hands it
    /// to the watcher's thread (waiting in read(2)) rather than to a busy one.
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
        XCTAssertEqual(sigismember(&mask, SIGUSR1), 1, "the watching thread blocks the signal")
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
