import CFreeType
import Geometry

/// Turns paths into anti-aliased coverage with FreeType's smooth rasterizer, and strokes them
/// with FreeType's stroker. One instance owns one `FT_Library`; use it from one thread at a time.
final class OutlineRasterizer {
    private let library: FT_Library

    init() {
        var lib: FT_Library?
        let error = FT_Init_FreeType(&lib)
        precondition(error == 0 && lib != nil, "FreeType failed to initialise (error \(error))")
        library = lib!
    }

    deinit { FT_Done_FreeType(library) }

    /// Coverage of `path` (in device pixels) within `clipBounds`, or nil when nothing is covered.
    func fill(_ path: Path, rule: FillRule, within clipBounds: PixelRect) -> CoverageMask? {
        let (path, box) = OutlineClamping.prepared(path, for: clipBounds, closingSubpaths: true)
        let area = PixelRect(enclosing: box).intersection(clipBounds)
        guard !area.isEmpty, !path.isEmpty else { return nil }
        var outline = OutlineBuilder(origin: area)
        outline.add(path)
        var mask = CoverageMask(bounds: area)
        let ok = outline.withOutline(evenOdd: rule == .evenOdd) { render($0, into: &mask) }
        return ok ? mask : nil
    }

    /// Coverage of the stroke of `path` (in device pixels, `style.width` already scaled).
    func stroke(_ path: Path, style: StrokeStyle, within clipBounds: PixelRect) -> CoverageMask? {
        let path = OutlineClamping.prepared(path, for: clipBounds, margin: Self.reach(of: style), closingSubpaths: false).path
        let prepared = StrokePreparation(path)
        let segments = strokeSegments(prepared.segments, style: style, within: clipBounds)
        guard let dots = prepared.dotPath(width: style.width, cap: style.cap),
              let dotCoverage = fill(dots, rule: .nonZero, within: clipBounds) else { return segments }
        guard let segments else { return dotCoverage }
        // Both are coverage of one stroke: combine them into a mask spanning both.
        let x0 = min(segments.bounds.x, dotCoverage.bounds.x), y0 = min(segments.bounds.y, dotCoverage.bounds.y)
        let x1 = max(segments.bounds.maxX, dotCoverage.bounds.maxX), y1 = max(segments.bounds.maxY, dotCoverage.bounds.maxY)
        var union = CoverageMask(bounds: PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        for part in [segments, dotCoverage] {
            for y in 0..<part.bounds.height {
                for x in 0..<part.bounds.width {
                    let ux = x + part.bounds.x - x0, uy = y + part.bounds.y - y0
                    union[ux, uy] = max(union[ux, uy], part[x, y])
                }
            }
        }
        return union
    }

    private func strokeSegments(_ path: Path, style: StrokeStyle, within clipBounds: PixelRect) -> CoverageMask? {
        let grow = Self.reach(of: style)
        let area = PixelRect(enclosing: path.controlPointBounds.insetBy(dx: -grow, dy: -grow)).intersection(clipBounds)
        guard !area.isEmpty, !path.isEmpty else { return nil }
        return withStroker(path, style: style, origin: area) { stroker in
            var pointCount: FT_UInt = 0, contourCount: FT_UInt = 0
            guard FT_Stroker_GetCounts(stroker, &pointCount, &contourCount) == 0, pointCount > 0,
                  pointCount <= UInt32(Int16.max), contourCount <= UInt32(Int16.max) else { return nil }
            var outline = FT_Outline()
            guard FT_Outline_New(library, pointCount, Int32(contourCount), &outline) == 0 else { return nil }
            defer { FT_Outline_Done(library, &outline) }
            outline.n_points = 0
            outline.n_contours = 0
            FT_Stroker_Export(stroker, &outline)
            var mask = CoverageMask(bounds: area)
            return render(&outline, into: &mask) ? mask : nil
        }
    }

    /// How far a stroke's outline may lie from its path, in device pixels: half the width for
    /// caps and round joins, and for a miter up to half the miter limit times the width (taken
    /// generously).
    private static func reach(of style: StrokeStyle) -> Double { style.width * max(style.miterLimit, 1.5) }

    /// The size of the outline the stroker builds for `path` (prepared, in device pixels):
    /// its points and contours, and the points of the dots filled beside it.
    func strokeOutlineSize(_ path: Path, style: StrokeStyle) -> (points: Int, contours: Int, dotPoints: Int) {
        let prepared = StrokePreparation(path)
        let dotPoints = prepared.dotPath(width: style.width, cap: style.cap)?.outlinePointCount ?? 0
        let grow = Self.reach(of: style)
        let area = PixelRect(enclosing: prepared.segments.controlPointBounds.insetBy(dx: -grow, dy: -grow))
        guard !prepared.segments.isEmpty else { return (0, 0, dotPoints) }
        let counts = withStroker(prepared.segments, style: style, origin: area) { stroker -> (Int, Int)? in
            var pointCount: FT_UInt = 0, contourCount: FT_UInt = 0
            guard FT_Stroker_GetCounts(stroker, &pointCount, &contourCount) == 0 else { return nil }
            return (Int(pointCount), Int(contourCount))
        }
        // A stroke FreeType cannot measure is reported as too large.
        return (counts?.0 ?? Int.max, counts?.1 ?? Int.max, dotPoints)
    }

    /// Runs `body` with a stroker that has taken in `path` (coordinates relative to `area`).
    private func withStroker<T>(_ path: Path, style: StrokeStyle, origin area: PixelRect, _ body: (FT_Stroker) -> T?) -> T? {
        var stroker: FT_Stroker?
        guard FT_Stroker_New(library, &stroker) == 0, let stroker else { return nil }
        defer { FT_Stroker_Done(stroker) }
        let join: FT_Stroker_LineJoin
        switch style.join {
        case .miter: join = FT_STROKER_LINEJOIN_MITER_FIXED
        case .round: join = FT_STROKER_LINEJOIN_ROUND
        case .bevel: join = FT_STROKER_LINEJOIN_BEVEL
        }
        let cap: FT_Stroker_LineCap
        switch style.cap {
        case .butt: cap = FT_STROKER_LINECAP_BUTT
        case .round: cap = FT_STROKER_LINECAP_ROUND
        case .square: cap = FT_STROKER_LINECAP_SQUARE
        }
        FT_Stroker_Set(stroker, FT_Fixed(style.width * 32), cap, join, FT_Fixed(style.miterLimit * 65536))

        let map = OutlineBuilder.CoordinateMap(origin: area)
        var open = false
        func endSubpath() {
            if open { FT_Stroker_EndSubPath(stroker) }
            open = false
        }
        let elements = path.elements
        for (i, element) in elements.enumerated() {
            switch element {
            case .move(let p):
                endSubpath()
                // A subpath is closed when a .close follows before the next .move.
                var closed = false
                for next in elements[(i + 1)...] {
                    if case .close = next { closed = true; break }
                    if case .move = next { break }
                }
                var v = map(p)
                FT_Stroker_BeginSubPath(stroker, &v, closed ? 0 : 1)
                open = true
            case .line(let p):
                var v = map(p)
                FT_Stroker_LineTo(stroker, &v)
            case .quad(let c, let p):
                var vc = map(c), vp = map(p)
                FT_Stroker_ConicTo(stroker, &vc, &vp)
            case .cubic(let c1, let c2, let p):
                var v1 = map(c1), v2 = map(c2), vp = map(p)
                FT_Stroker_CubicTo(stroker, &v1, &v2, &vp)
            case .close:
                endSubpath()
            }
        }
        endSubpath()
        return body(stroker)
    }

    /// Draws `outline` (relative to the mask's origin) into `mask`, in strips where FreeType's
    /// cell pool overflows (`FreeTypeCoverage`).
    private func render(_ outline: UnsafeMutablePointer<FT_Outline>, into mask: inout CoverageMask) -> Bool {
        let width = mask.bounds.width, rows = mask.bounds.height, pitch = mask.strideBytes
        return mask.withUnsafeMutableBytes { bytes in
            FreeTypeCoverage.render(outline, library: library, into: bytes.baseAddress!, width: width, rows: rows, pitch: pitch)
        }
    }
}

/// Collects a path as FreeType outline arrays in 26.6 fixed point, relative to a pixel area
/// and flipped to FreeType's y-up bitmap convention.
private struct OutlineBuilder {
    struct CoordinateMap {
        let originX: Double, bottomY: Double
        init(origin area: PixelRect) {
            originX = Double(area.x)
            bottomY = Double(area.y + area.height)
        }
        /// Points are clamped and rounded as `OutlineCoordinates.quantized` says, so a path
        /// already quantized maps exactly (whole 26.6 units).
        func callAsFunction(_ p: Point) -> FT_Vector {
            let q = OutlineCoordinates.quantized(p)
            return FT_Vector(x: FT_Pos(((q.x - originX) * 64).rounded()), y: FT_Pos(((bottomY - q.y) * 64).rounded()))
        }
    }

    let map: CoordinateMap
    var points: [FT_Vector] = []
    var tags: [CChar] = []
    var contourEnds: [Int16] = []

    init(origin area: PixelRect) { map = CoordinateMap(origin: area) }

    mutating func add(_ path: Path) {
        var contourStart = 0
        func endContour() {
            if points.count > contourStart {
                contourEnds.append(Int16(truncatingIfNeeded: points.count - 1))
            }
            contourStart = points.count
        }
        func point(_ p: Point, _ tag: Int32) {
            points.append(map(p))
            tags.append(CChar(tag))
        }
        let on = Int32(FT_CURVE_TAG_ON), conic = Int32(FT_CURVE_TAG_CONIC), cubic = Int32(FT_CURVE_TAG_CUBIC)
        for element in path.elements {
            switch element {
            case .move(let p): endContour(); point(p, on)
            case .line(let p): point(p, on)
            case .quad(let c, let p): point(c, conic); point(p, on)
            case .cubic(let c1, let c2, let p): point(c1, cubic); point(c2, cubic); point(p, on)
            case .close: endContour()
            }
        }
        endContour()
    }

    /// Calls `body` with an outline over the collected arrays. FreeType outlines hold at most
    /// 32,767 points; larger paths are not drawn (returns false).
    mutating func withOutline(evenOdd: Bool, _ body: (UnsafeMutablePointer<FT_Outline>) -> Bool) -> Bool {
        guard !points.isEmpty, points.count <= Int(Int16.max) else { return false }
        let count = points.count, contours = contourEnds.count
        return points.withUnsafeMutableBufferPointer { pts in
            tags.withUnsafeMutableBufferPointer { tg in
                contourEnds.withUnsafeMutableBufferPointer { ends in
                    var outline = FT_Outline()
                    outline.n_points = Int16(count)
                    outline.n_contours = Int16(contours)
                    outline.points = pts.baseAddress
                    outline.tags = tg.baseAddress
                    outline.contours = ends.baseAddress
                    outline.flags = evenOdd ? Int32(FT_OUTLINE_EVEN_ODD_FILL) : 0
                    return body(&outline)
                }
            }
        }
    }
}
