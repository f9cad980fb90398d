import Geometry
import Typesetting

/// Where an element goes: fixed coordinates, or constraints against the canvas or its safe
/// area, solved when the scene is resolved for a canvas size and a reading direction.
public enum Frame: Hashable, Sendable {
    /// Fixed coordinates in points.
    case absolute(Rect)
    case constrained(FrameConstraints)

    /// The rectangle on a `canvas`-point canvas whose safe area is `safe`, for text read in
    /// `direction`, with the frames of the named elements placed before it.
    public func place(in canvas: Size, safe: Rect? = nil, direction: TextDirection = .leftToRight,
                      named: [String: Rect] = [:]) -> Rect {
        switch self {
        case .absolute(let r): return r
        case .constrained(let c):
            let safe = safe ?? Rect(origin: .zero, size: canvas)
            return c.anchored(to: named, canvas: canvas, safe: safe).solve(canvas: canvas, safe: safe, direction: direction)
        }
    }
}

/// A position given by another element's edge: `{"to": "title.bottom", "offset": 24}` puts
/// this edge (or centre) 24 points below the bottom of the element named `title`.
public struct Anchor: Hashable, Sendable {
    public enum Edge: String, Hashable, Sendable, CaseIterable {
        case left, right, top, bottom, centerX, centerY
    }
    public let id: String
    public let edge: Edge
    public let offset: Double

    public init(id: String, edge: Edge, offset: Double) {
        self.id = id
        self.edge = edge
        self.offset = offset
    }

    func coordinate(in r: Rect) -> Double {
        switch edge {
        case .left: return r.minX + offset
        case .right: return r.maxX + offset
        case .top: return r.minY + offset
        case .bottom: return r.maxY + offset
        case .centerX: return r.midX + offset
        case .centerY: return r.midY + offset
        }
    }
}

extension FrameConstraints {
    /// The constraints with every anchor turned into a distance from the container's edge (or
    /// centre). An anchor to an element that was left out (its text had a missing field)
    /// counts as the container's own edge.
    func anchored(to named: [String: Rect], canvas: Size, safe: Rect) -> FrameConstraints {
        guard !horizontal.anchors.isEmpty || !vertical.anchors.isEmpty else { return self }
        let box = container == .safe ? safe : Rect(origin: .zero, size: canvas)
        func resolve(_ axis: Axis, min: Double, max: Double) -> Axis {
            var a = axis
            for (slot, anchor) in axis.anchors {
                guard let frame = named[anchor.id] else {
                    switch slot {
                    case .start: a.start = .points(0)
                    case .end: a.end = .points(0)
                    case .center: a.center = .points(0)
                    }
                    continue
                }
                let c = anchor.coordinate(in: frame)
                switch slot {
                case .start: a.start = .points(c - min)
                case .end: a.end = .points(max - c)
                case .center: a.center = .points(c - (min + max) / 2)
                }
            }
            a.anchors = [:]
            return a
        }
        var result = self
        result.horizontal = resolve(horizontal, min: box.minX, max: box.maxX)
        result.vertical = resolve(vertical, min: box.minY, max: box.maxY)
        return result
    }
}

/// Constraints on one element's frame. Per axis, any two of the start edge, the end edge,
/// the centre and the size place it; given one edge or the centre alone, the size comes from
/// `aspect` or, failing that, is the container's; given only a size, the element is centred.
/// Sizes are then clamped to `min…max`. With `aspect` and a size on both axes, the frame is
/// the largest box of that aspect within them, placed as a clamped size is (centred in the
/// span two positions give, against the one edge given, centred without one).
///
/// Edges are insets from the container's edge (`right: 40` is 40 points from its right
/// edge); centres are offsets from the container's centre. `leading` and `trailing` are
/// `left` and `right` for left-to-right text and swap for right-to-left, so a design mirrors.
public struct FrameConstraints: Hashable, Sendable {
    public enum Container: String, Hashable, Sendable, CaseIterable {
        case canvas, safe
    }

    public struct Axis: Hashable, Sendable {
        public var start: Length?
        public var end: Length?
        public var center: Length?
        public var size: Length?
        public var minimum: Length?
        public var maximum: Length?
        /// Positions given by other elements' edges (the matching length is a placeholder).
        public var anchors: [Slot: Anchor] = [:]

        public enum Slot: Hashable, Sendable { case start, end, center }

        public init(start: Length? = nil, end: Length? = nil, center: Length? = nil, size: Length? = nil,
                    minimum: Length? = nil, maximum: Length? = nil) {
            self.start = start
            self.end = end
            self.center = center
            self.size = size
            self.minimum = minimum
            self.maximum = maximum
        }

        var positions: Int { [start, end, center].compactMap { $0 }.count }
    }

    public var container: Container
    public var horizontal: Axis
    public var vertical: Axis
    /// Horizontal edges given as leading/trailing, mirrored right to left.
    public var mirrors: Bool
    /// Width ÷ height.
    public var aspect: Double?
    /// Where the frame was written, for messages about what it resolves to.
    public var sourceLocation: JSONPath

    /// Where the frame was written (`elements[1].elements[0].frame`); empty when it was not
    /// read from a file.
    public var source: String { sourceLocation.text }

    public init(container: Container = .canvas, horizontal: Axis, vertical: Axis, mirrors: Bool = false, aspect: Double? = nil,
                source: String = "") {
        self.init(container: container, horizontal: horizontal, vertical: vertical, mirrors: mirrors, aspect: aspect,
                  sourceLocation: .root(source))
    }

    public init(container: Container = .canvas, horizontal: Axis, vertical: Axis, mirrors: Bool = false, aspect: Double? = nil,
                sourceLocation: JSONPath) {
        self.container = container
        self.horizontal = horizontal
        self.vertical = vertical
        self.mirrors = mirrors
        self.aspect = aspect
        self.sourceLocation = sourceLocation
    }

    func solve(canvas: Size, safe: Rect, direction: TextDirection) -> Rect {
        let box = container == .safe ? safe : Rect(origin: .zero, size: canvas)
        var h = horizontal
        if mirrors && direction == .rightToLeft {
            (h.start, h.end) = (h.end, h.start)
            h.center = h.center?.negated
        }
        func pt(_ l: Length?, _ along: Double) -> Double? { l?.points(along: along, canvas: canvas) }

        // Sizes: explicit, or between two positions, or from the aspect, or the container's.
        func span(_ a: Axis, _ along: Double) -> Double? {
            if let s = pt(a.size, along) { return s }
            if let s = pt(a.start, along), let e = pt(a.end, along) { return along - s - e }
            if let s = pt(a.start, along), let c = pt(a.center, along) { return 2 * (along / 2 + c - s) }
            if let e = pt(a.end, along), let c = pt(a.center, along) { return 2 * (along / 2 - c - e) }
            return nil
        }
        var width = span(h, box.width), height = span(vertical, box.height)
        if let aspect, aspect > 0 {
            switch (width, height) {
            case (nil, let hh?): width = hh * aspect
            case (let ww?, nil): height = ww / aspect
            default: break
            }
        }
        var w = width ?? box.width, hgt = height ?? box.height
        func clamp(_ v: Double, _ a: Axis, _ along: Double) -> Double {
            var v = v
            if let m = pt(a.maximum, along) { v = min(v, m) }
            if let m = pt(a.minimum, along) { v = max(v, m) }
            return max(0, v)
        }
        w = clamp(w, h, box.width)
        hgt = clamp(hgt, vertical, box.height)
        // The largest box of the aspect inside the sizes found (centred in them, below).
        if let aspect, aspect > 0, width != nil, height != nil, hgt > 0 {
            if w / hgt > aspect { w = hgt * aspect } else { hgt = w / aspect }
        }

        /// The origin along one axis for the final `size`, the natural size being `natural`.
        func origin(_ a: Axis, _ along: Double, _ size: Double, _ natural: Double) -> Double {
            let start = pt(a.start, along), end = pt(a.end, along), center = pt(a.center, along)
            if a.size == nil, a.positions >= 2 {
                // Two positions span a box; the final box is centred in it.
                let spanStart = start ?? (along - (end ?? 0) - natural)
                return spanStart + (natural - size) / 2
            }
            if let start { return start }
            if let end { return along - end - size }
            return along / 2 + (center ?? 0) - size / 2
        }
        let x = origin(h, box.width, w, width ?? box.width)
        let y = origin(vertical, box.height, hgt, height ?? box.height)
        return Rect(x: box.minX + x, y: box.minY + y, width: w, height: hgt)
    }
}
