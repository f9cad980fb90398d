import Foundation
import TestSupport
import XCTest

/// The data folders are found from the running executable, however it was started: by a
/// bare name found on `PATH` (so `argv[0]` is just `sharecard`), from a folder holding no
/// data, with no `SHARECARD_HOME`.
final class ExecutableLocationTests: TemporaryDirectoryTestCase {
    func testABareNameFoundOnThePathFindsTheDataFolders() throws {
        let result = try ProcessRunner.run("/bin/sh", ["-c", "exec sharecard render --title 'Found on the path' -o card.png"],
                                           environment: ["PATH": BuildProducts.directory.path + ":/usr/bin:/bin"],
                                           in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let png = try Data(contentsOf: directory.appendingPathComponent("card.png"))
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }

    func testASymlinkToTheExecutableFindsTheDataFolders() throws {
        let link = directory.appendingPathComponent("linked-sharecard").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: Sharecard.executable.path)
        let result = try ProcessRunner.run(link, ["render", "--title", "Through a link", "-o", "card.png"],
                                           environment: ["PATH": "/usr/bin:/bin"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("card.png").path))
    }
}
