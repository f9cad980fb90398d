import Caching

/// Values left for the process's exit to reclaim instead of being released object by object
/// when a command returns: a command's renderer holds the font library's some 200 face slots
/// and their files, and releasing them after a one-card render cost 0.7 million instructions,
/// more than laying out the title.
enum ProcessLifetime {
    /// Keeps `value` alive until the process exits. Each call keeps one more value: call it for
    /// what a command makes once, never per request or per card.
    static func keep(_ value: some Sendable) {
        kept.withLock { $0.append(value) }
    }

    /// Held by a global rather than retained and forgotten, so that a leak checker (LeakSanitizer,
    /// valgrind) sees the values as reachable, not lost.
    private static let kept = LockedValue<[any Sendable]>([])
}
