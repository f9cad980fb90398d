/// Why bytes are not an event's JSON object, before any of its fields is read.
public struct EventObjectError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// Not one strict JSON object in UTF-8 within the size limit.
        case malformed
        /// Well-formed, but an object gives the same key twice (`path` names the second one).
        case repeatedKey
    }

    public let kind: Kind
    /// Where a repeated key is, as `JSONNode` paths are written (`title`, `subtitle.a`,
    /// `list[2].c`); empty for a malformed document.
    public let path: String
    public let reason: String

    public init(kind: Kind = .malformed, path: String = "", reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }

    /// The same problem as the event decoder reports it: a repeated key names its path,
    /// anything else is about the whole object (no field).
    public var eventError: EventError { EventError(field: path, reason: reason) }

    public var description: String { eventError.description }
}
