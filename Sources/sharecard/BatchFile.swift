import Cards
import Foundation

/// Reads a batch's JSON-lines file (`-`: standard input) as a stream, 64 KiB at a time, so
/// that no input, however long (`/dev/zero`, a FIFO fed forever), is held whole:
///
/// - a line may be up to `maximumLineBytes`, an event's limit; a longer one is kept only as
///   "over the limit" (its bytes are skipped, not stored) and fails on its own, as any bad
///   line does, while the others go on;
/// - the file may be up to `maximumBytes` and `maximumLines`; past either, reading stops and
///   the batch is refused before anything is rendered.
enum BatchFile {
    static let maximumLineBytes = EventDecoder.defaultMaximumBytes
    static let maximumBytes = 256 << 20
    static let maximumLines = 1_000_000

    /// The non-blank lines of the file at `path`, with their 1-based numbers.
    static func lines(_ path: String) throws -> [BatchInput.Line] {
        let what = "a batch file"
        let fd: Int32
        do { fd = try InputFile.open(path, maxBytes: maximumBytes).fd } catch {
            throw CommandError(InputFile.message(error, path: path, what: what))
        }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var reader = Reader()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var total = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw CommandError(InputFile.message(.unreadable(reason: Errno.text(errno)), path: path, what: what))
            }
            if n == 0 { break }
            total += n
            guard total <= maximumBytes else {
                throw CommandError(InputFile.message(.tooLarge(bytes: nil, limit: maximumBytes), path: path, what: what))
            }
            try chunk.withUnsafeBytes { bytes in
                var start = 0
                while start < n, let newline = memchr(bytes.baseAddress! + start, 0x0A, n - start) {
                    let end = bytes.baseAddress!.distance(to: UnsafeRawPointer(newline))
                    reader.append(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                    try reader.endLine(path: path)
                    start = end + 1
                }
                reader.append(UnsafeRawBufferPointer(rebasing: bytes[start..<n]))
            }
        }
        if !reader.current.isEmpty || reader.isOverLimit { try reader.endLine(path: path) }
        return reader.lines
    }

    /// The line being read and the lines read so far.
    private struct Reader {
        var lines: [BatchInput.Line] = []
        var current: [UInt8] = []
        var isOverLimit = false
        var number = 1

        mutating func append(_ bytes: UnsafeRawBufferPointer) {
            guard !isOverLimit else { return }
            if current.count + bytes.count > BatchFile.maximumLineBytes {
                isOverLimit = true
                current = []
            } else {
                current.append(contentsOf: bytes)
            }
        }

        mutating func endLine(path: String) throws {
            guard number <= BatchFile.maximumLines else {
                throw CommandError("\(shown: InputFile.displayName(path)): a batch file has more than \(BatchFile.maximumLines) lines, over the limit (split it into several batches)")
            }
            if isOverLimit {
                lines.append(BatchInput.Line(number: number, text: Data(), isOverLimit: true))
            } else if !current.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                lines.append(BatchInput.Line(number: number, text: Data(current)))
            }
            current.removeAll(keepingCapacity: true)
            isOverLimit = false
            number += 1
        }
    }
}
