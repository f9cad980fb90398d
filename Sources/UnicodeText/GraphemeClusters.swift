import CICU

/// Extended grapheme cluster boundaries (UAX #29, via ICU) as UTF-16 offsets, ascending,
/// starting with 0 and ending with the text's UTF-16 count (just `[0]` for empty text).
/// These are the units a user perceives as one character: nothing should split them.
public struct GraphemeClusters: RandomAccessCollection, Hashable, Sendable {
    public let boundaries: [Int]

    public init(_ text: String, locale: LocaleIdentifier = .root) throws {
        try self.init(utf16: Array(text.utf16), locale: locale)
    }

    /// Clusters of UTF-16 code units that may be malformed: an unpaired surrogate is a
    /// cluster of its own.
    public init(utf16 units: [UInt16], locale: LocaleIdentifier = .root) throws {
        boundaries = try Self.asciiBoundaries(units) ?? ICUBoundaries.offsets(units, locale: locale, sc_icu_grapheme_boundaries)
    }

    /// The clusters as ICU's break iterator finds them, whatever the text.
    init(icu units: [UInt16], locale: LocaleIdentifier) throws {
        boundaries = try ICUBoundaries.offsets(units, locale: locale, sc_icu_grapheme_boundaries)
    }

    /// The boundaries of an all-ASCII text, or nil for any other. In ASCII the rules come down
    /// to one: CR LF is one cluster, every other unit one of its own (no ASCII character
    /// extends, joins or prepends). Most titles are ASCII, and for them the first break
    /// iterator ICU opens, its rules and data read, was a twentieth of a millisecond.
    static func asciiBoundaries(_ units: [UInt16]) -> [Int]? {
        guard units.allSatisfy({ $0 < 0x80 }) else { return nil }
        var boundaries = [0]
        boundaries.reserveCapacity(units.count + 1)
        for offset in stride(from: 1, through: units.count, by: 1)
        where !(units[offset - 1] == 0x0D && offset < units.count && units[offset] == 0x0A) {
            boundaries.append(offset)
        }
        return boundaries
    }

    /// The number of clusters.
    public var count: Int { Swift.max(0, boundaries.count - 1) }
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// The UTF-16 range of the cluster at `position`.
    public subscript(position: Int) -> Range<Int> { boundaries[position]..<boundaries[position + 1] }

    /// True when `offset` is a cluster boundary (0 and the end included).
    public func isBoundary(_ offset: Int) -> Bool {
        let i = firstBoundary(notBefore: offset)
        return i < boundaries.count && boundaries[i] == offset
    }

    /// The range of the cluster containing the code unit at `offset`, or nil when `offset`
    /// is outside the text.
    public func cluster(containing offset: Int) -> Range<Int>? {
        guard offset >= 0, let end = boundaries.last, offset < end else { return nil }
        let i = firstBoundary(notBefore: offset + 1)
        return boundaries[i - 1]..<boundaries[i]
    }

    /// The last boundary at or before `offset` (for breaking an overlong word).
    public func boundary(atOrBefore offset: Int) -> Int {
        let i = firstBoundary(notBefore: offset)
        if i < boundaries.count && boundaries[i] == offset { return offset }
        return i > 0 ? boundaries[i - 1] : 0
    }

    private func firstBoundary(notBefore offset: Int) -> Int {
        var lo = 0, hi = boundaries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if boundaries[mid] < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
