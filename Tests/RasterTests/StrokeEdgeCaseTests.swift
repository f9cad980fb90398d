import Geometry
import Raster
import TestSupport
import XCTest

/// Degenerate strokes: FreeType's stroker crashes on subpaths that go nowhere, so they are
/// drawn as their cap shape instead (as SVG specifies).
final class StrokeEdgeCaseTests: XCTestCase {
    func alpha(_ d: String, cap: StrokeStyle.Cap, at point: (Int, Int) = (8, 14)) throws -> UInt32 {
        let canvas = try Canvas(size: Size(width: 20, height: 20))
        canvas.stroke(try Path(svgPathData: d), with: .solid(.black), style: try StrokeStyle(width: 4, join: .round, cap: cap))
        return canvas.pixel(x: point.0, y: point.1) >> 24
    }

    func testZeroLengthSubpathsDrawTheirCap() throws {
        for d in ["M8 14 L8 14", "M8 14 H8.01", "M8 14 Z", "M8 14 Q8 14 8 14", "M8 14 C8 14 8.001 14 8 14 Z"] {
            XCTAssertEqual(try alpha(d, cap: .round), 255, "\(d): a round cap is a disc")
            XCTAssertEqual(try alpha(d, cap: .square), 255, "\(d): a square cap is a square")
            XCTAssertEqual(try alpha(d, cap: .butt), 0, "\(d): a butt cap draws nothing")
        }
    }

    func testTinySegmentsInsideAPathAreHarmless() throws {
        XCTAssertEqual(try alpha("M4 14 L8 14 L8.001 14 L 14 14", cap: .round, at: (11, 14)), 255)
        XCTAssertEqual(try alpha("M 3 3 L 3 3 M 6 14 L 12 14", cap: .round, at: (9, 14)), 255)
    }

    func testRandomShortPathsNeverCrash() throws {
        var rng = SeededGenerator(seed: 99)
        let canvas = try Canvas(size: Size(width: 32, height: 32))
        for _ in 0..<500 {
            var path = Path()
            let base = Point(x: .random(in: 4...28, using: &rng), y: .random(in: 4...28, using: &rng))
            path.move(to: base)
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let tiny = Double.random(in: 0...0.2, using: &rng)
                let p = Point(x: base.x + tiny, y: base.y + (Bool.random(using: &rng) ? tiny : 0))
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: path.line(to: p)
                case 1: path.quad(to: p, control: base)
                default: path.cubic(to: p, control1: base, control2: p)
                }
            }
            if Bool.random(using: &rng) { path.close() }
            let style = try StrokeStyle(width: .random(in: 0.5...6, using: &rng), join: StrokeStyle.Join.allCases.randomElement(using: &rng)!,
                                        cap: StrokeStyle.Cap.allCases.randomElement(using: &rng)!)
            canvas.stroke(path, with: .solid(.black), style: style)
        }
    }
}
