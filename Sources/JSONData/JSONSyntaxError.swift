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
    /// The keys and `[index]`es leading to the member being read, outermost first.
    public private(set) var pathComponents: [String]

    public init(kind: Kind = .malformed, reason: String, offset: Int, path: String = "") {
        self.kind = kind
        self.reason = reason
        self.offset = offset
        self.pathComponents = path.isEmpty ? [] : [path]
    }

    /// The member being read, written as `elements[2].fill`; empty at the top level.
    public var path: String { Self.joined(pathComponents[...]) }

    /// A message names a path of at most this many levels whole; a deeper one (a document
    /// nested past the parser's bound is 129 levels deep) by its two ends and its depth.
    static let longestPathNamedWhole = 10

    public var description: String {
        guard !pathComponents.isEmpty else { return "\(reason) at byte \(offset)" }
        return "\(reason) at byte \(offset) (in \(shortPath))"
    }

    /// `path`, or for a deep one its first and last four levels: `a.a.a.a…a.a.a.a, 129 levels`.
    var shortPath: String {
        let count = pathComponents.count
        guard count > Self.longestPathNamedWhole else { return path }
        let head = Self.joined(pathComponents.prefix(4)), tail = Self.joined(pathComponents.suffix(4))
        return "\(head)…\(tail), \(count) levels"
    }

    /// Components joined as a path is written: a key after another component follows a dot,
    /// an `[index]` follows directly.
    private static func joined(_ components: ArraySlice<String>) -> String {
        var text = ""
        for component in components {
            if !text.isEmpty && !component.hasPrefix("[") { text += "." }
            text += component
        }
        return text
    }

    /// The error as seen from the object or array that holds the failing value.
    func inside(_ component: String) -> JSONSyntaxError {
        var copy = self
        copy.pathComponents.insert(component, at: 0)
        return copy
    }
}
