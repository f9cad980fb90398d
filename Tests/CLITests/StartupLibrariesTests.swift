import Foundation
import XCTest

/// The libraries a `sharecard` process loads, read from the dynamic loader itself:
/// `LD_TRACE_LOADED_OBJECTS=1` makes ld.so list what it would map before `main`, then exit;
/// `LD_DEBUG=files` logs every object it maps, including those opened later with `dlopen`.
/// Libraries only one command needs are opened on first use, so the others must not load them.
final class StartupLibrariesTests: TemporaryDirectoryTestCase {
    private func loadedObjects() throws -> String {
        let result = try ProcessRunner.run(Sharecard.executable.path, ["--help"],
                                           environment: ["LD_TRACE_LOADED_OBJECTS": "1", "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let listing = String(decoding: result.stdout, as: UTF8.self)
        XCTAssertTrue(listing.contains("libc.so"), "the loader listed nothing: \(listing)")
        return listing
    }

    /// Runs `sharecard arguments…` to the end and returns its result and the loader's log of
    /// every object it mapped (written to files, apart from the command's own output).
    private func run(logging arguments: [String]) throws -> (result: Sharecard.Result, mapped: String) {
        let logs = directory.appendingPathComponent("ld-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let result = try ProcessRunner.run(Sharecard.executable.path, arguments,
                                           environment: ["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": logs.appendingPathComponent("ld").path,
                                                         "PATH": "/usr/bin:/bin"],
                                           in: directory)
        var mapped = ""
        for name in try FileManager.default.contentsOfDirectory(atPath: logs.path) {
            mapped += String(decoding: try Data(contentsOf: logs.appendingPathComponent(name)), as: UTF8.self)
        }
        XCTAssertTrue(mapped.contains("libc.so"), "the loader logged nothing: \(mapped)")
        return (result, mapped)
    }

    func testLibcurlIsNotLoadedAtStartUp() throws {
        let listing = try loadedObjects()
        XCTAssertFalse(listing.contains("libcurl"), listing)
    }

    /// libmicrohttpd (and GnuTLS behind it) is opened when `serve` starts its daemon.
    func testLibmicrohttpdIsNotLoadedAtStartUp() throws {
        let listing = try loadedObjects()
        XCTAssertFalse(listing.contains("libmicrohttpd"), listing)
        XCTAssertFalse(listing.contains("libgnutls"), listing)
    }

    func testHelpAndAPhotolessRenderLoadNoOpenCV() throws {
        XCTAssertFalse(try loadedObjects().contains("opencv"))
        let help = try run(logging: ["--help"])
        XCTAssertEqual(help.result.status, 0, help.result.stderr)
        let card = directory.appendingPathComponent("card.png")
        let render = try run(logging: ["render", "--title", "No photo here", "-o", card.path])
        XCTAssertEqual(render.result.status, 0, render.result.stderr)
        XCTAssertEqual(PNGHeader(try Data(contentsOf: card)), PNGHeader(width: 1024, height: 576))
        for (command, mapped) in [("--help", help.mapped), ("render", render.mapped)] {
            XCTAssertFalse(mapped.contains("opencv"), "\(command) loaded OpenCV:\n\(mapped)")
            XCTAssertFalse(mapped.contains("libsharecard-faces"), "\(command) loaded the face plug-in:\n\(mapped)")
        }
    }

    /// The plug-in needs OpenCV's core and imgproc only: objdetect (with dnn, calib3d, protobuf
    /// and the rest it brings) is opened, through libsharecard-faces-opencv.so, only for a
    /// cascade the plug-in's evaluator does not take.
    func testFacesOpensThePluginAndFindsTheFace() throws {
        let photo = FacesCommandTests.fixtures.appendingPathComponent("obama.png").path
        let faces = try run(logging: ["faces", photo, "--json"])
        XCTAssertEqual(faces.result.status, 0, faces.result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: faces.result.stdout) as? [String: Any])
        XCTAssertEqual((json["faces"] as? [Any])?.count, 1)
        XCTAssertTrue(faces.mapped.contains("libsharecard-faces.so"), faces.mapped)
        XCTAssertTrue(faces.mapped.contains("libopencv_imgproc"), faces.mapped)
        for library in ["libsharecard-faces-opencv", "libopencv_objdetect", "libopencv_dnn", "libprotobuf"] {
            XCTAssertFalse(faces.mapped.contains(library), "faces loaded \(library):\n\(faces.mapped)")
        }
    }
}
