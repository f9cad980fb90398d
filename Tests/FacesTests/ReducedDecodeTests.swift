import Faces
import Foundation
import Geometry
import Photos
import Raster
import TestSupport
import XCTest

/// What `sharecard faces` does with a large photo: decode it no larger than the search needs
/// (`Settings.decodeSidePixels`), search, and map the boxes back to the whole photo's pixels.
/// The photo is a labelled fixture enlarged at test time (nothing large is committed).
final class ReducedDecodeTests: XCTestCase {
    /// three-faces.png (807×512) enlarged to 6000×3807 (22.8 MP), as a 4:2:0 JPEG.
    static let enlarged = Result { try EnlargedPhoto.jpeg(fromPNGAt: FaceDetectionScoringTests.fixtures.appendingPathComponent("three-faces.png"),
                                                          width: 6000) }

    func testTheSearchNeedsFourTimesItsWorkingSide() throws {
        XCTAssertEqual(FaceDetector.Settings.standard.decodeSidePixels, 1408)
        XCTAssertEqual(try FaceDetector.Settings(workingSidePixels: 320).decodeSidePixels, 1280)
        XCTAssertEqual(try FaceDetector.Settings(workingSidePixels: 0).decodeSidePixels, 0, "a search at full size needs the whole photo")
    }

    func testALargeJPEGIsSearchedAtOneQuarterWithTheWholeDecodesFacesInWholePixels() throws {
        let big = try Self.enlarged.get()
        XCTAssertEqual([big.width, big.height], [6000, 3807])
        let settings = FaceDetector.Settings.standard
        let reduced = try Photo(data: big.bytes, longerSideAtLeast: settings.decodeSidePixels, limits: .photo)
        // 2/8: 1/8 gives 750 < 1408, 2/8 gives 1500 ≥ 1408.
        XCTAssertEqual([reduced.image.width, reduced.image.height], [1500, 952])
        XCTAssertEqual([reduced.sourceWidth, reduced.sourceHeight], [6000, 3807])

        let detector = try FaceDetector(settings: settings)
        let found = try detector.faces(in: reduced.image).map { reduced.inSourcePixels($0.bounds) }
        // What the command found before: the same photo decoded whole (91 MB of pixels).
        let whole = try Photo(data: big.bytes, limits: .photo)
        XCTAssertEqual([whole.image.width, whole.image.height], [6000, 3807])
        let expected = try detector.faces(in: whole.image).map(\.bounds)
        XCTAssertEqual(expected.count, 3, "\(expected)")
        XCTAssertEqual(found.count, expected.count, "\(found) against \(expected)")
        for box in expected {
            let best = found.map { intersectionOverUnion($0, box) }.max() ?? 0
            XCTAssertGreaterThanOrEqual(best, 0.9, "whole-decode face \(box): best IoU \(best) among \(found)")
        }
        // In the whole photo's pixels: each hand-labelled face of the fixture, enlarged likewise.
        let k = 6000.0 / 807
        for label in try XCTUnwrap(try FaceDetectionScoringTests.labels()["three-faces.png"]) {
            let box = Rect(x: label.minX * k, y: label.minY * k, width: label.width * k, height: label.height * k)
            let best = found.map { intersectionOverUnion($0, box) }.max() ?? 0
            XCTAssertGreaterThanOrEqual(best, 0.5, "labelled face \(box): best IoU \(best) among \(found)")
        }
    }
}
