import Foundation
import XCTest

/// Runs any program, with an exact environment for tests that must control PATH,
/// LD_LIBRARY_PATH or SHARECARD_HOME (nothing inherited but the sanitizers' options, so that
/// under scripts/sanitize a sanitized child reports where the suite's reports go, with the
/// suite's settings), or with this process's environment when `environment` is nil. Output
/// goes to files, not pipes, so a large PNG on stdout can never block the child while the
/// test waits for it.
enum ProcessRunner {
    static let sanitizerVariables = ["ASAN_OPTIONS", "UBSAN_OPTIONS", "TSAN_OPTIONS", "LSAN_OPTIONS"]

    static func run(_ executable: String, _ arguments: [String], environment: [String: String]?,
                    stdin: Data = Data(), in directory: URL? = nil, timeout: TimeInterval = 60) throws -> Sharecard.Result {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sharecard-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inURL = scratch.appendingPathComponent("stdin"), outURL = scratch.appendingPathComponent("stdout"),
            errURL = scratch.appendingPathComponent("stderr")
        try stdin.write(to: inURL)
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let input = try FileHandle(forReadingFrom: inURL), output = try FileHandle(forWritingTo: outURL),
            errors = try FileHandle(forWritingTo: errURL)
        defer { try? input.close(); try? output.close(); try? errors.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if var environment {
            for name in Self.sanitizerVariables where environment[name] == nil {
                environment[name] = ProcessInfo.processInfo.environment[name]
            }
            process.environment = environment
        }
        if let directory { process.currentDirectoryURL = directory }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                // SIGTERM, then SIGKILL: a command stuck in a card in flight (a batch blocked
                // on a FIFO) finishes that card before it stops, which may be never.
                process.terminate()
                let killAt = Date().addingTimeInterval(5)
                while process.isRunning && Date() < killAt { usleep(5_000) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                process.waitUntilExit()
                throw Sharecard.Failure(description: "\((executable as NSString).lastPathComponent) \(arguments.joined(separator: " ")) ran longer than \(timeout) s")
            }
            usleep(5_000)
        }
        process.waitUntilExit()
        return Sharecard.Result(status: process.terminationStatus, stdout: try Data(contentsOf: outURL),
                                stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// The package root (this file is Tests/CLITests/ProcessRunner.swift).
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}
