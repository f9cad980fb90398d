import Foundation
import XCTest

/// `serve --signing-key-file`: keys read from a file (a systemd credential, a Kubernetes
/// Secret), one per line, instead of the command line.
final class SigningKeyFileTests: TemporaryDirectoryTestCase {
    /// Starts `serve` and returns standard error once it says it is listening (then stops the
    /// server), or once it has exited.
    func serveStartLine(_ extra: [String], environment: [String: String]? = nil) throws -> (exited: Bool, status: Int32, stderr: String) {
        let errURL = directory.appendingPathComponent("serve.err")
        try Data().write(to: errURL)
        let errors = try FileHandle(forWritingTo: errURL)
        defer { try? errors.close() }
        let process = Process()
        process.executableURL = Sharecard.executable
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0", "--workers", "1", "--quiet"] + extra
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new } }
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let text = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
            if !process.isRunning {
                process.waitUntilExit()
                return (true, process.terminationStatus, String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
            }
            if text.contains("listening on") {
                process.terminate()
                process.waitUntilExit()
                return (false, process.terminationStatus, text)
            }
            usleep(20_000)
        }
        process.terminate()
        process.waitUntilExit()
        throw Sharecard.Failure(description: "serve printed nothing within 30 s")
    }

    func testKeysFromAFileRequireSignedURLs() throws {
        let keys = try write("# rotated monthly\n\nfirst-key-0123456789abcdef\n  second-key-0123456789abcdef  \n", to: "keys")
        let r = try serveStartLine(["--signing-key-file", keys])
        XCTAssertFalse(r.exited, r.stderr)
        XCTAssertTrue(r.stderr.contains("listening on http://127.0.0.1:"), r.stderr)
        XCTAssertTrue(r.stderr.contains("signed URLs only"), r.stderr)

        let unsigned = try serveStartLine([])
        XCTAssertFalse(unsigned.stderr.contains("signed URLs only"), unsigned.stderr)
    }

    func testMissingEmptyAndShortKeyFilesAreErrors() throws {
        let empty = try write("# nothing yet\n\n", to: "empty")
        let short = try write("short\n", to: "short")
        for (file, status, message) in [(path("missing"), Int32(1), "cannot read the --signing-key-file"),
                                        (empty, 1, "holds no key"),
                                        (short, 2, "--signing-key must be at least 16 bytes")] {
            let r = try serveStartLine(["--signing-key-file", file])
            XCTAssertTrue(r.exited, "\(file): \(r.stderr)")
            XCTAssertEqual(r.status, status, r.stderr)
            XCTAssertTrue(r.stderr.contains(message), r.stderr)
        }
    }

    /// SHARECARD_SIGNING_KEYS holds keys as the file does, so they stay out of `ps`.
    func testKeysFromTheEnvironmentRequireSignedURLs() throws {
        let r = try serveStartLine([], environment: ["SHARECARD_SIGNING_KEYS": "# current\nenv-key-0123456789abcdef\n"])
        XCTAssertFalse(r.exited, r.stderr)
        XCTAssertTrue(r.stderr.contains("signed URLs only"), r.stderr)
        for (value, status, message) in [("\n# none\n", Int32(1), "SHARECARD_SIGNING_KEYS is set but holds no key"),
                                         ("short", 2, "--signing-key must be at least 16 bytes")] {
            let bad = try serveStartLine([], environment: ["SHARECARD_SIGNING_KEYS": value])
            XCTAssertTrue(bad.exited, bad.stderr)
            XCTAssertEqual(bad.status, status, bad.stderr)
            XCTAssertTrue(bad.stderr.contains(message), bad.stderr)
        }
    }

    /// --public-url and --cors-origin are checked before the server starts.
    func testPublicURLAndCORSOriginsAreValidatedAtStart() throws {
        for good in [["--public-url", "https://cards.example.com/"], ["--public-url", "http://127.0.0.1:8080/cards"],
                     ["--cors-origin", "https://app.example.com", "--cors-origin", "http://127.0.0.1:9000"], ["--cors-origin", "*"]] {
            let r = try serveStartLine(good)
            XCTAssertFalse(r.exited, "\(good): \(r.stderr)")
        }
        for (bad, message) in [(["--public-url", "cards.example.com"], "must be an absolute http:// or https:// URL"),
                               (["--public-url", "ftp://cards.example.com"], "must be an absolute http:// or https:// URL"),
                               (["--public-url", "https://cards.example.com/?a=1"], "must not have a query or fragment"),
                               (["--public-url", "https://user@cards.example.com"], "must not carry a user or password"),
                               (["--public-url", "https://cards.example.com/a b"], "printable ASCII without spaces"),
                               (["--cors-origin", "https://app.example.com/"], "is not an origin"),
                               (["--cors-origin", "HTTPS://App.example.com"], "is not an origin"),
                               (["--cors-origin", "null"], "is not an origin")] {
            let r = try serveStartLine(bad)
            XCTAssertTrue(r.exited, "\(bad): \(r.stderr)")
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertTrue(r.stderr.contains(message), "\(bad): \(r.stderr)")
        }
    }
}
