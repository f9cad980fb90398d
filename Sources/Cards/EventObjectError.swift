import JSONData

/// Why bytes are not an event's JSON object, before any of its fields is read: the parser's
/// refusal (`syntax`), or bytes the parser was not given (over the size limit) or whose value
/// is not an object.
public struct EventObjectError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The parser's kinds: a repeated key, or anything else that is not one strict JSON
    /// object in UTF-8 within the size limit (`malformed`).
    public typealias Kind = JSONSyntaxError.Kind

    /// The parser's refusal, when the parser refused the bytes; nil otherwise.
    public let syntax: JSONSyntaxError?
    public let reason: String

    /// The parser refused the bytes; `reason` says why (by default `malformed JSON: …`, or
    /// for a repeated key, `appears more than once`).
    public init(syntax: JSONSyntaxError, reason: String? = nil) {
        self.syntax = syntax
        self.reason = reason ?? (syntax.kind == .repeatedKey ? "appears more than once" : "malformed JSON: \(syntax)")
    }

    /// A refusal as a caller sees it; a repeated key carries a parser error with no offset.
    public init(kind: Kind = .malformed, path: String = "", reason: String) {
        self.syntax = kind == .repeatedKey ? JSONSyntaxError(kind: .repeatedKey, reason: reason, offset: 0, path: path) : nil
        self.reason = reason
    }

    public var kind: Kind { syntax?.kind ?? .malformed }

    /// Where a repeated key is, as `JSONNode` paths are written (`title`, `subtitle.a`,
    /// `list[2].c`); empty for a malformed document.
    public var path: String { kind == .repeatedKey ? syntax?.path ?? "" : "" }

    /// The same problem as the event decoder reports it: a repeated key names its path,
    /// anything else is about the whole object (no field).
    public var eventError: EventError { EventError(field: path, reason: reason) }

    public var description: String { eventError.description }

    /// Equal when a caller sees the same refusal: kind, path and reason (a parser error's
    /// byte offset is in the reason of a malformed document, and means nothing for a
    /// repeated key).
    public static func == (a: EventObjectError, b: EventObjectError) -> Bool {
        a.kind == b.kind && a.path == b.path && a.reason == b.reason
    }
}
