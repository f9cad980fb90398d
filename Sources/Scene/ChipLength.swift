import Geometry

/// A chip's padding or the gap between its icon and title: points, or a multiple of the chip's
/// font size (`"12/26em"`, `"0.5em"`, as CSS reads `em` in `padding`), so that a chip whose font
/// follows the canvas keeps its proportions at every size. The font size is the one the
/// template asks for, before a title shrinks to fit.
public enum ChipLength: Hashable, Sendable {
    case points(Double)
    case em(Double)

    /// The largest `em` accepted: five times the font size.
    public static let maximumEm = 5.0

    public func points(fontSizeInPoints: Double) -> Double {
        switch self {
        case .points(let p): return p
        case .em(let e): return e * fontSizeInPoints
        }
    }

    /// Reads `"Nem"` or `"A/Bem"` (N, A and B plain decimals, B not zero); nil for anything
    /// else or a value outside 0…`maximumEm`.
    public init?(em text: String) {
        guard text.hasSuffix("em") else { return nil }
        let body = text.dropLast(2)
        func decimal(_ s: Substring) -> Double? {
            guard !s.isEmpty, s.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { return nil }
            return Double(s)
        }
        let value: Double
        if let slash = body.firstIndex(of: "/") {
            guard let a = decimal(body[..<slash]), let b = decimal(body[body.index(after: slash)...]), b > 0 else { return nil }
            value = a / b
        } else {
            guard let v = decimal(body) else { return nil }
            value = v
        }
        guard value.isFinite, (0...Self.maximumEm).contains(value) else { return nil }
        self = .em(value)
    }
}

/// A chip's four content insets, each in points or in `em` of its font.
public struct ChipInsets: Hashable, Sendable {
    public let top, left, bottom, right: ChipLength

    public init(top: ChipLength, left: ChipLength, bottom: ChipLength, right: ChipLength) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }

    public func edgeInsets(fontSizeInPoints: Double) -> EdgeInsets {
        EdgeInsets(top: top.points(fontSizeInPoints: fontSizeInPoints), left: left.points(fontSizeInPoints: fontSizeInPoints),
                   bottom: bottom.points(fontSizeInPoints: fontSizeInPoints), right: right.points(fontSizeInPoints: fontSizeInPoints))
    }
}
