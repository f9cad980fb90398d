import Foundation
import JSONData
import UnicodeText

/// An error in a JSON document: where (a path such as `elements[2].fill`) and what was expected.
public struct JSONInputError: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }
}

/// A read-only view of parsed JSON that remembers its path, so every error can say where
/// it is. Objects are checked for unknown keys with `rejectUnknownKeys`.
public struct JSONNode {
    public let value: JSONValue
    /// Where the value is, written out by `path` when asked for.
    public let location: JSONPath

    public init(value: JSONValue, path: String = "") {
        self.init(value: value, location: .root(path))
    }

    public init(value: JSONValue, location: JSONPath) {
        self.value = value
        self.location = location
    }

    /// Where the value is in its document, as errors give it (`colors[3].background`).
    public var path: String { location.text }

    /// Nesting allowed in a document: scenes nest groups 16 deep, two JSON levels each.
    public static let maximumDepth = 128

    /// The largest scene document read, in bytes (4 MiB).
    public static let maximumDocumentBytes = 4 << 20

    /// Parses `bytes` as one JSON document (an object or an array at the top level) with
    /// `JSONValue.parse`. A key given twice in one object is refused at its path.
    public static func parse(_ bytes: [UInt8], maximumBytes: Int = maximumDocumentBytes) throws(JSONInputError) -> JSONNode {
        try parse(byteCount: bytes.count, maximumBytes: maximumBytes) { body in bytes.withUnsafeBytes(body) }
    }

    /// The same, for bytes held as `Data`.
    public static func parse(_ data: Data, maximumBytes: Int = maximumDocumentBytes) throws(JSONInputError) -> JSONNode {
        try parse(byteCount: data.count, maximumBytes: maximumBytes) { body in data.withUnsafeBytes(body) }
    }

    private typealias Parsed = Result<JSONValue, JSONSyntaxError>

    private static func parse(byteCount: Int, maximumBytes: Int,
                              withBytes: ((UnsafeRawBufferPointer) -> Parsed) -> Parsed) throws(JSONInputError) -> JSONNode {
        guard byteCount <= maximumBytes else {
            throw JSONInputError(path: "", reason: "document is \(byteCount) bytes, over the limit of \(maximumBytes)")
        }
        let result = withBytes { bytes in
            Result { () throws(JSONSyntaxError) in try JSONValue.parse(bytes, maximumDepth: maximumDepth) }
        }
        switch result {
        case .success(let value):
            switch value {
            case .object, .array: return JSONNode(value: value)
            default: throw JSONInputError(path: "", reason: "malformed JSON: the document is \(value.kindName), not an object or an array")
            }
        case .failure(let error) where error.kind == .repeatedKey:
            throw JSONInputError(path: error.path, reason: "appears more than once")
        case .failure(let error):
            throw JSONInputError(path: "", reason: "malformed JSON: \(error)")
        }
    }

    public func fail(_ reason: String) -> JSONInputError { JSONInputError(path: path, reason: reason) }

    private func child(_ key: String) -> String { JSONPath.member(location, key).text }

    public var isObject: Bool { if case .object = value { true } else { false } }
    public var isArray: Bool { if case .array = value { true } else { false } }
    public var isString: Bool { if case .string = value { true } else { false } }

    /// The object's members in document order.
    public func requireObject() throws(JSONInputError) -> [JSONValue.Member] {
        guard case .object(let members) = value else { throw fail("expected an object, found \(typeName)") }
        return members
    }

    /// Whether this is an object with a member `key`, even a `null` one.
    public func has(_ key: String) -> Bool { value[key] != nil }

    /// The member `key`, or nil when absent (JSON null counts as absent).
    public func optional(_ key: String) throws(JSONInputError) -> JSONNode? {
        for member in try requireObject() where member.key == key {
            if case .null = member.value { return nil }
            return JSONNode(value: member.value, location: .member(location, key))
        }
        return nil
    }

    public func required(_ key: String) throws(JSONInputError) -> JSONNode {
        guard let node = try optional(key) else { throw JSONInputError(path: child(key), reason: "is required") }
        return node
    }

    /// This object without its member `key` (same path).
    public func removing(_ key: String) throws(JSONInputError) -> JSONNode {
        JSONNode(value: .object(try requireObject().filter { $0.key != key }), location: location)
    }

    /// Refuses the first unknown key in sorted order, so the message does not depend on the
    /// document's member order.
    public func rejectUnknownKeys(allowed: Set<String>) throws(JSONInputError) {
        let members = try requireObject()
        guard let key = members.lazy.map(\.key).filter({ !allowed.contains($0) }).min() else { return }
        // The key is the file's, not ours: escaped, so a control character cannot reach a terminal.
        throw JSONInputError(path: child(QuotedValue.escaped(key)), reason: "unknown field (expected one of: \(allowed.sorted().joined(separator: ", ")))")
    }

    /// The same for keys written out at the call (`allowed: ["name", "colors"]`, which takes
    /// this overload): a handful of keys compared one by one costs less than a set made for
    /// one check. The message is the set's.
    public func rejectUnknownKeys(allowed: [String]) throws(JSONInputError) {
        let members = try requireObject()
        guard members.allSatisfy({ allowed.contains($0.key) }) else { return try rejectUnknownKeys(allowed: Set(allowed)) }
    }

    public func array(maximumCount: Int = 100_000) throws(JSONInputError) -> [JSONNode] {
        guard case .array(let items) = value else { throw fail("expected an array, found \(typeName)") }
        guard items.count <= maximumCount else { throw fail("has \(items.count) items, over the limit of \(maximumCount)") }
        return items.enumerated().map { JSONNode(value: $1, location: .item(location, $0)) }
    }

    public func string(maximumLength: Int = 100_000) throws(JSONInputError) -> String {
        guard case .string(let s) = value else { throw fail("expected a string, found \(typeName)") }
        guard s.utf8.count <= maximumLength else { throw fail("is \(s.utf8.count) bytes long, over the limit of \(maximumLength)") }
        return s
    }

    /// `true` or `false`; a number (even 0 or 1) is refused.
    public func bool() throws(JSONInputError) -> Bool {
        guard case .bool(let flag) = value else { throw fail("expected true or false, found \(typeName)") }
        return flag
    }

    /// A number within `range`; `true` and `false` are refused.
    public func number(in range: ClosedRange<Double> = -1e6...1e6) throws(JSONInputError) -> Double {
        guard case .number(let d) = value else { throw fail("expected a number, found \(typeName)") }
        guard range.contains(d) else { throw fail("must be between \(range.lowerBound) and \(range.upperBound), got \(d)") }
        return d
    }

    /// A whole number within `range`; `3.0` counts as 3, `3.5` is refused.
    public func integer(in range: ClosedRange<Int>) throws(JSONInputError) -> Int {
        let d = try number(in: Double(range.lowerBound)...Double(range.upperBound))
        guard d == d.rounded() else { throw fail("expected a whole number, got \(d)") }
        return Int(d)
    }

    /// A fixed-length array of numbers, such as a point `[x, y]` or a rect `[x, y, w, h]`.
    public func numbers(count: Int, in range: ClosedRange<Double> = -1e6...1e6) throws(JSONInputError) -> [Double] {
        let items = try array()
        guard items.count == count else { throw fail("expected \(count) numbers, found \(items.count)") }
        var values: [Double] = []
        values.reserveCapacity(count)
        for item in items { values.append(try item.number(in: range)) }
        return values
    }

    public var typeName: String { value.kindName }
}
