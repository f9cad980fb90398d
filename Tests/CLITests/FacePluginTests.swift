import Foundation
import XCTest

/// A `sharecard` without its face plug-in (`libsharecard-faces.so`, looked for beside the
/// executable and in ../lib/sharecard): commands that need faces fail with a message naming
/// the files tried; everything else works.
final class FacePluginTests: TemporaryDirectoryTestCase {
    /// A copy of the built executable alone in the test's folder, with the checkout's data.
    private func lonelyCopy() throws -> (binary: String, environment: [String: String]) {
        let binary = directory.appendingPathComponent("bin/sharecard")
        try FileManager.default.createDirectory(at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Sharecard.executable, to: binary)
        return (binary.path, ["SHARECARD_HOME": ProcessRunner.packageRoot.path, "PATH": "/usr/bin:/bin"])
    }

    private func assertNamesThePlugin(_ result: Sharecard.Result, binary: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.status, 1, result.stderr, file: file, line: line)
        let folder = URL(fileURLWithPath: binary).deletingLastPathComponent().path
        XCTAssertTrue(result.stderr.contains("face detector plug-in could not be loaded"), result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains("\(folder)/libsharecard-faces.so"), result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains("\(folder)/../lib/sharecard/libsharecard-faces.so"), result.stderr, file: file, line: line)
    }

    func testFacesWithoutThePluginIsAClearError() throws {
        let (binary, environment) = try lonelyCopy()
        let photo = FacesCommandTests.fixtures.appendingPathComponent("obama.png").path
        let r = try ProcessRunner.run(binary, ["faces", photo], environment: environment, in: directory)
        assertNamesThePlugin(r, binary: binary)
        XCTAssertEqual(r.stdout, Data())
    }

    func testAPhotoCardWithoutThePluginIsAClearErrorAndOtherCardsStillRender() throws {
        let (binary, environment) = try lonelyCopy()
        let photo = FacesCommandTests.fixtures.appendingPathComponent("obama.png").path
        let out = directory.appendingPathComponent("photo.png")
        let refused = try ProcessRunner.run(binary, ["render", "--title", "Hi", "--template", "photo", "--photo", photo, "-o", out.path],
                                            environment: environment, in: directory)
        assertNamesThePlugin(refused, binary: binary)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))

        let plain = directory.appendingPathComponent("plain.png")
        let rendered = try ProcessRunner.run(binary, ["render", "--title", "Hi", "-o", plain.path], environment: environment, in: directory)
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        XCTAssertEqual(PNGHeader(try Data(contentsOf: plain)), PNGHeader(width: 1024, height: 576))
    }

    /// The plug-in is found in an install's library folder, ../lib/sharecard from the binary.
    func testThePluginIsFoundInTheLibraryFolder() throws {
        let (binary, environment) = try lonelyCopy()
        let library = directory.appendingPathComponent("lib/sharecard")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Sharecard.productsDirectory.appendingPathComponent("libsharecard-faces.so"),
                                         to: library.appendingPathComponent("libsharecard-faces.so"))
        let photo = FacesCommandTests.fixtures.appendingPathComponent("obama.png").path
        let r = try ProcessRunner.run(binary, ["faces", photo, "--json"], environment: environment, in: directory)
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        XCTAssertEqual((json["faces"] as? [Any])?.count, 1)
    }
}
