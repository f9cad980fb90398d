/// One header field, as received or to be sent.
public struct HTTPField: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// Header fields in order, duplicates kept, looked up by name without regard to ASCII case.
public struct HTTPHeaders: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    public private(set) var fields: [HTTPField]

    public init() { fields = [] }

    public init(_ fields: [HTTPField]) { self.fields = fields }

    /// Fields in the literal's order: `["Content-Type": "image/png", "ETag": "\"1\""]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { HTTPField(name: $0.0, value: $0.1) }
    }

    public var startIndex: Int { fields.startIndex }
    public var endIndex: Int { fields.endIndex }
    public subscript(position: Int) -> HTTPField { fields[position] }

    /// The first value of the field named `name`, or nil.
    public subscript(_ name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    /// Every value of the field named `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// The field's values combined as RFC 9110 §5.3 combines a repeated field (joined by
    /// ", "), or nil. For a field that holds one value (`Origin`), two fields then read as one
    /// value that is no valid one, never as whichever came first.
    public func combined(_ name: String) -> String? {
        let all = values(for: name)
        return all.isEmpty ? nil : all.joined(separator: ", ")
    }

    public func contains(_ name: String) -> Bool {
        fields.contains { Self.sameName($0.name, name) }
    }

    /// Adds a field after the others (a duplicate name adds a second field).
    public mutating func append(_ name: String, _ value: String) {
        fields.append(HTTPField(name: name, value: value))
    }

    /// Replaces every field named `name` with one field, placed where the first one was.
    public mutating func set(_ name: String, _ value: String) {
        if let first = fields.firstIndex(where: { Self.sameName($0.name, name) }) {
            fields[first].value = value
            var index = first + 1
            while index < fields.count {
                if Self.sameName(fields[index].name, name) { fields.remove(at: index) } else { index += 1 }
            }
        } else {
            append(name, value)
        }
    }

    public mutating func remove(_ name: String) {
        fields.removeAll { Self.sameName($0.name, name) }
    }

    /// ASCII case-insensitive comparison (field names are ASCII tokens).
    static func sameName(_ a: String, _ b: String) -> Bool {
        let x = a.utf8, y = b.utf8
        guard x.count == y.count else { return false }
        return zip(x, y).allSatisfy { lowercased($0) == lowercased($1) }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
    }
}

extension HTTPField {
    /// True when `name` is a non-empty RFC 9110 token.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            default:
                return "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
    }

    /// True when `value` holds no control character other than horizontal tab (so no CR, LF
    /// or NUL can split or cut the header).
    static func isValidValue(_ value: String) -> Bool {
        value.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }
    }
}
