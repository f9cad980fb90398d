import Geometry
@testable import Scene
import XCTest

/// The faces a card shows, as a `clearOfFaces` choice sees them: raised for the hair, clipped,
/// and cut by opaque rectangles drawn over them.
final class VisibleFacesTests: XCTestCase {
    func testAFaceCountsWithItsHairAndIsClipped() {
        var faces = VisibleFaces()
        faces.add(face: Rect(x: 10, y: 100, width: 50, height: 100), clippedTo: nil)
        XCTAssertEqual(faces.regions, [Rect(x: 10, y: 70, width: 50, height: 130)], "0.3 face heights above the box")
        faces.add(face: Rect(x: 200, y: 100, width: 50, height: 100), clippedTo: Rect(x: 0, y: 80, width: 225, height: 500))
        XCTAssertEqual(faces.regions.last, Rect(x: 200, y: 80, width: 25, height: 120), "the hair is clipped too")
        faces.add(face: Rect(x: 500, y: 100, width: 50, height: 100), clippedTo: Rect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertEqual(faces.regions.count, 2, "a face outside the clip is not shown")
    }

    func testACoverRemovesWhatItHidesAndKeepsThePiecesAround() {
        var faces = VisibleFaces()
        faces.add(face: Rect(x: 0, y: 30, width: 100, height: 100), clippedTo: nil)  // region (0, 0, 100, 130)
        faces.hide(under: Rect(x: 40, y: 50, width: 20, height: 20))
        XCTAssertEqual(Set(faces.regions), [Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 0, y: 70, width: 100, height: 60),
                                            Rect(x: 0, y: 50, width: 40, height: 20), Rect(x: 60, y: 50, width: 40, height: 20)])
        XCTAssertEqual(faces.area, 100 * 130 - 20 * 20)
        faces.hide(under: Rect(x: -10, y: 60, width: 200, height: 1000))
        XCTAssertEqual(faces.area, 100 * 50 + 40 * 10 * 2, "a band across the bottom leaves what is above it")
        faces.hide(under: Rect(x: -1, y: -1, width: 1000, height: 1000))
        XCTAssertTrue(faces.isEmpty)
    }

    func testOverlapIsTheAreaUnderTheBoxes() {
        var faces = VisibleFaces()
        faces.add(face: Rect(x: 0, y: 30, width: 100, height: 100), clippedTo: nil)
        XCTAssertEqual(faces.overlap(with: [Rect(x: 50, y: 120, width: 200, height: 40), Rect(x: 500, y: 0, width: 10, height: 10)]), 50 * 10)
        XCTAssertEqual(faces.overlap(with: []), 0)
    }

    /// Thin strips across a face each way would cut it into (n + 1)² pieces; past
    /// `maximumPieces` a partly covered piece stays whole, so 500 covers stay cheap and the
    /// count bounded, and what is left is never less than the truth (text is kept off more).
    func testManyCoversCannotMultiplyThePieces() {
        var faces = VisibleFaces()
        faces.add(face: Rect(x: 0, y: 0, width: 1000, height: 1000), clippedTo: nil)
        for i in 0..<250 {
            faces.hide(under: Rect(x: Double(i) * 4 + 1, y: -500, width: 1, height: 3000))
            faces.hide(under: Rect(x: -500, y: Double(i) * 4 + 1, width: 3000, height: 1))
        }
        XCTAssertLessThan(faces.regions.count, VisibleFaces.maximumPieces + 4)
        XCTAssertGreaterThanOrEqual(faces.area, 750 * 1050, "250 columns and 250 rows are hidden")
        XCTAssertLessThanOrEqual(faces.area, 1000 * 1300)
    }

    /// Text is judged against each face it touches: a title over most of a small face is not
    /// clear because a large face beside it is untouched (0.9 of the small face, 0.2 % of both).
    func testEachFaceIsJudgedOnItsOwn() {
        var faces = VisibleFaces()
        faces.add(face: Rect(x: 0, y: 100, width: 400, height: 400), clippedTo: nil)
        faces.add(face: Rect(x: 500, y: 100, width: 20, height: 20), clippedTo: nil)
        // The small face raised for the hair is 20 × 26 from y 94; the title covers 20 × 23.4 of it.
        let title = [Rect(x: 500, y: 94, width: 20, height: 23.4)]
        XCTAssertEqual(faces.largestCoveredShare(by: title), 0.9, accuracy: 1e-9)
        XCTAssertLessThan(faces.overlap(with: title) / faces.area, FaceOverlap.clearFraction, "by both faces' total it would pass")
        XCTAssertFalse(FaceOverlap.isClear(title, of: faces))
        XCTAssertTrue(FaceOverlap.isClear([Rect(x: 0, y: 600, width: 600, height: 40)], of: faces), "below both faces")
    }
}
