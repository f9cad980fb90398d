/// A font weight on the OpenType `usWeightClass` / CSS scale, 1...1000 (400 regular, 700 bold).
public struct FontWeight: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let value: Int

    /// Nil when `value` is outside 1...1000.
    public init?(_ value: Int) {
        guard (1...1000).contains(value) else { return nil }
        self.value = value
    }

    private init(unchecked value: Int) { self.value = value }

    public static let thin = FontWeight(unchecked: 100)
    public static let light = FontWeight(unchecked: 300)
    public static let regular = FontWeight(unchecked: 400)
    public static let medium = FontWeight(unchecked: 500)
    public static let semibold = FontWeight(unchecked: 600)
    public static let bold = FontWeight(unchecked: 700)
    public static let black = FontWeight(unchecked: 900)

    public static func < (a: FontWeight, b: FontWeight) -> Bool { a.value < b.value }
    public var description: String { String(value) }

    /// The order in which available weights are tried for a requested one (CSS Fonts 4, §5.2):
    /// for 400...500 first heavier weights up to 500, then lighter ones, then heavier than 500;
    /// below 400 lighter first, then heavier; above 500 heavier first, then lighter.
    /// Returns the best of `available`, or nil when it is empty.
    public func nearest(in available: some Sequence<FontWeight>) -> FontWeight? {
        var best: FontWeight?
        var bestRank = (Int.max, Int.max)
        for candidate in available {
            let rank = matchRank(of: candidate)
            if rank < bestRank { best = candidate; bestRank = rank }
        }
        return best
    }

    /// Lower is better: (tier, distance within the tier).
    private func matchRank(of candidate: FontWeight) -> (Int, Int) {
        let c = candidate.value, w = value
        if c == w { return (0, 0) }
        if (400...500).contains(w) {
            if c > w && c <= 500 { return (1, c - w) }
            if c < w { return (2, w - c) }
            return (3, c - w)
        }
        if w < 400 { return c < w ? (1, w - c) : (2, c - w) }
        return c > w ? (1, c - w) : (2, w - c)
    }
}
