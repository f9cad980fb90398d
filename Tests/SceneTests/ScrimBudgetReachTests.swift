import Geometry
@testable import Scene
import XCTest

/// The scrim budget charges a label before its lines exist, from its frame
/// (`ShadowBudget.scrimReach`); the scrim is laid from the lines (`TextScrim.wholeArea`, then
/// the feather). Every mask the lines can give must lie inside what was charged, for lines
/// anywhere in the frame, on both sides of the canvas's middle.
final class ScrimBudgetReachTests: XCTestCase {
    func testTheMaskLiesInsideWhatTheBudgetCharged() {
        let canvasSize = Size(width: 1000, height: 600), canvas = Rect(origin: .zero, size: canvasSize)
        var checked = 0
        for extent in TextScrim.Extent.allCases {
            for feather in [0.0, 24, 160] {
                let scrim = TextScrim(color: .black, minimumContrast: 4.5, featherInPoints: feather, extent: extent)
                for top in stride(from: -50.0, through: 650, by: 37) {
                    for height in [10.0, 80, 299, 300, 301, 700] {
                        let frame = Rect(x: 40, y: top, width: 900, height: height)
                        let reach = ShadowBudget.scrimReach(text: frame, featherInPoints: feather, extent: extent, canvas: canvas)
                            .intersection(canvas)
                        let line = min(20, height)
                        let placements: [[Rect]] = [
                            [Rect(x: 60, y: frame.minY, width: 400, height: line)],
                            [Rect(x: 60, y: frame.midY - line / 2, width: 400, height: line)],
                            [Rect(x: 60, y: frame.maxY - line, width: 400, height: line)],
                            [Rect(x: 60, y: frame.minY, width: 400, height: line), Rect(x: 80, y: frame.maxY - line, width: 300, height: line)],
                        ]
                        for lines in placements {
                            for area in scrim.wholeArea(for: lines, canvasSize: canvasSize) {
                                let shown = area.insetBy(dx: -feather, dy: -feather).intersection(canvas)
                                guard !shown.isEmpty else { continue }
                                checked += 1
                                XCTAssert(reach.minX <= shown.minX + 1e-9 && reach.minY <= shown.minY + 1e-9
                                          && reach.maxX >= shown.maxX - 1e-9 && reach.maxY >= shown.maxY - 1e-9,
                                          "\(extent), feather \(feather), frame \(frame), lines \(lines): mask \(shown) outside the charge \(reach)")
                            }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 1000)
    }
}
