@testable import Faces
import Geometry
import TestSupport
import XCTest

/// The plug-in groups a search's windows itself, so it needs no OpenCV module beyond core and
/// imgproc; these tests hold its grouping to `cv::groupRectangles` (called in
/// libsharecard-faces-opencv.so): the same boxes in the same order.
final class RectangleGroupingTests: XCTestCase {
    typealias Box = (x: Int32, y: Int32, width: Int32, height: Int32)

    private func assertSameAsOpenCV(_ boxes: [Box], threshold: Int32, eps: Double, _ what: String,
                                    file: StaticString = #filePath, line: UInt = #line) throws {
        let own = try RectangleGrouping.group(boxes, groupThreshold: threshold, eps: eps, by: .plugIn)
        let opencv = try RectangleGrouping.group(boxes, groupThreshold: threshold, eps: eps, by: .openCV)
        XCTAssertEqual(own, opencv, "\(what): threshold \(threshold), eps \(eps)", file: file, line: line)
    }

    /// Worked by hand from the rule: three windows 1 px apart are one face (their mean, rounded);
    /// a lone window is dropped at threshold 1; a 3-window group inside a 4-window one is part of
    /// that face, but a 5-window group inside it is a face of its own (it has more than 3 and
    /// not fewer windows than the larger group); a 2-window group inside another 2-window one is
    /// dropped (fewer than 3), however many the other has.
    func testHandWorkedGroups() throws {
        let face: [Box] = [(100, 100, 40, 40), (101, 100, 40, 40), (100, 102, 41, 41)]
        XCTAssertEqual(try RectangleGrouping.group(face + [(300, 300, 30, 30)], groupThreshold: 1, eps: 0.2, by: .plugIn),
                       [Rect(x: 100, y: 101, width: 40, height: 40)])  // 301/3 = 100.33, 302/3 = 100.67, 121/3 = 40.33
        let large: [Box] = Array(repeating: (0, 0, 100, 100), count: 4)
        let inner3: [Box] = Array(repeating: (20, 20, 30, 30), count: 3)
        let inner5: [Box] = Array(repeating: (60, 60, 30, 30), count: 5)
        XCTAssertEqual(try RectangleGrouping.group(large + inner3, groupThreshold: 2, eps: 0.2, by: .plugIn),
                       [Rect(x: 0, y: 0, width: 100, height: 100)])
        XCTAssertEqual(try RectangleGrouping.group(large + inner5, groupThreshold: 2, eps: 0.2, by: .plugIn),
                       [Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 60, y: 60, width: 30, height: 30)])
        let pair: [Box] = Array(repeating: (0, 0, 100, 100), count: 2), innerPair: [Box] = Array(repeating: (20, 20, 30, 30), count: 2)
        XCTAssertEqual(try RectangleGrouping.group(pair + innerPair, groupThreshold: 1, eps: 0.2, by: .plugIn),
                       [Rect(x: 0, y: 0, width: 100, height: 100)])
        // Threshold 0 keeps every window as it is; no windows give no faces.
        XCTAssertEqual(try RectangleGrouping.group(face, groupThreshold: 0, eps: 0.2, by: .plugIn).count, 3)
        XCTAssertEqual(try RectangleGrouping.group([], groupThreshold: 3, eps: 0.2, by: .plugIn), [])
        for (boxes, threshold) in [(face + [(300, 300, 30, 30)], Int32(1)), (large + inner3, 2), (large + inner5, 2), (pair + innerPair, 1), (face, 0)] {
            try assertSameAsOpenCV(boxes, threshold: threshold, eps: 0.2, "hand-worked")
        }
    }

    /// Clusters of jittered windows of many sizes, nested and overlapping, as a pyramid's
    /// windows fall: 600 random sets at the thresholds and eps the detector uses and others.
    func testRandomWindowSetsGroupAsOpenCVGroupsThem() throws {
        var generator = SeededGenerator(seed: 0x5EED_6A0C)
        var groupsKept = 0
        for set in 0..<600 {
            var boxes: [Box] = []
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let side = Int32.random(in: 20...160, using: &generator)
                let x = Int32.random(in: 0...400, using: &generator), y = Int32.random(in: 0...300, using: &generator)
                let jitter = max(1, side / 8)
                for _ in 0..<Int.random(in: 1...9, using: &generator) {
                    let grow = Int32.random(in: -jitter...jitter, using: &generator)
                    boxes.append((x + Int32.random(in: -jitter...jitter, using: &generator),
                                  y + Int32.random(in: -jitter...jitter, using: &generator), side + grow, side + grow))
                }
            }
            boxes.shuffle(using: &generator)
            for (threshold, eps) in [(Int32(1), 0.2), (3, 0.2), (4, 0.2), (5, 0.2), (2, 0.1), (3, 0.5)] {
                try assertSameAsOpenCV(boxes, threshold: threshold, eps: eps, "set \(set)")
            }
            groupsKept += try RectangleGrouping.group(boxes, groupThreshold: 3, eps: 0.2, by: .plugIn).count
        }
        XCTAssertGreaterThan(groupsKept, 600, "the sets should keep groups, not only drop them")
    }
}
