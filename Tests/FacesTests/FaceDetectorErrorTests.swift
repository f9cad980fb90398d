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
