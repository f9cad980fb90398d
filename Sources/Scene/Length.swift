import Geometry

/// A length in a scene: points, or a share of something the canvas decides, so one design
/// serves every canvas size. Written as a number (points) or a string: `"N%"` or `"A/B"` of
/// the container along the axis the length is measured on; `"Nvmin"`, `"Nvmax"`, `"Nvw"`,
/// `"Nvh"` (N % of the canvas's shorter side, longer side, width or height), or `"A/Bvmin"`
/// and so on (A/B of it). A share is computed as `side × A / B`, so a design drawn at
/// 1024×576 can say `"140/576"` and get exactly 140 points there.
public enum Length: Hashable, Sendable {
    case points(Double)
    case share(Basis, numerator: Double, denominator: Double)

    public enum Basis: String, Hashable, Sendable, CaseIterable {
        case container = "", vmin, vmax, vw, vh
    }

    /// The length in points for a container `along` points long on a `canvas`-point canvas.
    public func points(along: Double, canvas: Size) -> Double {
        switch self {
        case .points(let p): return p
        case .share(let basis, let a, let b):
            let side: Double
            switch basis {
            case .container: side = along
            case .vmin: side = min(canvas.width, canvas.height)
            case .vmax: side = max(canvas.width, canvas.height)
            case .vw: side = canvas.width
            case .vh: side = canvas.height
            }
            return side * a / b
        }
    }

    /// The number written, as a share (A/B) or in points.
    public var magnitude: Double {
        switch self {
        case .points(let n): return n
        case .share(_, let a, let b): return a / b
        }
    }

    public var isContainerShare: Bool {
        if case .share(.container, _, _) = self { return true }
        return false
    }

    /// The same length measured the other way (a centre offset, mirrored).
    public var negated: Length {
        switch self {
        case .points(let n): return .points(-n)
        case .share(let basis, let a, let b): return .share(basis, numerator: -a, denominator: b)
        }
    }

    /// Parses the string forms; nil when the text is none of them.
    public init?(_ text: String) {
        var body = Substring(text)
        var basis = Length.Basis.container
        var percent = false
        if body.hasSuffix("%") {
            percent = true
            body = body.dropLast()
        } else if let b = [Basis.vmin, .vmax, .vw, .vh].first(where: { body.hasSuffix($0.rawValue) }) {
            basis = b
            body = body.dropLast(b.rawValue.count)
        }
        let parts = body.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, let a = Double(parts[0]), a.isFinite else { return nil }
        if parts.count == 2 {
            guard !percent, let b = Double(parts[1]), b.isFinite, b > 0 else { return nil }
            self = .share(basis, numerator: a, denominator: b)
        } else {
            // A bare number in a string is not a length: points are written as JSON numbers.
            guard percent || basis != .container else { return nil }
            self = .share(basis, numerator: a, denominator: 100)
        }
    }
}
