import Foundation
import XCTest

/// `serve` where libmicrohttpd cannot be loaded: a clear message on stderr and exit status 1,
/// never a crash. The library is hidden in a private mount namespace, where its file is bound
/// to /dev/null (so dlopen finds it and refuses it); that needs root, and the test is skipped
/// where `unshare --mount` is not allowed.
final class ServeWithoutMicroHTTPDTests: TemporaryDirectoryTestCase {
    private static let candidates = ["/usr/lib/x86_64-linux-gnu/libmicrohttpd.so.12", "/lib/x86_64-linux-gnu/libmicrohttpd.so.12",
                                     "/usr/lib/aarch64-linux-gnu/libmicrohttpd.so.12", "/usr/lib64/libmicrohttpd.so.12"]

    func testServeWithoutLibmicrohttpdNamesItAndThePackage() throws {
        let unshare = "/usr/bin/unshare"
        guard FileManager.default.isExecutableFile(atPath: unshare),
              try ProcessRunner.run(unshare, ["--mount", "/bin/true"], environment: [:]).status == 0 else {
            throw XCTSkip("unshare --mount is not allowed here")
        }
        let library = try XCTUnwrap(Self.candidates.first { FileManager.default.fileExists(atPath: $0) }, "libmicrohttpd.so.12 not found")
        let script = #"mount --bind /dev/null "$1" && shift && exec "$@""#
        let r = try ProcessRunner.run(unshare, ["--mount", "/bin/sh", "-c", script, "sh", library,
                                                Sharecard.executable.path, "serve", "--host", "127.0.0.1", "--port", "0"],
                                      environment: ["SHARECARD_HOME": ProcessRunner.packageRoot.path, "PATH": "/usr/bin:/bin"],
                                      in: directory, timeout: 30)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("sharecard serve: cannot start the HTTP server: libmicrohttpd could not be loaded "
                                         + "(tried libmicrohttpd.so.12): "), r.stderr)
        XCTAssertTrue(r.stderr.contains("libmicrohttpd.so.12: file too short"), r.stderr)
        XCTAssertTrue(r.stderr.contains("it comes with the Debian package libmicrohttpd12"), r.stderr)
        XCTAssertEqual(r.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }.count, 1, r.stderr)
    }
}
