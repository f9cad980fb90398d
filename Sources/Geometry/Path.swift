/// A vector outline in points: any number of subpaths built from lines and Bézier curves.
/// Geometry only; filling and stroking live in `Raster`.
public struct Path: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        case quad(control: Point, to: Point)
        case cubic(control1: Point, control2: Point, to: Point)
        case close
    }

    public private(set) var elements: [Element] = []
    private var current: Point?
    private var subpathStart: Point?
    private var justClosed = false

    public init() {}

    public init(elements: [Element]) {
        for element in elements { append(element) }
    }

    public var isEmpty: Bool { elements.isEmpty }

    public mutating func move(to p: Point) { append(.move(p)) }
    public mutating func line(to p: Point) { append(.line(p)) }
    public mutating func quad(to p: Point, control c: Point) { append(.quad(control: c, to: p)) }
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        append(.cubic(control1: c1, control2: c2, to: p))
    }
    public mutating func close() { append(.close) }

    /// The point the next segment starts from, if any.
    public var currentPoint: Point? { current }

    /// Appends one element. Every stored subpath begins with `.move`: a segment with no
    /// current point starts one at its end point, and a segment after `.close` starts one at
    /// the closed subpath's start (as in SVG and Core Graphics).
    public mutating func append(_ element: Element) {
        switch element {
        case .move(let p):
            elements.append(element)
            current = p
            subpathStart = p
            justClosed = false
        case .line(let p), .quad(_, let p), .cubic(_, _, let p):
            if current == nil {
                elements.append(.move(p))
                subpathStart = p
            } else if justClosed, let start = subpathStart {
                elements.append(.move(start))
            }
            elements.append(element)
            current = p
            justClosed = false
        case .close:
            guard current != nil, !justClosed else { return }
            elements.append(.close)
            current = subpathStart
            justClosed = true
        }
    }

    public mutating func append(contentsOf other: Path) {
        for element in other.elements { append(element) }
    }

    /// Every point of the path mapped through `t` (Bézier curves stay exact under affine maps).
    public func applying(_ t: Transform) -> Path {
        Path(elements: elements.map { element in
            switch element {
            case .move(let p): return .move(t.apply(p))
            case .line(let p): return .line(t.apply(p))
            case .quad(let c, let p): return .quad(control: t.apply(c), to: t.apply(p))
            case .cubic(let c1, let c2, let p):
                return .cubic(control1: t.apply(c1), control2: t.apply(c2), to: t.apply(p))
            case .close: return .close
            }
        })
    }

    /// A rectangle that contains the path: the bounds of all its points including Bézier
    /// control points (the curves lie inside their control hull).
    public var controlPointBounds: Rect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func add(_ p: Point) {
            x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p): add(c); add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        guard x0 <= x1 else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension Path {
    /// 4/3·(√2 − 1): puts the midpoint of each cubic quarter-arc exactly on the circle.
    static let circleKappa = 0.5522847498307936

    public init(rect: Rect) {
        self.init()
        move(to: Point(x: rect.minX, y: rect.minY))
        line(to: Point(x: rect.maxX, y: rect.minY))
        line(to: Point(x: rect.maxX, y: rect.maxY))
        line(to: Point(x: rect.minX, y: rect.maxY))
        close()
    }

    /// An ellipse inscribed in `rect`, drawn clockwise from its rightmost point.
    public init(ellipseIn rect: Rect) {
        self.init()
        let rx = rect.width / 2, ry = rect.height / 2
        let cx = rect.midX, cy = rect.midY
        let kx = rx * Path.circleKappa, ky = ry * Path.circleKappa
        move(to: Point(x: cx + rx, y: cy))
        cubic(to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + ky), control2: Point(x: cx + kx, y: cy + ry))
        cubic(to: Point(x: cx - rx, y: cy), control1: Point(x: cx - kx, y: cy + ry), control2: Point(x: cx - rx, y: cy + ky))
        cubic(to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - ky), control2: Point(x: cx - kx, y: cy - ry))
        cubic(to: Point(x: cx + rx, y: cy), control1: Point(x: cx + kx, y: cy - ry), control2: Point(x: cx + rx, y: cy - ky))
        close()
    }

    /// A rectangle with circular corners. The radius is clamped to half the shorter side,
    /// so a large radius gives a capsule (as UIKit's `cornerRadius` does).
    public init(roundedRect rect: Rect, cornerRadius: Double) {
        let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
        guard r > 0 else {
            self.init(rect: rect)
            return
        }
        self.init()
        let k = r * Path.circleKappa
        let x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
        move(to: Point(x: x0 + r, y: y0))
        line(to: Point(x: x1 - r, y: y0))
        cubic(to: Point(x: x1, y: y0 + r), control1: Point(x: x1 - r + k, y: y0), control2: Point(x: x1, y: y0 + r - k))
        line(to: Point(x: x1, y: y1 - r))
        cubic(to: Point(x: x1 - r, y: y1), control1: Point(x: x1, y: y1 - r + k), control2: Point(x: x1 - r + k, y: y1))
        line(to: Point(x: x0 + r, y: y1))
        cubic(to: Point(x: x0, y: y1 - r), control1: Point(x: x0 + r - k, y: y1), control2: Point(x: x0, y: y1 - r + k))
        line(to: Point(x: x0, y: y0 + r))
        cubic(to: Point(x: x0 + r, y: y0), control1: Point(x: x0, y: y0 + r - k), control2: Point(x: x0 + r - k, y: y0))
        close()
    }
}
