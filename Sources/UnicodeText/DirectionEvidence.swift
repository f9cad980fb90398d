import CFriBiDi

/// What a paragraph's characters say about its direction, outside isolates (as UAX #9 rule P2
/// reads it): the first strong letter's direction, how many words of strong letters run each
/// way, and whether the author set direction explicitly.
public struct DirectionEvidence: Hashable, Sendable {
    /// The direction of the first strong letter outside isolates; nil when there is none.
    public let firstStrong: TextDirection?
    /// Maximal runs of strong letters of one direction, outside isolates: "Meeting with محمد at
    /// 5pm" has 4 left to right (Meeting, with, at, pm) and 1 right to left.
    public let leftToRightWords: Int
    public let rightToLeftWords: Int
    /// Whether the text holds an explicit directional mark (U+200E, U+200F, U+061C), embedding,
    /// override or isolate: the author took direction in hand.
    public let hasExplicitFormatting: Bool

    /// FriBiDi's type bits (fribidi-bidi-types.h).
    private static let rtlMask: UInt32 = 0x1, strongMask: UInt32 = 0x10, weakMask: UInt32 = 0x20,
                       letterMask: UInt32 = 0x100, explicitMask: UInt32 = 0x1000, isolateMask: UInt32 = 0x8000

    /// From FriBiDi's type of each scalar of `scalars`.
    init(scalars: [UInt32], types: [FriBidiCharType]) {
        var first: TextDirection?, ltr = 0, rtl = 0, explicit = false
        var depth = 0, previous: TextDirection?
        for (scalar, type) in zip(scalars, types) {
            let bits = UInt32(truncatingIfNeeded: type.rawValue)
            if scalar == 0x200E || scalar == 0x200F || scalar == 0x061C || bits & (Self.explicitMask | Self.isolateMask) != 0 {
                explicit = true
            }
            if bits & Self.isolateMask != 0 {
                depth = bits & Self.weakMask != 0 ? max(0, depth - 1) : depth + 1  // PDI is the weak one
                previous = nil
                continue
            }
            guard depth == 0 else { continue }
            guard bits & Self.strongMask != 0, bits & Self.letterMask != 0 else {
                previous = nil
                continue
            }
            let direction: TextDirection = bits & Self.rtlMask != 0 ? .rightToLeft : .leftToRight
            if first == nil { first = direction }
            if direction != previous {
                if direction == .rightToLeft { rtl += 1 } else { ltr += 1 }
            }
            previous = direction
        }
        firstStrong = first
        leftToRightWords = ltr
        rightToLeftWords = rtl
        hasExplicitFormatting = explicit
    }
}
