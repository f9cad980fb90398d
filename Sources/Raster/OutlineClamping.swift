import Geometry

/// FreeType's smooth rasterizer refuses an outline whose box reaches past ±2²⁴ of its 1/64-pixel
/// units, ±262,144 pixels from the bitmap's origin, and then draws nothing of it. So a path
/// that reaches farther than `reach` from the pixels being drawn is first clamped into a
/// rectangle around them (`Path.clamped(to:closingSubpaths:)`), which leaves every pixel
/// inside as it was. Paths within `reach` are drawn as given, point for point.
enum OutlineClamping {
    /// How far beyond the pixels drawn a path may reach before it is clamped: with a canvas of
    /// at most 12,288 device pixels a side, every coordinate then stays well inside
    /// FreeType's ±262,144.
    static let reach = 100_000.0

    /// How far beyond the pixels drawn a clamped path's rectangle lies. A line cut at its edge
    /// ends on a point put on FreeType's 1/64-pixel grid, which tilts the line by at most that
    /// much over this distance and the pixels', not over the line's length.
    static let room = 4_096.0

    /// `path` as the rasterizer should be given it to draw the pixels of `bounds`, with its
    /// control points' bounds: itself when it lies within `reach` of them, else clamped to
    /// `bounds` grown by `room` and `margin` device pixels (a stroke's reach beyond its path).
    static func prepared(_ path: Path, for bounds: PixelRect, margin: Double = 0,
                         closingSubpaths: Bool) -> (path: Path, controlPointBounds: Rect) {
        let around = Rect(x: Double(bounds.x), y: Double(bounds.y), width: Double(bounds.width), height: Double(bounds.height))
        let box = path.controlPointBounds
        guard box.minX < around.minX - reach || box.minY < around.minY - reach
              || box.maxX > around.maxX + reach || box.maxY > around.maxY + reach else { return (path, box) }
        let clamped = path.clamped(to: around.insetBy(dx: -(room + margin), dy: -(room + margin)), closingSubpaths: closingSubpaths)
        return (clamped, clamped.controlPointBounds)
    }
}

extension Path {
    /// A path with every point inside `rect` that fills every point strictly inside `rect` as
    /// this one does, by either fill rule. Clamping a point onto `rect` maps each of the nine
    /// regions around it linearly, so a segment is first cut where it crosses the lines of
    /// `rect`'s edges, and each piece is clamped whole: a piece to one side of `rect` becomes a line on
    /// that edge, which crosses a horizontal ray from an inside point exactly when the piece
    /// did (left), or crosses no such ray, as the piece did not (above, below, right).
    /// A curve is kept while its control points lie inside, clamped as a line once it lies
    /// wholly beyond one edge (the same argument: only its ends' heights count), and halved
    /// while it crosses an edge, down to a sixteenth of a pixel, where it is taken as a line.
    ///
    /// `closingSubpaths`: every subpath ends with its closing line, as a fill closes it; else
    /// (a stroke) only a subpath that is closed gets it, and an open one stays open.
    func clamped(to rect: Rect, closingSubpaths: Bool) -> Path {
        var clamper = Clamper(rect: rect)
        var start: Point?
        var current = Point(x: 0, y: 0)
        func endSubpath(closed: Bool) {
            guard let subpathStart = start else { return }
            if closingSubpaths || closed {
                if current != subpathStart { clamper.line(from: current, to: subpathStart) }
                clamper.output.close()
            }
            start = nil
        }
        for element in elements {
            switch element {
            case .move(let p):
                endSubpath(closed: false)
                start = p
                current = p
                clamper.output.move(to: clamper.clamp(p))
            case .line(let p):
                clamper.line(from: current, to: p)
                current = p
            case .quad(let c, let p):
                clamper.curve([current, c, p], depth: 0)
                current = p
            case .cubic(let c1, let c2, let p):
                clamper.curve([current, c1, c2, p], depth: 0)
                current = p
            case .close:
                endSubpath(closed: true)
            }
        }
        endSubpath(closed: false)
        return clamper.output
    }
}

/// The clamping of `Path.clamped(to:closingSubpaths:)`, segment by segment.
private struct Clamper {
    let rect: Rect
    var output = Path()

    /// Curves are halved at most this often (a 2²⁴-pixel curve down to 1/16 pixel is 28 halvings).
    static let deepestHalving = 40
    static let smallestCurve = 1.0 / 16

    func clamp(_ p: Point) -> Point {
        Point(x: min(max(p.x, rect.minX), rect.maxX), y: min(max(p.y, rect.minY), rect.maxY))
    }

    /// A line cut where it crosses the lines of `rect`'s edges, each piece clamped.
    mutating func line(from a: Point, to b: Point) {
        var cuts: [Double] = []
        func cut(_ from: Double, _ to: Double, at edge: Double) {
            guard (from < edge && to > edge) || (from > edge && to < edge) else { return }
            cuts.append((edge - from) / (to - from))
        }
        cut(a.x, b.x, at: rect.minX)
        cut(a.x, b.x, at: rect.maxX)
        cut(a.y, b.y, at: rect.minY)
        cut(a.y, b.y, at: rect.maxY)
        for t in cuts.sorted() {
            output.line(to: clamp(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)))
        }
        output.line(to: clamp(b))
    }

    /// A quadratic (3 points) or cubic (4 points) Bézier curve from `points[0]`.
    mutating func curve(_ points: [Point], depth: Int) {
        let xs = points.map(\.x), ys = points.map(\.y)
        let minX = xs.min()!, maxX = xs.max()!, minY = ys.min()!, maxY = ys.max()!
        let last = points[points.count - 1]
        if minX >= rect.minX, maxX <= rect.maxX, minY >= rect.minY, maxY <= rect.maxY {
            if points.count == 3 { output.quad(to: last, control: points[1]) } else { output.cubic(to: last, control1: points[1], control2: points[2]) }
        } else if maxX <= rect.minX || minX >= rect.maxX || maxY <= rect.minY || minY >= rect.maxY {
            output.line(to: clamp(last))
        } else if depth >= Self.deepestHalving || max(maxX - minX, maxY - minY) <= Self.smallestCurve {
            line(from: points[0], to: last)
        } else {
            let (first, second) = Self.halves(points)
            curve(first, depth: depth + 1)
            curve(second, depth: depth + 1)
        }
    }

    /// The two halves of a Bézier curve at t = ½ (de Casteljau).
    static func halves(_ points: [Point]) -> ([Point], [Point]) {
        func mid(_ a: Point, _ b: Point) -> Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
        var rows = [points]
        while rows[rows.count - 1].count > 1 {
            let row = rows[rows.count - 1]
            rows.append((0..<(row.count - 1)).map { mid(row[$0], row[$0 + 1]) })
        }
        return (rows.map { $0[0] }, rows.reversed().map { $0[$0.count - 1] })
    }
}
