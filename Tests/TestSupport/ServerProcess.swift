import Foundation
import XCTest

/// `sharecard serve` run as a process on an ephemeral port, its standard error going to `log`,
/// its port read from the "listening on" line it prints there. Stopped when the test ends.
public final class ServerProcess {
    public let process = Process()
    public let log: URL
    public let port: Int

    /// Starts `executable serve --host HOST --port 0 --workers 1 --quiet` followed by
    /// `arguments`, and waits up to 30 s for its port (on a line naming `host`, an IPv6 address
    /// in brackets); throws with the log when it never comes.
    public init(_ test: XCTestCase, executable: URL, arguments: [String], log: URL, host: String = "127.0.0.1") throws {
        self.log = log
        try Data().write(to: log)
        let errors = try FileHandle(forWritingTo: log)
        defer { try? errors.close() }
        let process = process
        process.executableURL = executable
        process.arguments = ["serve", "--host", host, "--port", "0", "--workers", "1", "--quiet"] + arguments
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        test.addTeardownBlock { if process.isRunning { process.terminate(); process.waitUntilExit() } }

        let deadline = Date().addingTimeInterval(30)
        var port: Int?
        while port == nil, Date() < deadline, process.isRunning {
            port = Self.listeningPort(in: (try? String(contentsOf: log, encoding: .utf8)) ?? "", host: host)
            if port == nil { usleep(20_000) }
        }
        guard let port else { throw ClientError(description: "serve did not start: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")") }
        self.port = port
    }

    /// Everything written to standard error so far.
    public var stderrText: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    static func listeningPort(in text: String, host: String) -> Int? {
        let authority = host.contains(":") ? "[\(host)]" : host
        return text.components(separatedBy: "listening on http://\(authority):").dropFirst().first.flatMap { Int($0.prefix(while: \.isNumber)) }
    }
}
