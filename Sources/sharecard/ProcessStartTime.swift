import Foundation

/// When a process started, in clock ticks after boot (field 22 of `/proc/PID/stat`). With its
/// id it names one process, where an id alone is reused: a container's entrypoint is PID 1 in
/// every run, and a host reuses ids as they wrap.
enum ProcessStartTime {
    /// This process's, read once; nil where `/proc` cannot be read.
    static let current: UInt64? = of(getpid())

    /// The start time of process `pid`, or nil when it does not exist or `/proc` cannot be read.
    static func of(_ pid: pid_t) -> UInt64? {
        let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        // "PID (COMMAND) STATE …": the command may hold spaces and parentheses, so fields are
        // counted from the last ')'; STATE is field 3, the start time field 22.
        let text = buffer[..<count]
        guard let parenthesis = text.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = text[(parenthesis + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count > 19 else { return nil }
        return UInt64(String(decoding: fields[19], as: UTF8.self))
    }
}
