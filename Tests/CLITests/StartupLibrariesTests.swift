import Foundation
import XCTest

/// The libraries every `sharecard` process loads before `main`, read from the dynamic loader
/// itself (`LD_TRACE_LOADED_OBJECTS=1` makes ld.so list what it would map, then exit).
/// Libraries only one command needs are opened on first use, so they must not be listed.
final class StartupLibrariesTests: XCTestCase {
    private func loadedObjects() throws -> String {
        let result = try ProcessRunner.run(Sharecard.executable.path, ["--help"],
                                           environment: ["LD_TRACE_LOADED_OBJECTS": "1", "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let listing = String(decoding: result.stdout, as: UTF8.self)
        XCTAssertTrue(listing.contains("libc.so"), "the loader listed nothing: \(listing)")
        return listing
    }

    func testLibcurlIsNotLoadedAtStartUp() throws {
        let listing = try loadedObjects()
        XCTAssertFalse(listing.contains("libcurl"), listing)
    }
}
