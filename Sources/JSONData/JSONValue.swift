/// A JSON value read from the project's own data files and from its users: templates,
/// palettes, scenes, the font manifest, events (request bodies, batch lines, `--event`
/// files) and the batch journal, all parsed by `JSONValue.parse`.
///
/// Numbers are `Double`s and never booleans (Foundation's `NSNumber` is both). An object keeps
/// its members in document order, in an array: data files have a handful of keys per object,
/// and a scan is cheaper than hashing every key into a dictionary. Keys are unique within an
/// object (the parser refuses repeats).
public enum JSONValue: Equatable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([Member])

    public struct Member: Equatable, Sendable {
        public let key: String
        public let value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// Objects are equal when they have the same members in any order, as in JSON.
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { member in y.contains(member) }
        default: return false
        }
    }

    /// The member named `key` of an object (`null` included); nil when absent or not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// "an object", "a number", …: for messages that say what was found.
    public var kindName: String {
        switch self {
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
