/// Values left for the process's exit to reclaim instead of being released object by object
/// when a command returns: a command's renderer holds the font library's some 200 face slots
/// and their files, and releasing them after a one-card render cost 0.7 million instructions,
/// more than laying out the title.
enum ProcessLifetime {
    /// Keeps `value` alive until the process exits. Each call keeps one more value: call it for
    /// what a command makes once, never per request or per card.
    static func keep<Value>(_ value: Value) {
        _ = Unmanaged.passRetained(Holder(value))
    }

    private final class Holder<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
