import Foundation
import XCTest

/// `serve --signing-key-file`: keys read from a file (a systemd credential, a Kubernetes
/// Secret), one per line, instead of the command line.
final class SigningKeyFileTests: TemporaryDirectoryTestCase {
    /// Starts `serve` and returns standard error once it says it is listening (then stops the
    /// server), or once it has exited.
    func serveStartLine(_ extra: [String]) throws -> (exited: Bool, status: Int32, stderr: String) {
        let errURL = directory.appendingPathComponent("serve.err")
        try Data().write(to: errURL)
        let errors = try FileHandle(forWritingTo: errURL)
        defer { try? errors.close() }
        let process = Process()
        process.executableURL = Sharecard.executable
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0", "--workers", "1", "--quiet"] + extra
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
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
}
