#if canImport(Glibc)
import Glibc
#endif

/// A value shared between threads, reached only through `withLock`, behind a POSIX mutex.
///
/// The standard library's `Synchronization.Mutex` would serve, but on Linux it locks with
/// futex calls the thread sanitizer cannot see, so every access through it is reported as a
/// race and `scripts/sanitize thread` could never be clean (docs/testing.md). A pthread mutex
/// is understood by the sanitizer and costs the same when uncontended.
public final class LockedValue<Value> {
    @usableFromInline var value: Value
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock; `body` must not call `withLock` on
    /// the same value (the mutex is not recursive).
    @inlinable
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

// @unchecked: `value` is read and written only inside `withLock`, with `mutex` held.
extension LockedValue: @unchecked Sendable where Value: Sendable {}
