import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Hands memory the C allocator holds but no longer uses back to the system.
///
/// The PNG cache keeps thousands of 20–60 KB buffers alive while renders allocate and free
/// megabytes around them on the worker threads. glibc's per-thread arenas return only the
/// free space at their top, so evicted cards leave holes that stay resident: under the load
/// script's memory check (`bench/load/run.sh`, 100,000 requests, every other one a new card,
/// 32 MB cache) resident memory crept from 117 to 139 MB. `malloc_trim` after every quarter
/// of the cache's capacity is evicted keeps it between 108 and 122 MB, with no measurable
/// change in cards per second (docs/operations.md, "Load figures").
enum FreeMemory {
    /// glibc's `malloc_trim`, looked up at run time because Swift's Glibc module does not
    /// declare it; nil with another C library, where `release()` does nothing.
    private static let trim: (@convention(c) (Int) -> Int32)? = {
        guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()
    private static let running = NSLock()

    /// Returns the free pages of every arena to the system. Skipped while another thread is
    /// already doing it.
    static func release() {
        guard let trim, running.try() else { return }
        defer { running.unlock() }
        _ = trim(0)
    }
}
