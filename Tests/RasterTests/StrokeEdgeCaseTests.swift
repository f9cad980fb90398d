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

    /// Two distinct points far beyond the canvas clamp to one point; the stroker must never
    /// see the zero-length subpath that leaves (both are crashes seen with FreeType 2.12).
    func testFarApartPointsThatClampTogetherDoNotCrash() throws {
        let style = try StrokeStyle(width: 1)
        for (d, scale) in [("M1 0 1 2m1 20000001 0 2", 1.0), ("M 1 1 L 1 2 M 2 -1000000 L 2 -999999.98", 4.0)] {
            let canvas = try Canvas(size: Size(width: 96, height: 96), scale: scale, background: .white)
            canvas.stroke(try Path(svgPathData: d), with: .solid(.black), style: style)
            // The near subpath is still drawn.
            XCTAssertLessThan(canvas.pixel(x: Int(1 * scale), y: Int(1.5 * scale)) & 0xFF, 128, d)
        }
    }

    /// Subpaths that are tiny, far away or both, at every scale a scene may use.
    func testRandomTinyAndFarApartSubpathsNeverCrash() throws {
        var rng = SeededGenerator(seed: 7)
        for scale in [1.0, 2, 3, 4] {
            let canvas = try Canvas(size: Size(width: 48, height: 48), scale: scale)
            for _ in 0..<300 {
                var path = Path()
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    let far = [1.0, 1e5, 1e6, 2.5e7].randomElement(using: &rng)!
                    let base = Point(x: .random(in: -far...far, using: &rng), y: .random(in: -far...far, using: &rng))
                    path.move(to: base)
                    for _ in 0..<Int.random(in: 1...3, using: &rng) {
                        let step = [0, 1e-3, 0.01, 0.02, 0.1, 1].randomElement(using: &rng)!
                        let p = Point(x: base.x + .random(in: -step...step, using: &rng),
                                      y: base.y + (Bool.random(using: &rng) ? step : 0))
                        switch Int.random(in: 0..<3, using: &rng) {
                        case 0: path.line(to: p)
                        case 1: path.quad(to: p, control: base)
                        default: path.cubic(to: p, control1: base, control2: p)
                        }
                    }
                    if Bool.random(using: &rng) { path.close() }
                }
                let style = try StrokeStyle(width: .random(in: 0.25...6, using: &rng),
                                            join: StrokeStyle.Join.allCases.randomElement(using: &rng)!,
                                            cap: StrokeStyle.Cap.allCases.randomElement(using: &rng)!)
                canvas.stroke(path, with: .solid(.black), style: style)
            }
        }
    }
}
