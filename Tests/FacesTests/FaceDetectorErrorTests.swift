import Faces
import Raster
import XCTest

final class FaceDetectorErrorTests: XCTestCase {
    func testMissingCascadeDirectoryNamesTheFileAndThePackage() {
        XCTAssertThrowsError(try FaceDetector(cascadeDirectories: ["/nonexistent"])) { error in
            guard case FacesError.cascade(let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains(FaceDetector.Settings.standard.frontal.rawValue), message)
            XCTAssertTrue(message.contains("opencv-data"), message)
        }
    }

    func testACascadeFileOpenCVCannotParseIsAnErrorNotACrash() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("faces-bad-cascade-\(getpid())")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("haarcascades"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("<opencv_storage><cascade>not a cascade".utf8)
            .write(to: directory.appendingPathComponent(FaceDetector.Settings.standard.frontal.rawValue))
        XCTAssertThrowsError(try FaceDetector(settings: try .init(profiles: .never), cascadeDirectories: [directory.path])) { error in
            guard case FacesError.cascade = error else { return XCTFail("\(error)") }
        }
    }

    /// The profile cascade is read by the first search that needs it, so a broken profile file
    /// stops no search whose frontal cascade finds a face, and a search that needs it gets a
    /// cascade error naming the file, each time (a later search tries again: once the file is
    /// mended, it is read).
    func testABrokenProfileCascadeIsReportedByTheSearchThatNeedsIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("faces-bad-profile-\(getpid())")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("haarcascades"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let frontal = try XCTUnwrap(FaceCascade.haarAlt2.path()), profile = try XCTUnwrap(FaceCascade.haarProfile.path())
        try FileManager.default.copyItem(atPath: frontal, toPath: directory.appendingPathComponent(FaceCascade.haarAlt2.rawValue).path)
        let brokenProfile = directory.appendingPathComponent(FaceCascade.haarProfile.rawValue)
        try Data(try Data(contentsOf: URL(fileURLWithPath: profile)).prefix(4096)).write(to: brokenProfile)

        let detector = try FaceDetector(cascadeDirectories: [directory.path])
        XCTAssertEqual(detector.cascadeFiles, [directory.appendingPathComponent(FaceCascade.haarAlt2.rawValue).path, brokenProfile.path])
        let standard = try FaceDetector()
        let withFaces = try FaceDetectionScoringTests.image("three-faces.png")
        let expected = try standard.faces(in: withFaces)
        XCTAssertEqual(expected.count, 3)
        XCTAssertEqual(try detector.faces(in: withFaces), expected)

        let faceless = try FaceDetectionScoringTests.image("coffee.png")
        for _ in 0..<2 {
            XCTAssertThrowsError(try detector.faces(in: faceless)) { error in
                guard case FacesError.cascade(let message) = error else { return XCTFail("\(error)") }
                XCTAssertTrue(message.hasPrefix("cannot load face cascade \(brokenProfile.path): malformed XML"), message)
            }
        }
        XCTAssertEqual(try detector.faces(in: withFaces), expected, "the failed read leaves the detector searching")

        try FileManager.default.removeItem(at: brokenProfile)
        try FileManager.default.copyItem(atPath: profile, toPath: brokenProfile.path)
        XCTAssertEqual(try detector.faces(in: faceless), try standard.faces(in: faceless))
    }

    func testInvalidSettingsAreRefused() {
        XCTAssertThrowsError(try FaceDetector.Settings(scaleFactor: 1))
        XCTAssertThrowsError(try FaceDetector.Settings(minNeighbors: -1))
        XCTAssertThrowsError(try FaceDetector.Settings(workingSidePixels: 10))
        XCTAssertThrowsError(try FaceDetector.Settings(minFaceFraction: 0))
        XCTAssertThrowsError(try FaceDetector.Settings(frontal: .haarProfile))
        XCTAssertThrowsError(try FaceDetector.Settings(profileScaleFactor: 1))
        XCTAssertThrowsError(try FaceDetector.Settings(profileMinNeighbors: -1))
        XCTAssertThrowsError(try FaceDetector.Settings(profileMinFaceFraction: 0))
    }

    func testTinyAndFlatImagesHaveNoFaces() throws {
        let detector = try FaceDetector()
        let one = try Image(width: 1, height: 1, premultipliedARGB: [0xFF80_8080])
        XCTAssertEqual(try detector.faces(in: one), [])
        let flat = try Image(width: 300, height: 200, premultipliedARGB: Array(repeating: 0xFFFF_FFFF, count: 60_000))
        XCTAssertEqual(try detector.faces(in: flat), [])
    }
}
