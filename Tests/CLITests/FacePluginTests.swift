import Foundation
import TestSupport
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

    /// A plug-in from before the classifier pool: the same options struct, but its
    /// sc_faces_detector_create takes other arguments and it has no sc_faces_detector_pool.
    /// The loader refuses it by the missing entry point instead of calling it wrongly.
    func testAPluginFromBeforeThePoolIsRefused() throws {
        let (binary, environment) = try lonelyCopy()
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") + ["/usr/bin"]
        guard let compiler = paths.flatMap({ ["\($0)/clang", "\($0)/cc"] }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("no C compiler on PATH")
        }
        let source = directory.appendingPathComponent("old_plugin.c")
        try Data("""
            #include "sc_faces.h"
            size_t sc_faces_options_size(void) { return sizeof(sc_faces_options); }
            int old_create(const char *frontal, const char *profile, sc_faces_detector **out, char *err, size_t size)
                __asm__("sc_faces_detector_create");
            int old_create(const char *frontal, const char *profile, sc_faces_detector **out, char *err, size_t size) { return -1; }
            void sc_faces_detector_destroy(sc_faces_detector *detector) {}
            int sc_faces_detect(sc_faces_detector *d, const uint8_t *p, size_t n, int32_t w, int32_t h, size_t s,
                                const sc_faces_options *o, sc_face_rect *r, size_t c, size_t *count, char *e, size_t es) { return -1; }
            """.utf8).write(to: source)
        let plugin = URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent("libsharecard-faces.so")
        let include = ProcessRunner.packageRoot.appendingPathComponent("Sources/CFaces/include").path
        let built = try ProcessRunner.run(compiler, ["-shared", "-fPIC", "-I", include, source.path, "-o", plugin.path],
                                          environment: nil, in: directory)
        XCTAssertEqual(built.status, 0, built.stderr)
        let photo = FacesCommandTests.fixtures.appendingPathComponent("obama.png").path
        let r = try ProcessRunner.run(binary, ["faces", photo], environment: environment, in: directory)
        assertNamesThePlugin(r, binary: binary)
        XCTAssertTrue(r.stderr.contains("\(plugin.path) has no sc_faces_detector_pool"), r.stderr)
    }

    /// The plug-in is found in an install's library folder, ../lib/sharecard from the binary; it
    /// finds faces without libsharecard-faces-opencv.so beside it (OpenCV's own classifier, for
    /// cascades its evaluator does not take).
    func testThePluginIsFoundInTheLibraryFolder() throws {
        let (binary, environment) = try lonelyCopy()
        let library = directory.appendingPathComponent("lib/sharecard")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: BuildProducts.directory.appendingPathComponent("libsharecard-faces.so"),
                                         to: library.appendingPathComponent("libsharecard-faces.so"))
        let photo = FacesCommandTests.fixtures.appendingPathComponent("obama.png").path
        let r = try ProcessRunner.run(binary, ["faces", photo, "--json"], environment: environment, in: directory)
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        XCTAssertEqual((json["faces"] as? [Any])?.count, 1)
    }
}
