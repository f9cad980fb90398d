import Geometry
import XCTest

/// "Crop to the face", computed by hand from the rules in FaceCrop's header comment: the
/// shorter side 2.4 face heights, centred 0.1 face heights above the face's centre.
final class FaceCropTests: XCTestCase {
    func testASquareCropIsHeadAndShouldersAroundTheFace() throws {
        // Side 240; centre (450, 350 − 10) → origin (330, 220).
        let c = try XCTUnwrap(FaceCrop(imageSize: Size(width: 1000, height: 800), targetSize: Size(width: 300, height: 300),
                                       faces: [Rect(x: 400, y: 300, width: 100, height: 100)]))
        XCTAssertEqual(c.crop, Rect(x: 330, y: 220, width: 240, height: 240))
        XCTAssertEqual(c.mainFace, 0)
    }

    func testAWideTargetKeepsTheShorterSideAtTheFace() throws {
        // 2:1: height 240, width 480, centred on (450, 340).
        let c = try XCTUnwrap(FaceCrop(imageSize: Size(width: 1000, height: 800), targetSize: Size(width: 200, height: 100),
                                       faces: [Rect(x: 400, y: 300, width: 100, height: 100)]))
        XCTAssertEqual(c.crop, Rect(x: 210, y: 220, width: 480, height: 240))
    }

    func testAFaceNearTheEdgeSlidesTheCropInside() throws {
        // Centre x 60 → origin −60 → 0; the face sits off centre, no empty band.
        let c = try XCTUnwrap(FaceCrop(imageSize: Size(width: 1000, height: 800), targetSize: Size(width: 1, height: 1),
                                       faces: [Rect(x: 10, y: 300, width: 100, height: 100)]))
        XCTAssertEqual(c.crop, Rect(x: 0, y: 220, width: 240, height: 240))
    }

    func testACropLargerThanThePhotoShrinksToFit() throws {
        // Side 360 > 200 high → 200×200; centre (175, 95 − 15 = 80) → y −20 → 0.
        let c = try XCTUnwrap(FaceCrop(imageSize: Size(width: 300, height: 200), targetSize: Size(width: 1, height: 1),
                                       faces: [Rect(x: 100, y: 20, width: 150, height: 150)]))
        XCTAssertEqual(c.crop, Rect(x: 75, y: 0, width: 200, height: 200))
    }

    func testTheMainFaceIsTheLargestThenTheMostCentral() throws {
        let faces = [Rect(x: 0, y: 0, width: 50, height: 50), Rect(x: 100, y: 100, width: 80, height: 80),
                     Rect(x: 500, y: 400, width: 80, height: 80)]
        XCTAssertEqual(FaceCrop.mainFace(faces, imageSize: Size(width: 1000, height: 800)), 2, "equal areas: (540, 440) is nearer (500, 400)")
        XCTAssertEqual(FaceCrop.mainFace(faces + [Rect(x: 900, y: 0, width: 90, height: 90)], imageSize: Size(width: 1000, height: 800)), 3)
        XCTAssertEqual(FaceCrop(imageSize: Size(width: 1000, height: 800), targetSize: Size(width: 1, height: 1), faces: faces)?.mainFace, 2)
    }

    func testNoFaceInsideTheImageGivesNoCrop() {
        XCTAssertNil(FaceCrop(imageSize: Size(width: 100, height: 100), targetSize: Size(width: 1, height: 1), faces: []))
        XCTAssertNil(FaceCrop(imageSize: Size(width: 100, height: 100), targetSize: Size(width: 1, height: 1),
                              faces: [Rect(x: 200, y: 0, width: 50, height: 50)]))
        XCTAssertNil(FaceCrop(imageSize: Size(width: 100, height: 100), targetSize: Size(width: 0, height: 1),
                              faces: [Rect(x: 10, y: 10, width: 50, height: 50)]))
    }
}
