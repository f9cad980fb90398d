import Geometry
import XCTest

/// Crops computed by hand for the rules in Framing's header comment.
final class FramingTests: XCTestCase {
    func testNoFaceCentresTheCrop() {
        let f = Framing(imageSize: Size(width: 1000, height: 500), targetSize: Size(width: 100, height: 100), faces: [])
        XCTAssertEqual(f.crop, Rect(x: 250, y: 0, width: 500, height: 500))
        XCTAssertEqual(f.keptFaces, [])
        XCTAssertEqual(f.clearEdge, .bottom)
    }

    func testAFaceNearTheLeftEdgePullsTheCropThereAndStopsAtTheEdge() {
        // Crop 600 wide; the face's interval [100, 200] is centred at 150 → offset −150 → 0.
        let f = Framing(imageSize: Size(width: 1200, height: 600), targetSize: Size(width: 1, height: 1),
                        faces: [Rect(x: 100, y: 200, width: 100, height: 100)])
        XCTAssertEqual(f.crop, Rect(x: 0, y: 0, width: 600, height: 600))
        XCTAssertEqual(f.keptFaces, [0])
    }

    func testAFaceInATallPhotoKeepsItsHeadroom() {
        // 600×1200 into 2:1 → crop 600×300, free along y. Face at y 500…600 with 0.3 × 100
        // headroom: interval [470, 600], centre 535 → offset 385.
        let f = Framing(imageSize: Size(width: 600, height: 1200), targetSize: Size(width: 1024, height: 512),
                        faces: [Rect(x: 250, y: 500, width: 100, height: 100)])
        XCTAssertEqual(f.crop, Rect(x: 0, y: 385, width: 600, height: 300))
        // Bands are 75 high: top [385, 460] is 10 from the headroom (470), bottom [610, 685] 10
        // from the chin (600): both clear, a tie, so the bottom.
        XCTAssertEqual(f.clearEdge, .bottom)
    }

    func testATitleBandMayNotCoverTheHeadroom() {
        // Same shape: the crop is the whole 1000×500 image, bands 125 high. The face (y 150…370)
        // clears the top band by 25 and the bottom band (375…) by only 5, but its headroom
        // starts at 150 − 66 = 84, inside the top band: so the bottom.
        let f = Framing(imageSize: Size(width: 1000, height: 500), targetSize: Size(width: 2, height: 1),
                        faces: [Rect(x: 400, y: 150, width: 220, height: 220)])
        XCTAssertEqual(f.crop, Rect(x: 0, y: 0, width: 1000, height: 500))
        XCTAssertEqual(f.clearEdge, .bottom)
    }

    func testHeadroomNeverReachesAboveTheImage() {
        // Face at y 10…110: headroom clamps at 0, interval [0, 110], centre 55 → offset 0.
        let f = Framing(imageSize: Size(width: 600, height: 1200), targetSize: Size(width: 2, height: 1),
                        faces: [Rect(x: 250, y: 10, width: 100, height: 100)])
        XCTAssertEqual(f.crop, Rect(x: 0, y: 0, width: 600, height: 300))
        // Top band [0, 75] meets the face; bottom [225, 300] is clear.
        XCTAssertEqual(f.clearEdge, .bottom)
    }

    func testTwoFacesThatFitAreCentredTogether() {
        // Union [100, 600], centre 350 → offset 50.
        let f = Framing(imageSize: Size(width: 1200, height: 600), targetSize: Size(width: 1, height: 1),
                        faces: [Rect(x: 100, y: 200, width: 100, height: 100), Rect(x: 500, y: 250, width: 100, height: 100)])
        XCTAssertEqual(f.crop, Rect(x: 50, y: 0, width: 600, height: 600))
        XCTAssertEqual(f.keptFaces, [0, 1])
    }

    func testTheLargestGroupWinsWhenNotAllFit() {
        // Crop 500 of 2000. {A, B} spans [0, 400] and fits; C at 1500 is alone; A+B wins →
        // centre 200 → offset −50 → 0.
        let faces = [Rect(x: 1500, y: 100, width: 150, height: 150), Rect(x: 0, y: 100, width: 100, height: 100),
                     Rect(x: 300, y: 100, width: 100, height: 100)]
        let f = Framing(imageSize: Size(width: 2000, height: 500), targetSize: Size(width: 1, height: 1), faces: faces)
        XCTAssertEqual(f.crop, Rect(x: 0, y: 0, width: 500, height: 500))
        XCTAssertEqual(f.keptFaces, [1, 2])
    }

    func testAmongEqualGroupsTheLargerFacesWin() {
        // Two lone faces, 100 and 150 wide: the larger one's centre 1575 → offset 1325.
        let faces = [Rect(x: 0, y: 100, width: 100, height: 100), Rect(x: 1500, y: 100, width: 150, height: 150)]
        let f = Framing(imageSize: Size(width: 2000, height: 500), targetSize: Size(width: 1, height: 1), faces: faces)
        XCTAssertEqual(f.crop, Rect(x: 1325, y: 0, width: 500, height: 500))
        XCTAssertEqual(f.keptFaces, [1])
    }

    func testAFaceLargerThanTheCropIsCentred() {
        // 400×1000 into 4:1 → crop 400×100; the face (300 high) cannot fit: centred on it (y 500) → offset 450.
        let f = Framing(imageSize: Size(width: 400, height: 1000), targetSize: Size(width: 4, height: 1),
                        faces: [Rect(x: 50, y: 350, width: 300, height: 300)])
        XCTAssertEqual(f.crop, Rect(x: 0, y: 450, width: 400, height: 100))
        XCTAssertEqual(f.keptFaces, [])
        XCTAssertNil(f.clearEdge)
    }

    func testSameAspectIsTheWholeImage() {
        let f = Framing(imageSize: Size(width: 1024, height: 576), targetSize: Size(width: 512, height: 288),
                        faces: [Rect(x: 10, y: 10, width: 50, height: 50)])
        XCTAssertEqual(f.crop, Rect(x: 0, y: 0, width: 1024, height: 576))
    }

    func testImageFrameMakesTheCropFillTheBounds() {
        let f = Framing(crop: Rect(x: 100, y: 0, width: 500, height: 500), keptFaces: [], clearEdge: nil)
        XCTAssertEqual(f.imageFrame(imageSize: Size(width: 1000, height: 500), in: Rect(x: 10, y: 20, width: 100, height: 100)),
                       Rect(x: -10, y: 20, width: 200, height: 100))
    }

    func testEmptySizesGiveAnEmptyCrop() {
        XCTAssertEqual(Framing(imageSize: .zero, targetSize: Size(width: 1, height: 1), faces: []).crop, .zero)
        XCTAssertEqual(Framing(imageSize: Size(width: 10, height: 10), targetSize: Size(width: 0, height: 1), faces: []).crop, .zero)
    }
}
