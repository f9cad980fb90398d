/// The direction text flows in.
public enum TextDirection: String, Hashable, Sendable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}

/// A resolved bidi embedding level (UAX #9): even levels run left to right, odd ones right
/// to left. Resolved levels are 0…126 (explicit embeddings reach 125, rule I2 adds one).
public struct BidiLevel: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let value: UInt8

    public static let maximum = 126

    public init(_ value: Int) throws {
        guard (0...BidiLevel.maximum).contains(value) else {
            throw UnicodeTextError.invalidArgument("bidi level must be 0…\(BidiLevel.maximum), got \(value)")
        }
        self.value = UInt8(value)
    }

    init(unchecked value: UInt8) { self.value = value }

    public static let leftToRight = BidiLevel(unchecked: 0)
    public static let rightToLeft = BidiLevel(unchecked: 1)

    public var direction: TextDirection { value & 1 == 0 ? .leftToRight : .rightToLeft }
    public var isRightToLeft: Bool { value & 1 == 1 }

    public static func < (a: BidiLevel, b: BidiLevel) -> Bool { a.value < b.value }
    public var description: String { String(value) }
}
