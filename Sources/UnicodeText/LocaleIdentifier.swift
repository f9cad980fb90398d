/// An ICU locale identifier that tailors break rules: `"ja"`, `"ja@lb=strict"`, `"th"`.
/// The empty identifier selects the root rules. Unknown identifiers fall back to root.
public struct LocaleIdentifier: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Accepts printable ASCII of at most 156 bytes (ICU's limit).
    public init(_ rawValue: String) throws {
        guard rawValue.utf8.count <= 156 else {
            throw UnicodeTextError.invalidArgument("locale identifier longer than 156 bytes")
        }
        guard rawValue.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else {
            throw UnicodeTextError.invalidArgument("locale identifier must be printable ASCII: \(rawValue.debugDescription)")
        }
        self.rawValue = rawValue
    }

    private init(unchecked: String) { rawValue = unchecked }

    /// The root rules, no language tailoring.
    public static let root = LocaleIdentifier(unchecked: "")

    public var description: String { rawValue.isEmpty ? "root" : rawValue }
}
