import Geometry

/// FreeType's stroker crashes on a subpath that goes nowhere (a zero or near-zero length
/// segment with round caps). Before stroking, segments shorter than `minimumLength` device
/// pixels are dropped, and a subpath left with no segment becomes a dot: SVG draws such a
/// subpath as the cap shape alone (a disc for round caps, a square for square caps,
/// nothing for butt caps).
struct StrokePreparation {
    static let minimumLength = 1.0 / 16

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
        for element in path.elements {
            switch element {
            case .move(let p):
                endSubpath()
                start = p
                last = p
                kept.move(to: p)
            case .line(let p):
                guard far(p) else { continue }
                kept.line(to: p)
                last = p
                subpathHasSegment = true
            case .quad(let c, let p):
                guard far(c) || far(p) else { continue }
                kept.quad(to: p, control: c)
                last = p
                subpathHasSegment = true
            case .cubic(let c1, let c2, let p):
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
                let next = i + 1 < elements.count ? elements[i + 1] : nil
                if next == nil { continue }
                if case .move = next! { continue }
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
