/// Text on standard error with write(2): no buffering to lose at exit, and a closed stderr
/// (EPIPE; SIGPIPE is ignored) is ignored instead of trapping as FileHandle.write does.
enum StandardError {
    static func write(_ text: String) {
        _ = Errno.writeAll(2, Array(text.utf8))
    }
}
