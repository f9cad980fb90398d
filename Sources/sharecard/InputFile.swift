import BufferText
import Foundation
import Scene

/// Reads a file the user named: a regular file, or anything else that can be read (a FIFO,
/// `/dev/stdin`, a process substitution's `/dev/fd/N`, a device), or standard input for `-`.
/// Every read has a limit: a regular file over it is refused by its size before it is read,
/// a stream is read no further than one byte past it. A directory is refused as one; every
/// other failure says what the system said (`No such file or directory`, `Permission denied`).
enum InputFile {
    enum Failure: Error {
        case unreadable(reason: String)
        /// More than the limit: `bytes` is a regular file's size, nil when reading went past
        /// the limit.
        case tooLarge(bytes: Int?, limit: Int)
    }

    /// The bytes at `path`, at most `maxBytes` of them (a stream is read no further than one
    /// byte past it). With `regularFileOnly` (a path that came from data, not from the user:
    /// a batch line's photo), anything but a regular file is refused, before a FIFO could
    /// block the read waiting for a writer.
    static func read(_ path: String, maxBytes: Int, regularFileOnly: Bool = false) throws(Failure) -> Data {
        precondition(maxBytes >= 0 && maxBytes < Int.max, "every input read has a limit")
        let (fd, info) = try open(path, maxBytes: maxBytes, regularFileOnly: regularFileOnly)
        defer { if fd != STDIN_FILENO { close(fd) } }
        let regular = info.st_mode & S_IFMT == S_IFREG
        // A regular file's size is known; one byte more catches a file that grew since fstat.
        let limit = maxBytes + 1
        var data = Data(count: min(regular ? Int(info.st_size) + 1 : 64 << 10, limit))
        var count = 0
        while true {
            if count == data.count {
                guard count < limit else { throw .tooLarge(bytes: nil, limit: maxBytes) }
                data.count = min(data.count * 2, limit)
            }
            let n = data.withUnsafeMutableBytes { buffer in
                Foundation.read(fd, buffer.baseAddress! + count, buffer.count - count)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(reason: Errno.text(errno))
            }
            if n == 0 { break }
            count += n
        }
        data.count = count
        return data
    }

    /// `path` opened for reading (`-`: standard input, left open by the caller's `defer`),
    /// with its status; a directory, or a regular file larger than `maxBytes`, refused.
    static func open(_ path: String, maxBytes: Int, regularFileOnly: Bool = false) throws(Failure) -> (fd: Int32, info: stat) {
        if regularFileOnly, path == "-" { throw .unreadable(reason: "standard input is not a file") }
        // O_NONBLOCK: opening a FIFO without a writer returns at once, to be refused below.
        let fd = path == "-" ? STDIN_FILENO : Foundation.open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | (regularFileOnly ? O_NONBLOCK : 0))
        guard fd >= 0 else { throw .unreadable(reason: Errno.text(errno)) }
        var info = stat()
        var failure: Failure?
        if fstat(fd, &info) != 0 {
            failure = .unreadable(reason: Errno.text(errno))
        } else if regularFileOnly, let reason = FileKind.whyNotRegular(info.st_mode) {
            failure = .unreadable(reason: reason)
        } else if info.st_mode & S_IFMT == S_IFDIR {
            failure = .unreadable(reason: "it is a directory")
        } else if info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) > maxBytes {
            failure = .tooLarge(bytes: Int(info.st_size), limit: maxBytes)
        }
        if let failure {
            if fd != STDIN_FILENO { close(fd) }
            throw failure
        }
        return (fd, info)
    }
}

/// Reads a file, or standard input for `-`, whole, at most `maxBytes` of it; a failure is a
/// `CommandError` naming the path and the reason, and for one over the limit, `what` the file
/// holds (`an event`, `a scene`) and the limit.
func readInput(_ path: String, maxBytes: Int, what: String) throws -> Data {
    do { return try InputFile.read(path, maxBytes: maxBytes) } catch {
        throw CommandError(InputFile.message(error, path: path, what: what))
    }
}

extension InputFile {
    /// How a message names the input at `path`: `-` is standard input, `<stdin>`.
    static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    /// The one-line message for `failure` reading `path`, which holds `what`.
    static func message(_ failure: Failure, path: String, what: String) -> String {
        let name = displayName(path)
        switch failure {
        case .unreadable(let reason): return "cannot read \(shown: name): \(reason)"
        case .tooLarge(let bytes?, let limit): return "\(shown: name): \(what) is \(bytes) bytes, over the limit of \(limit)"
        case .tooLarge(nil, let limit): return "\(shown: name): \(what) is more than the limit of \(limit) bytes (read no further)"
        }
    }
}
