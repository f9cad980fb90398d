import Caching
import Dispatch
import XCTest

final class LockedValueTests: XCTestCase {
    /// Every increment from many threads is kept: the lock excludes, it does not just fence.
    func testIncrementsFromManyThreadsAreAllKept() {
        let counter = LockedValue(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        XCTAssertEqual(counter.withLock { $0 }, 80_000)
    }

    /// A thrown error leaves the lock released and the value as the body left it.
    func testThrowingBodyReleasesTheLock() {
        struct Refused: Error {}
        let value = LockedValue([1, 2])
        XCTAssertThrowsError(try value.withLock { (v: inout [Int]) throws(Refused) in
            v.append(3)
            throw Refused()
        })
        XCTAssertEqual(value.withLock { $0 }, [1, 2, 3])
    }
}
