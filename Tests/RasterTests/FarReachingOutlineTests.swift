import Geometry
@testable import Raster
import TestSupport
import XCTest

/// FreeType's smooth rasterizer draws nothing of an outline reaching past ±262,144 device pixels
/// from its bitmap. Paths that far out are clamped around the pixels drawn first
/// (`OutlineClamping`); these tests hold the result to geometry worked out without FreeType,
/// and the clamping itself to FreeType's drawing of the unclamped path where FreeType can draw it.
final class FarReachingOutlineTests: XCTestCase {
    /// A triangle with one vertex far to the right: each column is as tall as the triangle is there.
    func testATriangleReachingFarOutIsDrawnAsItsEdgesSay() throws {
        for far in [262_145.0, 1_000_000, 3_000_000, 1e9] {
            let canvas = try Canvas(size: Size(width: 400, height: 300), background: .white)
            var path = Path()
            path.move(to: Point(x: 0, y: 0))
            path.line(to: Point(x: far, y: 50))
            path.line(to: Point(x: 0, y: 100))
            path.close()
            canvas.fill(path, with: .solid(.black))
            for (x, ink) in canvas.inkPerColumn().enumerated() {
                let centre = Double(x) + 0.5
                XCTAssertEqual(ink, 100 - 100 * centre / far, accuracy: 0.03, "vertex at x \(far), column \(x)")
            }
        }
    }

    /// An ellipse a million pixels wide, a rounded clip of 200,000 points at scale 4 (the
    /// review's cases): what lies on the canvas is covered.
    func testHugeEllipsesAndClipsCoverTheCanvas() throws {
        let canvas = try Canvas(size: Size(width: 400, height: 300), background: .white)
        canvas.fill(Path(ellipseIn: Rect(x: -500_000, y: 0, width: 1_000_000, height: 300)), with: .solid(.black))
        XCTAssertEqual(canvas.inkPerColumn().reduce(0, +), 120_000, accuracy: 1)

        let scaled = try Canvas(size: Size(width: 400, height: 300), scale: 4, background: .white)
        let clip = scaled.makeClip(rect: Rect(x: -100_000, y: 0, width: 200_000, height: 300), cornerRadius: 20)
        scaled.fill(Path(rect: Rect(x: 0, y: 0, width: 400, height: 300)), with: .solid(.black), clip: clip)
        XCTAssertEqual(scaled.inkPerColumn().reduce(0, +), 1600 * 1200, accuracy: 1)
    }

    /// A straight stroke is the same on the canvas wherever its ends lie beyond it, and so is a
    /// stretch of a curve a million pixels across: drawn whole, and drawn as only the piece of
    /// it that passes the canvas (cut out exactly, small enough for FreeType as it is). Within 4
    /// levels: the ends of either are put on FreeType's 1/64-pixel grid, which tilts a line a little.
    func testStrokesReachingFarOutAreTheirNearPieces() throws {
        let style = try StrokeStyle(width: 9, join: .miter, cap: .butt)
        func drawn(_ path: Path) throws -> Canvas {
            let canvas = try Canvas(size: Size(width: 400, height: 300), background: .white)
            canvas.stroke(path, with: .solid(.black), style: style)
            return canvas
        }
        func line(_ t0: Double, _ t1: Double) -> Path {
            let a = Point(x: -2_000_000, y: -1_000_000), b = Point(x: 2_000_000, y: 1_000_300)
            var path = Path()
            path.move(to: Point(x: a.x + (b.x - a.x) * t0, y: a.y + (b.y - a.y) * t0))
            path.line(to: Point(x: a.x + (b.x - a.x) * t1, y: a.y + (b.y - a.y) * t1))
            return path
        }
        try assertSamePixels(drawn(line(0, 1)), drawn(line(0.49985, 0.50025)), "a line")

        // A cubic quarter of an ellipse 2,000,000 × 1,000,000 whose middle passes the canvas.
        let curve = [Point(x: -1_000_000, y: 1_000_150), Point(x: -1_000_000, y: 448_000), Point(x: -448_000, y: 150),
                     Point(x: 200, y: 150)]
        let mirrored = curve.reversed().map { Point(x: 400 - $0.x, y: $0.y) }
        var whole = Path()
        whole.move(to: curve[0])
        whole.cubic(to: curve[3], control1: curve[1], control2: curve[2])
        whole.cubic(to: mirrored[3], control1: mirrored[1], control2: mirrored[2])
        var near = Path()
        let left = Self.piece(of: curve, from: 0.998, to: 1), right = Self.piece(of: mirrored, from: 0, to: 0.002)
        near.move(to: left[0])
        near.cubic(to: left[3], control1: left[1], control2: left[2])
        near.cubic(to: right[3], control1: right[1], control2: right[2])
        XCTAssertLessThan(near.controlPointBounds.maxX, 10_000)
        try assertSamePixels(drawn(whole), drawn(near), "a curve")
    }

    /// Random paths reaching beyond a rectangle, with lines, quadratic and cubic curves.
    private func randomPaths(_ count: Int, curves: Bool, seed: UInt64) -> [(Path, FillRule)] {
        var rng = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            var path = Path()
            func point() -> Point { Point(x: .random(in: -40...240, using: &rng), y: .random(in: -40...200, using: &rng)) }
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                path.move(to: point())
                for _ in 0..<Int.random(in: 2...6, using: &rng) {
                    switch curves ? Int.random(in: 0..<3, using: &rng) : 0 {
                    case 0: path.line(to: point())
                    case 1: path.quad(to: point(), control: point())
                    default: path.cubic(to: point(), control1: point(), control2: point())
                    }
                }
                if Bool.random(using: &rng) { path.close() }
            }
            return (path, Bool.random(using: &rng) ? .nonZero : .evenOdd)
        }
    }

    /// The clamping alone, where FreeType can draw both: paths of lines reaching beyond a
    /// rectangle, filled by either rule, clamped to it and not, give the same pixels inside it,
    /// within 8 levels: where a line is cut, the point is put on FreeType's 1/64-pixel grid (up
    /// to a 64th of a pixel in each axis, 6 levels across a slanted edge, 8 where two meet).
    /// (FreeType flattens a curve and its halves into slightly different lines, up to a
    /// seventh of a pixel apart, so curves are held to geometry below instead.)
    func testClampingKeepsEveryPixelInsideTheRectangle() throws {
        let box = Rect(x: 60, y: 50, width: 80, height: 60)
        for (trial, (path, rule)) in randomPaths(300, curves: false, seed: 58).enumerated() {
            let whole = try Canvas(size: Size(width: 200, height: 160), background: .white)
            whole.fill(path, with: .solid(.black), rule: rule)
            let clamped = try Canvas(size: Size(width: 200, height: 160), background: .white)
            clamped.fill(path.clamped(to: box, closingSubpaths: true), with: .solid(.black), rule: rule)
            var worst: UInt32 = 0
            for y in Int(box.minY)..<Int(box.maxY) {
                for x in Int(box.minX)..<Int(box.maxX) {
                    let a = whole.pixel(x: x, y: y) & 0xFF, b = clamped.pixel(x: x, y: y) & 0xFF
                    worst = max(worst, a > b ? a - b : b - a)
                }
            }
            XCTAssertLessThanOrEqual(worst, 8, "trial \(trial) (\(rule))")
        }
    }

    /// Curves, by geometry: at every other pixel centre inside the rectangle and as many random
    /// points, the clamped path's winding (both paths flattened here into 256 lines a curve,
    /// not by FreeType) puts the point inside exactly when the path's does, but within a tenth
    /// of a pixel of the path's outline, where flattening decides.
    func testClampedCurvesWindAroundEveryInsidePointAsTheCurvesDo() {
        let box = Rect(x: 60, y: 50, width: 80, height: 60)
        var rng = SeededGenerator(seed: 7)
        var points: [Point] = []
        for y in stride(from: 50, to: 110, by: 2) { for x in stride(from: 60, to: 140, by: 2) { points.append(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) } }
        for _ in 0..<1_200 { points.append(Point(x: .random(in: 60.001...139.999, using: &rng), y: .random(in: 50.001...109.999, using: &rng))) }
        var compared = 0
        for (trial, (path, rule)) in randomPaths(200, curves: true, seed: 59).enumerated() {
            let original = Self.edges(path), clamped = Self.edges(path.clamped(to: box, closingSubpaths: true))
            let originalRows = Self.rows(original, 50..<110), clampedRows = Self.rows(clamped, 50..<110)
            var differing = 0
            for p in points {
                let row = Int(p.y) - 50
                let a = Self.winding(p, original, originalRows[row]), b = Self.winding(p, clamped, clampedRows[row])
                let inA = rule == .nonZero ? a != 0 : a % 2 != 0, inB = rule == .nonZero ? b != 0 : b % 2 != 0
                if inA != inB, Self.distance(p, original) > 0.1 { differing += 1 }
                compared += 1
            }
            XCTAssertEqual(differing, 0, "trial \(trial) (\(rule))")
        }
        XCTAssertEqual(compared, 200 * 2_400)
    }

    /// The edges of each subpath closed as a polygon, curves cut into 256 lines each, as
    /// (x0, y0, x1, y1) one after another.
    static func edges(_ path: Path) -> [Double] {
        var edges: [Double] = []
        var start = Point(x: 0, y: 0), current = start
        func line(to p: Point) {
            edges += [current.x, current.y, p.x, p.y]
            current = p
        }
        func closeSubpath() { if current != start { line(to: start) } }
        for element in path.elements {
            switch element {
            case .move(let p):
                closeSubpath()
                start = p
                current = p
            case .line(let p): line(to: p)
            case .quad(let c, let p):
                let a = current
                for i in 1...256 {
                    let t = Double(i) / 256, u = 1 - t
                    line(to: Point(x: u * u * a.x + 2 * u * t * c.x + t * t * p.x, y: u * u * a.y + 2 * u * t * c.y + t * t * p.y))
                }
            case .cubic(let c1, let c2, let p):
                let a = current
                for i in 1...256 {
                    let t = Double(i) / 256, u = 1 - t
                    let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
                    line(to: Point(x: w0 * a.x + w1 * c1.x + w2 * c2.x + w3 * p.x, y: w0 * a.y + w1 * c1.y + w2 * c2.y + w3 * p.y))
                }
            case .close: break
            }
        }
        closeSubpath()
        return edges
    }

    /// For each pixel row of `rows`, the offsets of the edges reaching into it: only those can
    /// cross a horizontal ray from a point in that row.
    static func rows(_ edges: [Double], _ rows: Range<Int>) -> [[Int]] {
        var result = [[Int]](repeating: [], count: rows.count)
        for i in stride(from: 0, to: edges.count, by: 4) {
            let low = max(rows.lowerBound, Int(min(edges[i + 1], edges[i + 3]).rounded(.down)))
            let high = min(rows.upperBound - 1, Int(max(edges[i + 1], edges[i + 3]).rounded(.down)))
            guard low <= high else { continue }
            for row in low...high { result[row - rows.lowerBound].append(i) }
        }
        return result
    }

    /// The winding number around `p` of the edges at `offsets`.
    static func winding(_ p: Point, _ edges: [Double], _ offsets: [Int]) -> Int {
        var total = 0
        for i in offsets {
            let ax = edges[i], ay = edges[i + 1], bx = edges[i + 2], by = edges[i + 3]
            guard (ay <= p.y) != (by <= p.y) else { continue }
            let cross = (bx - ax) * (p.y - ay) - (p.x - ax) * (by - ay)
            if ay <= p.y, cross > 0 { total += 1 }
            if ay > p.y, cross < 0 { total -= 1 }
        }
        return total
    }

    /// The distance from `p` to the nearest edge.
    static func distance(_ p: Point, _ edges: [Double]) -> Double {
        var nearest = Double.infinity
        for i in stride(from: 0, to: edges.count, by: 4) {
            let ax = edges[i], ay = edges[i + 1], dx = edges[i + 2] - ax, dy = edges[i + 3] - ay, length = dx * dx + dy * dy
            let t = length == 0 ? 0 : min(max(((p.x - ax) * dx + (p.y - ay) * dy) / length, 0), 1)
            let ex = ax + dx * t - p.x, ey = ay + dy * t - p.y
            nearest = min(nearest, (ex * ex + ey * ey).squareRoot())
        }
        return nearest
    }

    private func assertSamePixels(_ a: Canvas, _ b: Canvas, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        var worst: UInt32 = 0, ink = 0.0
        for y in 0..<a.pixelHeight {
            for x in 0..<a.pixelWidth {
                let p = a.pixel(x: x, y: y) & 0xFF, q = b.pixel(x: x, y: y) & 0xFF
                worst = max(worst, p > q ? p - q : q - p)
                ink += Double(255 - p) / 255
            }
        }
        XCTAssertGreaterThan(ink, 1_000, "\(what): drawn", file: file, line: line)
        XCTAssertLessThanOrEqual(worst, 4, what, file: file, line: line)
    }

    /// The piece of a cubic between parameters `t0` and `t1`, by de Casteljau's construction.
    static func piece(of curve: [Point], from t0: Double, to t1: Double) -> [Point] {
        func split(_ c: [Point], at t: Double) -> (head: [Point], tail: [Point]) {
            func lerp(_ a: Point, _ b: Point) -> Point { Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
            let ab = lerp(c[0], c[1]), bc = lerp(c[1], c[2]), cd = lerp(c[2], c[3])
            let abc = lerp(ab, bc), bcd = lerp(bc, cd), mid = lerp(abc, bcd)
            return ([c[0], ab, abc, mid], [mid, bcd, cd, c[3]])
        }
        let tail = split(curve, at: t0).tail
        return t1 >= 1 ? tail : split(tail, at: (t1 - t0) / (1 - t0)).head
    }
}
