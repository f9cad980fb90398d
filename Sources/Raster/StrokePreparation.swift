import Geometry

/// FreeType's stroker crashes on a subpath that goes nowhere (a zero or near-zero length
/// segment with round caps). Before stroking, every point is first put where FreeType will
/// see it — clamped to `OutlineCoordinates.limit` and rounded to its 26.6 fixed-point grid —
/// and only then are segments shorter than `minimumLength` device pixels dropped, so two
/// distinct far-away points that clamp to one are caught. A subpath left with no segment
/// becomes a dot: SVG draws such a subpath as the cap shape alone (a disc for round caps, a
/// square for square caps, nothing for butt caps).
struct StrokePreparation {
    static let minimumLength = 1.0 / 16

    /// The path in device pixels, already on FreeType's grid.
    let segments: Path
    let dots: [Point]

    init(_ path: Path) {
        var kept = Path()
        var dots: [Point] = []
        var start: Point?
        var last: Point?
        var subpathHasSegment = false
        func far(_ p: Point) -> Bool {
            guard let last else { return true }
            let dx = p.x - last.x, dy = p.y - last.y
            return (dx * dx + dy * dy).squareRoot() >= StrokePreparation.minimumLength
        }
        func endSubpath() {
            if let start, !subpathHasSegment { dots.append(start) }
            subpathHasSegment = false
        }
        let q = OutlineCoordinates.quantized
        for element in path.elements {
            switch element {
            case .move(let p0):
                let p = q(p0)
                endSubpath()
                start = p
                last = p
                kept.move(to: p)
            case .line(let p0):
                let p = q(p0)
                guard far(p) else { continue }
                kept.line(to: p)
                last = p
                subpathHasSegment = true
            case .quad(let c0, let p0):
                let c = q(c0), p = q(p0)
                guard far(c) || far(p) else { continue }
                kept.quad(to: p, control: c)
                last = p
                subpathHasSegment = true
            case .cubic(let c10, let c20, let p0):
                let c1 = q(c10), c2 = q(c20), p = q(p0)
                guard far(c1) || far(c2) || far(p) else { continue }
                kept.cubic(to: p, control1: c1, control2: c2)
                last = p
                subpathHasSegment = true
            case .close:
                if subpathHasSegment { kept.close() }
                last = start
            }
        }
        endSubpath()
        // Subpaths reduced to a bare move are dropped: the stroker must never see them.
        segments = Path(elements: StrokePreparation.withoutBareMoves(kept.elements))
        self.dots = dots
    }

    private static func withoutBareMoves(_ elements: [Path.Element]) -> [Path.Element] {
        var result: [Path.Element] = []
        for (i, e) in elements.enumerated() {
            if case .move = e {
                guard i + 1 < elements.count else { continue }
                if case .move = elements[i + 1] { continue }
            }
            result.append(e)
        }
        return result
    }

    /// The cap shapes standing in for dots, for a stroke of `width` device pixels.
    func dotPath(width: Double, cap: StrokeStyle.Cap) -> Path? {
        guard cap != .butt, !dots.isEmpty else { return nil }
        var path = Path()
        let r = width / 2
        for d in dots {
            let box = Rect(x: d.x - r, y: d.y - r, width: width, height: width)
            path.append(contentsOf: cap == .round ? Path(ellipseIn: box) : Path(rect: box))
        }
        return path
    }
}

/// Where outline coordinates end up before FreeType sees them.
enum OutlineCoordinates {
    /// Device coordinates are clamped to ±`limit` pixels. Pixel areas lie within ±1,000,000
    /// (`PixelRect`), so coordinates relative to an area stay within ±3,000,000 pixels: in
    /// the rasterizer's 24.8 cells that is under 2³¹. Beyond the canvas a clamped point only
    /// changes edges that never reach it.
    static let limit = 2_000_000.0

    /// `p` clamped to ±`limit` and put on FreeType's 26.6 fixed-point grid (1/64 pixel):
    /// x rounded down and y rounded up, which is FreeType's y-up coordinate rounded down.
    /// Pixel areas have integer origins, so the grid is the same relative to any area.
    static func quantized(_ p: Point) -> Point {
        func clamped(_ v: Double) -> Double { min(max(v.isNaN ? 0 : v, -limit), limit) * 64 }
        return Point(x: clamped(p.x).rounded(.down) / 64, y: clamped(p.y).rounded(.up) / 64)
    }
}
