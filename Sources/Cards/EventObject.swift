import Foundation
import JSONData
import Scene

/// An event's JSON object (a request body, a batch line, an `--event` file) parsed once by
/// the strict parser. The layer that received it takes out the members it owns (`take`: a
/// batch line's `"id"`, `"size"`, `"photo"`, a body's `"size"`), then `EventDecoder` reads
/// what is left as the event, without the bytes being written and parsed again.
public struct EventObject: Sendable, Equatable {
    public private(set) var members: [JSONValue.Member]

    public init(members: [JSONValue.Member]) {
        self.members = members
    }

    /// Parses `bytes`, at most `maximumBytes` of them, as one JSON object, strictly
    /// (`JSONValue.parse`, nesting at most `JSONNode.maximumDepth` deep).
    public init(parsing bytes: some ContiguousBytes, maximumBytes: Int = EventDecoder.defaultMaximumBytes) throws(EventObjectError) {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(EventObjectError) in try Self.parse(raw, maximumBytes: maximumBytes) }
        }
        self = try result.get()
    }

    private static func parse(_ bytes: UnsafeRawBufferPointer, maximumBytes: Int) throws(EventObjectError) -> EventObject {
        guard bytes.count <= maximumBytes else {
            throw EventObjectError(reason: "event is \(bytes.count) bytes, over the limit of \(maximumBytes)")
        }
        let value: JSONValue
        do { value = try JSONValue.parse(bytes, maximumDepth: JSONNode.maximumDepth) } catch {
            throw EventObjectError(syntax: error, reason: error.kind == .repeatedKey ? nil : encodingProblem(bytes))
        }
        guard case .object(let members) = value else {
            throw EventObjectError(reason: "expected a JSON object with a title, found \(value.kindName)")
        }
        return EventObject(members: members)
    }

    /// Why bytes the parser refused are not UTF-8 at all, when that is the cause: a UTF-16 or
    /// UTF-32 text (a byte-order mark, or a zero byte among the first two: in UTF-8 JSON
    /// these are never zero) or bytes that are not UTF-8. Looked at only after a refusal.
    private static func encodingProblem(_ bytes: UnsafeRawBufferPointer) -> String? {
        if bytes.count >= 2, bytes[0] == 0xFE && bytes[1] == 0xFF || bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0 || bytes[1] == 0 {
            return "event is UTF-16 or UTF-32; JSON must be UTF-8"
        }
        let valid = bytes.withMemoryRebound(to: UInt8.self) { String(validating: $0, as: UTF8.self) != nil }
        return valid ? nil : "event is not valid UTF-8"
    }

    /// The member `key` (`null` included), removed; nil when there is none.
    public mutating func take(_ key: String) -> JSONValue? {
        guard let index = members.firstIndex(where: { $0.key == key }) else { return nil }
        return members.remove(at: index).value
    }
}
