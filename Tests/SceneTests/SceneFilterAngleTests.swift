import Foundation
import Raster
import Scene
import XCTest

/// Straighten takes any angle; the Core Image spellings take radians with Core Image's meaning.
final class SceneFilterAngleTests: XCTestCase {
    func filters(_ json: String) throws -> [Filter] {
        var parser = SceneParser(baseDirectory: SceneGoldenTests.cases)
        let scene = try parser.parse(Data(##"{"width": 10, "height": 10, "elements": [{"type": "group", "filters": \##(json), "elements": []}]}"##.utf8))
        guard case .group(_, _, let filters)? = scene.elements.first else { return [] }
        return filters
    }

    func testStraightenTakesAnyAngleInDegreesClockwise() throws {
        XCTAssertEqual(try filters(##"[{"straighten": 180}]"##), [.straighten(radians: -.pi)])
        XCTAssertEqual(try filters(##"[{"straighten": -90}]"##), [.straighten(radians: .pi / 2)])
        XCTAssertThrowsError(try filters(##"[{"straighten": 4000}]"##))
    }

    func testCoreImageSpellingsTakeRadians() throws {
        XCTAssertEqual(try filters(##"[{"ciStraighten": 3.141592653589793}, {"ciHueAdjust": 1.5}]"##),
                       [.straighten(radians: .pi), .hueAdjust(radians: 1.5)])
        XCTAssertThrowsError(try filters(##"[{"ciHueAdjust": 1, "extra": 2}]"##))
    }
}
