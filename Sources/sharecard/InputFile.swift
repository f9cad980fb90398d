import Foundation

/// Reads a file the user named, whole: a regular file, or anything else that can be read to
/// its end (a FIFO, `/dev/stdin`, a process substitution's `/dev/fd/N`, a device), or standard
/// input for `-`. A directory is refused as one; every other failure says what the system
/// said (`No such file or directory`, `Permission denied`).
enum InputFile {
    enum Failure: Error {
        case unreadable(reason: String)
        /// More than the limit: `bytes` is a regular file's size, nil when reading went past
        /// the limit.
        case tooLarge(bytes: Int?, limit: Int)
    }

    /// The bytes at `path`, at most `maxBytes` of them (a stream is read no further than one
    /// byte past it).
    static func read(_ path: String, maxBytes: Int = Int.max) throws(Failure) -> Data {
        let fd = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw .unreadable(reason: Errno.text(errno)) }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(reason: Errno.text(errno)) }
        let regular = info.st_mode & S_IFMT == S_IFREG
        switch info.st_mode & S_IFMT {
        case S_IFDIR: throw .unreadable(reason: "it is a directory")
        case S_IFREG where Int(info.st_size) > maxBytes: throw .tooLarge(bytes: Int(info.st_size), limit: maxBytes)
        default: break
        }
        // A regular file's size is known; one byte more catches a file that grew since fstat.
        let limit = maxBytes == Int.max ? maxBytes : maxBytes + 1
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
}

/// Reads a file, or standard input for `-`, whole; a failure is a `CommandError` naming the
/// path and the reason.
func readInput(_ path: String) throws -> Data {
    do { return try InputFile.read(path) } catch {
        switch error {
        case .unreadable(let reason): throw CommandError("cannot read \(path): \(reason)")
        case .tooLarge(_, let limit): throw CommandError("cannot read \(path): more than \(limit) bytes")
        }
    }
}
