import Geometry
import XCTest

/// `ContentMode.frame(for:in:)` for every mode, with expected frames worked out by hand.
/// Content and box have opposite orientations, so fit and fill scale differently and the
/// unscaled modes overflow on one axis: a swapped axis or a min/max mix-up shows.
final class ContentModeTests: XCTestCase {
    func check(content: Size, box: Rect, expected: [ContentMode: Rect], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Set(expected.keys), Set(ContentMode.allCases), "every mode has an expected frame", file: file, line: line)
        for mode in ContentMode.allCases {
            XCTAssertEqual(mode.frame(for: content, in: box), expected[mode], "\(mode)", file: file, line: line)
        }
    }

    func testLandscapeContentInAPortraitBox() {
        // Box x 10…110, y 20…220 (mid 60, 120). Content 200×50: width scale 0.5, height scale 4.
        check(content: Size(width: 200, height: 50), box: Rect(x: 10, y: 20, width: 100, height: 200), expected: [
            .scaleToFill: Rect(x: 10, y: 20, width: 100, height: 200),
            .aspectFit: Rect(x: 10, y: 107.5, width: 100, height: 25),    // × 0.5, centred
            .aspectFill: Rect(x: -340, y: 20, width: 800, height: 200),   // × 4, centred
            .center: Rect(x: -40, y: 95, width: 200, height: 50),
            .top: Rect(x: -40, y: 20, width: 200, height: 50),
            .bottom: Rect(x: -40, y: 170, width: 200, height: 50),
            .left: Rect(x: 10, y: 95, width: 200, height: 50),
            .right: Rect(x: -90, y: 95, width: 200, height: 50),
            .topLeft: Rect(x: 10, y: 20, width: 200, height: 50),
            .topRight: Rect(x: -90, y: 20, width: 200, height: 50),
            .bottomLeft: Rect(x: 10, y: 170, width: 200, height: 50),
            .bottomRight: Rect(x: -90, y: 170, width: 200, height: 50),
        ])
    }

    func testPortraitContentInALandscapeBox() {
        // Box x 10…210, y 20…120 (mid 110, 70). Content 50×200: width scale 4, height scale 0.5.
        check(content: Size(width: 50, height: 200), box: Rect(x: 10, y: 20, width: 200, height: 100), expected: [
            .scaleToFill: Rect(x: 10, y: 20, width: 200, height: 100),
            .aspectFit: Rect(x: 97.5, y: 20, width: 25, height: 100),
            .aspectFill: Rect(x: 10, y: -330, width: 200, height: 800),
            .center: Rect(x: 85, y: -30, width: 50, height: 200),
            .top: Rect(x: 85, y: 20, width: 50, height: 200),
            .bottom: Rect(x: 85, y: -80, width: 50, height: 200),
            .left: Rect(x: 10, y: -30, width: 50, height: 200),
            .right: Rect(x: 160, y: -30, width: 50, height: 200),
            .topLeft: Rect(x: 10, y: 20, width: 50, height: 200),
            .topRight: Rect(x: 160, y: 20, width: 50, height: 200),
            .bottomLeft: Rect(x: 10, y: -80, width: 50, height: 200),
            .bottomRight: Rect(x: 160, y: -80, width: 50, height: 200),
        ])
    }

    func testSmallContentSitsInsideTheBoxForUnscaledModes() {
        // Box 0…100 × 0…60, content 20×10.
        let box = Rect(x: 0, y: 0, width: 100, height: 60)
        let content = Size(width: 20, height: 10)
        XCTAssertEqual(ContentMode.center.frame(for: content, in: box), Rect(x: 40, y: 25, width: 20, height: 10))
        XCTAssertEqual(ContentMode.bottomRight.frame(for: content, in: box), Rect(x: 80, y: 50, width: 20, height: 10))
        XCTAssertEqual(ContentMode.aspectFit.frame(for: content, in: box), Rect(x: 0, y: 5, width: 100, height: 50))
        XCTAssertEqual(ContentMode.aspectFill.frame(for: content, in: box), Rect(x: -10, y: 0, width: 120, height: 60))
    }

    func testEmptyContentHasAnEmptyFrameAtTheBoxOrigin() {
        let box = Rect(x: 5, y: 6, width: 100, height: 60)
        for mode in ContentMode.allCases {
            XCTAssertEqual(mode.frame(for: Size(width: 0, height: 10), in: box), Rect(x: 5, y: 6, width: 0, height: 0), "\(mode)")
        }
    }

    func testRawValuesAreTheUIKitNames() {
        XCTAssertEqual(ContentMode.allCases.map(\.rawValue), [
            "scaleToFill", "aspectFit", "aspectFill", "center", "top", "bottom", "left", "right",
            "topLeft", "topRight", "bottomLeft", "bottomRight",
        ])
    }
}
