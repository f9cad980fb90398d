/// Why bytes are not a JSON document `JSONValue.parse` accepts, and where.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// Not RFC 8259 JSON in UTF-8, or nested deeper than the parser allows.
        case malformed
        /// Well-formed, but an object gives the same key twice (`path` names the second one).
        case repeatedKey
    }

    public let kind: Kind
    public let reason: String
    /// The byte offset in the document where reading stopped.
    public let offset: Int
    /// The member being read, written as `elements[2].fill`; empty at the top level.
    public internal(set) var path: String

    public init(kind: Kind = .malformed, reason: String, offset: Int, path: String = "") {
        self.kind = kind
        self.reason = reason
        self.offset = offset
        self.path = path
    }

    public var description: String { path.isEmpty ? "\(reason) at byte \(offset)" : "\(reason) at byte \(offset) (in \(path))" }

    /// The error as seen from the object or array that holds the failing value.
    func inside(_ component: String) -> JSONSyntaxError {
        var copy = self
        copy.path = path.isEmpty || path.hasPrefix("[") ? component + path : component + "." + path
        return copy
    }
}
