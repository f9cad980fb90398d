import Geometry

/// A length in a scene: points, or a share of something the canvas decides, so one design
/// serves every canvas size. Written as a number (points) or a string: `"N%"` or `"A/B"` of
/// the container along the axis the length is measured on; `"Nvmin"`, `"Nvmax"`, `"Nvw"`,
/// `"Nvh"` (N % of the canvas's shorter side, longer side, width or height), or `"A/Bvmin"`
/// and so on (A/B of it). A share is computed as `side × A / B`, so a design drawn at
/// 1024×576 can say `"140/576"` and get exactly 140 points there. As in CSS, `"min(A, B…)"` and
/// `"max(A, B…)"` (2 to 4 of those shares) take the least or the greatest, and
/// `"clamp(LOW, WANTED, HIGH)"` is `max(LOW, min(WANTED, HIGH))`: a title at
/// `"clamp(24vmin, 8vw, 45vh)"` grows with the width of a strip until the height stops it.
public enum Length: Hashable, Sendable {
    case points(Double)
    case share(Basis, numerator: Double, denominator: Double)
    indirect case least([Length])
    indirect case greatest([Length])

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
        case .least(let terms): return terms.map { $0.points(along: along, canvas: canvas) }.min() ?? 0
        case .greatest(let terms): return terms.map { $0.points(along: along, canvas: canvas) }.max() ?? 0
        }
    }

    /// The single lengths inside `min`/`max`/`clamp`, or this length alone.
    public var terms: [Length] {
        switch self {
        case .points, .share: return [self]
        case .least(let terms), .greatest(let terms): return terms.flatMap(\.terms)
        }
    }

    /// The number written, as a share (A/B) or in points.
    public var magnitude: Double {
        switch self {
        case .points(let n): return n
        case .share(_, let a, let b): return a / b
        case .least, .greatest: return terms.map { abs($0.magnitude) }.max() ?? 0
        }
    }

    /// Whether the length (or any term of a `min`/`max`) is a share of the container.
    public var isContainerShare: Bool {
        terms.contains { if case .share(.container, _, _) = $0 { return true } else { return false } }
    }

    /// The same length measured the other way (a centre offset, mirrored).
    public var negated: Length {
        switch self {
        case .points(let n): return .points(-n)
        case .share(let basis, let a, let b): return .share(basis, numerator: -a, denominator: b)
        case .least(let terms): return .greatest(terms.map(\.negated))  // -min(a, b) = max(-a, -b)
        case .greatest(let terms): return .least(terms.map(\.negated))
        }
    }

    /// Parses the string forms; nil when the text is none of them. Scanned as UTF-8 (every
    /// mark of the grammar is ASCII, and a number with anything else in it is no number): a
    /// template's twenty lengths cost a one-card render 0.2 million instructions as Characters.
    public init?(_ text: String) {
        guard let open = text.utf8.firstIndex(of: UInt8(ascii: "(")) else {
            self.init(single: text[...])
            return
        }
        guard text.utf8.last == UInt8(ascii: ")"), let function = Function(rawValue: String(text[..<open])) else { return nil }
        let inside = text[text.utf8.index(after: open)..<text.utf8.index(before: text.endIndex)]
        var terms: [Length] = []
        var start = inside.startIndex
        while terms.count <= 4 {
            let comma = inside.utf8[start...].firstIndex(of: UInt8(ascii: ",")) ?? inside.endIndex
            let term = Length.trimmingWhitespace(inside[start..<comma])
            guard let length = Length(single: term) ?? Length.points(inFunction: term) else { return nil }
            terms.append(length)
            guard comma < inside.endIndex else { break }
            start = inside.utf8.index(after: comma)
        }
        switch function {
        case .min where (2...4).contains(terms.count): self = .least(terms)
        case .max where (2...4).contains(terms.count): self = .greatest(terms)
        case .clamp where terms.count == 3: self = .greatest([terms[0], .least([terms[1], terms[2]])])
        default: return nil
        }
    }

    private enum Function: String { case min, max, clamp }

    /// `text` without leading and trailing white space: whole characters, as a title is
    /// trimmed, so a combining mark on a space goes with it.
    private static func trimmingWhitespace(_ text: Substring) -> Substring {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace }) else { return text[text.endIndex...] }
        return text[first...last]
    }

    /// A term of `min`/`max`/`clamp` written as a plain decimal number (`"min(50%, 300)"`): points,
    /// as the same number outside a string is. Digits with at most one point and a leading
    /// minus only, so `inf`, `nan` and hexadecimal stay errors.
    private static func points(inFunction text: Substring) -> Length? {
        var digits = text.utf8[...]
        if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        var numerals = 0, points = 0
        for byte in digits {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): numerals += 1
            case UInt8(ascii: "."): points += 1
            default: return nil
            }
        }
        guard numerals > 0, points <= 1, let value = Double(text) else { return nil }
        return .points(value)
    }

    /// One share (`"N%"`, `"A/B"`, `"Nvmin"`, …), not a `min`/`max`.
    private init?(single text: Substring) {
        var body = text
        var basis = Length.Basis.container
        var percent = false
        if body.utf8.last == UInt8(ascii: "%") {
            percent = true
            body = body[..<body.utf8.index(before: body.endIndex)]
        } else {
            for unit in [Basis.vmin, .vmax, .vw, .vh] {
                let unitStart = body.utf8.index(body.endIndex, offsetBy: -unit.rawValue.utf8.count, limitedBy: body.startIndex)
                if let unitStart, body.utf8[unitStart...].elementsEqual(unit.rawValue.utf8) {
                    basis = unit
                    body = body[..<unitStart]
                    break
                }
            }
        }
        let slash = body.utf8.firstIndex(of: UInt8(ascii: "/"))
        guard let a = Double(body[..<(slash ?? body.endIndex)]), a.isFinite else { return nil }
        if let slash {
            let denominator = body[body.utf8.index(after: slash)...]
            guard !percent, let b = Double(denominator), b.isFinite, b > 0 else { return nil }
            self = .share(basis, numerator: a, denominator: b)
        } else {
            // A bare number in a string is not a length: points are written as JSON numbers.
            guard percent || basis != .container else { return nil }
            self = .share(basis, numerator: a, denominator: 100)
        }
    }
}
