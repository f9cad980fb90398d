import Foundation
import TestSupport
import XCTest

/// Runs the built `sharecard` executable, which SwiftPM puts in the products directory next
/// to the test bundle. Output goes to files, not pipes, so a large PNG on stdout can never
/// block the child while the test waits for it.
struct Sharecard {
    struct Result {
        let status: Int32
        let stdout: Data
        let stderr: String

        /// The lines written to standard error (without the final newline).
        var stderrLines: [Substring] { stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static var executable: URL { BuildProducts.directory.appendingPathComponent("sharecard") }

    /// This process's environment with an ANSI terminal in a UTF-8 locale (`TERM=xterm`,
    /// `LANG=C.UTF-8`, `LC_ALL` and `LC_CTYPE` removed), for tests of what a terminal shows:
    /// the progress bar is drawn for the terminal `TERM` and the locale name.
    static func terminalEnvironment() -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm"
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = nil
        environment["LC_CTYPE"] = nil
        return environment
    }

    /// Runs `sharecard arguments…` in `directory` with `stdin` as standard input (empty when nil).
    static func run(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil,
                    timeout: TimeInterval = 60) throws -> Result {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw Failure(description: "no sharecard executable at \(executable.path); build with `swift build --build-tests`")
        }
        return try ProcessRunner.run(executable.path, arguments, environment: nil, stdin: stdin ?? Data(),
                                     in: directory, timeout: timeout)
    }
}

/// A fresh directory per test, removed afterwards.
class TemporaryDirectoryTestCase: XCTestCase {
    private(set) var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("sharecard-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// Writes `text` to `name` in the test's directory and returns its path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// The names in `subdirectory` of the test's directory (hidden files included), sorted.
    func contents(of subdirectory: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(subdirectory).path).sorted()
    }

    /// Runs `sharecard arguments…` in the test's directory as an unprivileged user when the
    /// tests run as root (who reads and writes any file whatever its mode), through
    /// util-linux's setpriv.
    func runUnprivileged(_ arguments: [String]) throws -> Sharecard.Result {
        guard geteuid() == 0 else { return try Sharecard.run(arguments, in: directory) }
        return try ProcessRunner.run("/usr/bin/setpriv", ["--reuid", "65534", "--regid", "65534", "--clear-groups", "--",
                                                          Sharecard.executable.path] + arguments,
                                     environment: nil, in: directory)
    }
}
