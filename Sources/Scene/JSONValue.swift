import Foundation

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
    public let value: Any
    public let path: String

    public init(value: Any, path: String = "") {
        self.value = value
        self.path = path
    }

    /// Parses `data` as one JSON document (objects and arrays at the top level).
    public static func parse(_ data: Data, maximumBytes: Int = 4 << 20) throws -> JSONNode {
        guard data.count <= maximumBytes else {
            throw JSONInputError(path: "", reason: "document is \(data.count) bytes, over the limit of \(maximumBytes)")
        }
        do {
            return JSONNode(value: try JSONSerialization.jsonObject(with: data, options: []))
        } catch {
            let nsError = error as NSError
            let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? "not valid JSON"
            throw JSONInputError(path: "", reason: "malformed JSON: \(detail)")
        }
    }

    public func fail(_ reason: String) -> JSONInputError { JSONInputError(path: path, reason: reason) }

    private func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    public var object: [String: Any]? { value as? [String: Any] }

    public func requireObject() throws -> [String: Any] {
        guard let o = object else { throw fail("expected an object, found \(typeName)") }
        return o
    }

    /// The member `key`, or nil when absent (JSON null counts as absent).
    public func optional(_ key: String) throws -> JSONNode? {
        let o = try requireObject()
        // A type comparison, not `is NSNull`: that cast tries to bridge every other value's type
        // and costs a template's first read a conformance look-up per type (≈ 1.5 % of a render).
        guard let v = o[key], type(of: v) != NSNull.self else { return nil }
        return JSONNode(value: v, path: child(key))
    }

    public func required(_ key: String) throws -> JSONNode {
        guard let node = try optional(key) else { throw JSONInputError(path: child(key), reason: "is required") }
        return node
    }

    public func rejectUnknownKeys(allowed: Set<String>) throws {
        for key in try requireObject().keys.sorted() where !allowed.contains(key) {
            throw JSONInputError(path: child(key), reason: "unknown field (expected one of: \(allowed.sorted().joined(separator: ", ")))")
        }
    }

    public func array(maximumCount: Int = 100_000) throws -> [JSONNode] {
        guard let a = value as? [Any] else { throw fail("expected an array, found \(typeName)") }
        guard a.count <= maximumCount else { throw fail("has \(a.count) items, over the limit of \(maximumCount)") }
        return a.enumerated().map { JSONNode(value: $1, path: "\(path)[\($0)]") }
    }

    public func string(maximumLength: Int = 100_000) throws -> String {
        guard let s = value as? String else { throw fail("expected a string, found \(typeName)") }
        guard s.utf8.count <= maximumLength else { throw fail("is \(s.utf8.count) bytes long, over the limit of \(maximumLength)") }
        return s
    }

    public func bool() throws -> Bool {
        guard let n = value as? NSNumber, JSONNode.isBoolean(n) else {
            throw fail("expected true or false, found \(typeName)")
        }
        return n.boolValue
    }

    /// A finite number within `range`.
    public func number(in range: ClosedRange<Double> = -1e6...1e6) throws -> Double {
        guard let n = value as? NSNumber, !JSONNode.isBoolean(n) else {
            throw fail("expected a number, found \(typeName)")
        }
        let d = n.doubleValue
        guard d.isFinite, range.contains(d) else { throw fail("must be between \(range.lowerBound) and \(range.upperBound), got \(d)") }
        return d
    }

    public func integer(in range: ClosedRange<Int>) throws -> Int {
        let d = try number(in: Double(range.lowerBound)...Double(range.upperBound))
        guard d == d.rounded() else { throw fail("expected a whole number, got \(d)") }
        return Int(d)
    }

    /// A fixed-length array of numbers, such as a point `[x, y]` or a rect `[x, y, w, h]`.
    public func numbers(count: Int, in range: ClosedRange<Double> = -1e6...1e6) throws -> [Double] {
        let items = try array()
        guard items.count == count else { throw fail("expected \(count) numbers, found \(items.count)") }
        return try items.map { try $0.number(in: range) }
    }

    /// JSON `true`/`false` arrive as a distinct NSNumber subclass whose type code is "c".
    static func isBoolean(_ n: NSNumber) -> Bool { String(cString: n.objCType) == "c" && type(of: n) != NSNumber.self }

    public var typeName: String {
        switch value {
        case is NSNull: return "null"
        case let n as NSNumber: return JSONNode.isBoolean(n) ? "a boolean" : "a number"
        case is String: return "a string"
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        default: return "an unknown value"
        }
    }
}
