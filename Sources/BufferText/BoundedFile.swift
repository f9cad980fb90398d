import Foundation

/// Reads a file whole (a palette, a template, a font manifest, a template's image) by path with
/// `open`, `fstat` and `read` into bytes: no `URL`, `FileManager` or `Data`, whose first uses
/// cost a one-card render about 0.1 ms. Only a regular file is read (a symlink is followed to one); a FIFO is not
/// waited on; a file over the limit is refused, even one that grows while it is read.
public enum BoundedFile {
    /// Why a file was not read.
    public enum Failure: Error, Equatable, Sendable {
        /// `open`, `fstat` or `read` failed with this `errno`.
        case system(Int32)
        /// The path names no regular file; its `stat` mode.
        case notRegular(mode_t)
        /// The file holds more than the limit: its size as stated or as read so far.
        case tooLarge(bytes: Int, limit: Int)

        /// A data file's wording, for a message after its path ("cannot read the file: it is a
        /// directory"); callers with other readers word the cases their own way.
        public var reason: String {
            switch self {
            case .system(let code): return "cannot read the file: \(BoundedFile.describe(code))"
            case .notRegular(let mode):
                return mode & S_IFMT == S_IFDIR ? "cannot read the file: it is a directory" : "cannot read the file: it is not a regular file"
            case .tooLarge(let bytes, let limit): return "the file is \(bytes) bytes, over the limit of \(limit)"
            }
        }
    }

    /// The file's bytes; refused when it has more than `maximumBytes`.
    public static func read(_ path: String, maximumBytes: Int) throws(Failure) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a writer.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { throw .system(errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notRegular(info.st_mode) }
        func tooLarge(_ size: Int) -> Failure { .tooLarge(bytes: size, limit: maximumBytes) }
        guard Int(info.st_size) <= maximumBytes else { throw tooLarge(Int(info.st_size)) }
        // One byte more than allowed, so a file that grew since fstat is still caught.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard bytes.count <= maximumBytes else { throw tooLarge(count) }
                bytes += repeatElement(0, count: min(bytes.count * 2, maximumBytes + 1) - bytes.count)
            }
            let n = bytes.withUnsafeMutableBytes { buffer in
                Foundation.read(fd, buffer.baseAddress! + count, buffer.count - count)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw .system(errno)
            }
            if n == 0 { break }
            count += n
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// The system's words for an `errno` value.
    public static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}
