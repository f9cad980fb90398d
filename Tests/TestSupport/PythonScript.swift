import Foundation

/// A Python script run as an outside reference (`python3 -c`): `input` is written to its
/// standard input from another thread, so a script that answers while it reads cannot
/// deadlock on a full pipe.
public enum PythonScript {
    public static let defaultExecutable = "/usr/bin/python3"

    /// The script's exit status and standard output.
    public static func run(_ script: String, input: Data = Data(),
                           executable: String = defaultExecutable) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-c", script]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
