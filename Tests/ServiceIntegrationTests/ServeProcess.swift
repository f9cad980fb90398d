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
    let client: LoopbackHTTPClient
    private let server: ServerProcess

    var process: Process { server.process }

    init(_ test: XCTestCase) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("sharecard-reload-\(UUID().uuidString)")
        templates = root.appendingPathComponent("templates")
        palettes = root.appendingPathComponent("palettes")
        let root = root
        test.addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("templates"), to: templates)
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("palettes"), to: palettes)
        server = try ServerProcess(test, executable: try test.sharecardExecutable(),
                                   arguments: ["--templates", templates.path, "--palettes", palettes.path],
                                   log: root.appendingPathComponent("serve.err"))
        client = try LoopbackHTTPClient(port: server.port)
    }

    /// Everything written to standard error so far.
    var stderrText: String { server.stderrText }

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
