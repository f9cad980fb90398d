import Foundation

/// Writes bytes to a path atomically (a temporary file in the same directory, then rename),
/// so a reader never sees half a file; `-` writes to standard output.
func writeOutput(_ bytes: [UInt8], to path: String) throws {
    if path == "-" {
        FileHandle.standardOutput.write(Data(bytes))
        return
    }
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp").path
    // Plain POSIX calls: one file created, written and renamed into place.
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
        throw CommandError("cannot write \(path): \(String(cString: strerror(errno)))")
    }
    var written = 0
    let ok = bytes.withUnsafeBytes { raw -> Bool in
        while written < raw.count {
            let n = write(fd, raw.baseAddress! + written, raw.count - written)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            written += n
        }
        return true
    }
    let reason = String(cString: strerror(errno))
    close(fd)
    guard ok, rename(temporary, path) == 0 else {
        let why = ok ? String(cString: strerror(errno)) : reason
        unlink(temporary)
        throw CommandError("cannot write \(path): \(why)")
    }
}

/// Reads a file, or standard input for `-`.
func readInput(_ path: String) throws -> Data {
    if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
    guard let data = FileManager.default.contents(atPath: path) else {
        throw CommandError("cannot read \(path): no such file or not readable")
    }
    return data
}

/// A failure while running a command: printed on stderr, exit status 1.
struct CommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
