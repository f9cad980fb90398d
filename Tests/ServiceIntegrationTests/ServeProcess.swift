import Foundation
import TestSupport
import XCTest

/// `sharecard serve` run as a process on copies of the repository's templates and palettes,
/// which a test may change before sending `SIGHUP`; standard error goes to a file the test
/// reads. Stopped and its folder removed when the test ends.
final class ServeProcess {
    let root: URL
    let templates: URL
    let palettes: URL
    let process = Process()
    let client: LoopbackHTTPClient
    private let log: URL

    init(_ test: XCTestCase) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("sharecard-reload-\(UUID().uuidString)")
        templates = root.appendingPathComponent("templates")
        palettes = root.appendingPathComponent("palettes")
        log = root.appendingPathComponent("serve.err")
        let root = root, process = process
        test.addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("templates"), to: templates)
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("palettes"), to: palettes)

        FileManager.default.createFile(atPath: log.path, contents: nil)
        let errors = try FileHandle(forWritingTo: log)
        defer { try? errors.close() }
        process.executableURL = try test.sharecardExecutable()
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0", "--workers", "1", "--quiet",
                             "--templates", templates.path, "--palettes", palettes.path]
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        test.addTeardownBlock { if process.isRunning { process.terminate(); process.waitUntilExit() } }

        let deadline = Date().addingTimeInterval(30)
        var port: Int?
        while port == nil, Date() < deadline, process.isRunning {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            port = text.components(separatedBy: "listening on http://127.0.0.1:").dropFirst().first
                .flatMap { Int($0.prefix(while: \.isNumber)) }
            if port == nil { usleep(20_000) }
        }
        guard let port else { throw ClientError(description: "serve did not start: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")") }
        client = try LoopbackHTTPClient(port: port)
    }

    /// Everything written to standard error so far.
    var stderrText: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// Waits up to 30 s until standard error holds `text` at least `occurrences` times.
    func waitFor(_ text: String, occurrences: Int = 1) -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if stderrText.components(separatedBy: text).count - 1 >= occurrences { return true }
            usleep(20_000)
        }
        return false
    }

    /// Sends `SIGHUP` and waits for the reload's own line: the `count`th success or failure.
    func reload(expecting outcome: String, count: Int) -> Bool {
        kill(process.processIdentifier, SIGHUP)
        return waitFor(outcome, occurrences: count)
    }

    /// The last line of standard error holding `text`.
    func lastLine(containing text: String) -> String {
        stderrText.split(separator: "\n").last { $0.contains(text) }.map(String.init) ?? ""
    }

    /// Stops the server as `SIGTERM` does and returns its exit status.
    func stop() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
