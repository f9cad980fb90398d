import Foundation

/// The photo origin for tests (Tests/PhotoFetchTests/origin_server.py) as a child process on
/// 127.0.0.1, at the free port it prints first; `stop()` (or deinit) ends it.
public final class PhotoOriginServer {
    public enum StartError: Error, CustomStringConvertible {
        case noPort(printed: String)
        public var description: String {
            switch self { case .noPort(let printed): return "the photo origin printed no port (got \"\(printed)\")" }
        }
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PhotoFetchTests/origin_server.py").path

    private let process = Process()
    public let port: Int
    /// The numeric address it listens on.
    public let host: String
    /// `http://127.0.0.1:PORT` (an IPv6 host in brackets).
    public var base: String { "http://\(host.contains(":") ? "[\(host)]" : host):\(port)" }

    /// Starts the origin on `host` (127.0.0.1, or ::1 where the machine has IPv6 loopback);
    /// `filesDirectory` is served under /files/.
    public init(filesDirectory: String? = nil, host: String = "127.0.0.1") throws {
        self.host = host
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.script] + (filesDirectory.map { [$0] } ?? [])
        process.environment = ProcessInfo.processInfo.environment.merging(["PHOTO_ORIGIN_HOST": host]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = pipe.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line += chunk
        }
        let printed = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let port = Int(printed) else {
            process.terminate()
            process.waitUntilExit()
            throw StartError.noPort(printed: printed)
        }
        self.port = port
    }

    public func stop() {
        if process.isRunning { process.terminate(); process.waitUntilExit() }
    }

    deinit { stop() }
}
