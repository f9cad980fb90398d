import Foundation

/// Reads a data file (a palette, a template, a font manifest) by path with `open`, `fstat` and
/// `read` into bytes: no `URL`, `FileManager` or `Data`, whose first uses cost a one-card render
/// about 0.1 ms. Only a regular file is read (a symlink is followed to one); a FIFO is not
/// waited on; a file over the limit is refused, even one that grows while it is read.
public enum BoundedFile {
    /// Why a file was not read, worded for a message after its path.
    public struct Failure: Error, Equatable, Sendable {
        public let reason: String
    }

    /// The file's bytes; refused when it has more than `maximumBytes`.
    public static func read(_ path: String, maximumBytes: Int) throws(Failure) -> [UInt8] {
        func failure(_ reason: String) -> Failure { Failure(reason: reason) }
        // O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a writer.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { throw failure("cannot read the file: \(describe(errno))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure("cannot read the file: \(describe(errno))") }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw failure("cannot read the file: it is a directory")
        default: throw failure("cannot read the file: it is not a regular file")
        }
        func tooLarge(_ size: Int) -> Failure {
            failure("the file is \(size) bytes, over the limit of \(maximumBytes)")
        }
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
                throw failure("cannot read the file: \(describe(errno))")
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
