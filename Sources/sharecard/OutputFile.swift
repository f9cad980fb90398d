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
    let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UInt64.random(in: 0...UInt64.max)).tmp")
    guard FileManager.default.createFile(atPath: temporary.path, contents: Data(bytes)) else {
        throw CommandError("cannot write \(path): cannot create a file in \(directory.path)")
    }
    if rename(temporary.path, url.path) != 0 {
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(at: temporary)
        throw CommandError("cannot write \(path): \(reason)")
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
