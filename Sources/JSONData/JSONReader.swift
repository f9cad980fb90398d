#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a JSON document value by value, for a reader that knows the document's shape and
/// wants its own types at once: no `JSONValue` tree is built, and keys are compared as bytes.
/// The grammar, limits and refusals are `JSONValue.parse`'s (the same scanner reads both), and
/// a key given twice in one object is refused here too.
///
/// Every `read…` that finds another kind of value than it asks for returns nil (or false) and
/// consumes nothing, so the caller can say what it expected. A value the caller does not want
/// is read with `skipValue`, which checks it as strictly as the rest.
public struct JSONReader {
    /// The kind of the next value, seen from its first byte.
    public enum Kind: Sendable {
        case object, array, string, number, bool, null
    }

    /// An object member's name: its bytes when it has no escapes, decoded when it has.
    public struct Key {
        let raw: UnsafeRawBufferPointer
        let decoded: String?

        /// Whether the key is `name`, compared byte by byte.
        public func matches(_ name: StaticString) -> Bool {
            let expected = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
            if let decoded { return decoded.utf8.elementsEqual(expected) }
            return raw.count == expected.count && (raw.isEmpty || memcmp(raw.baseAddress!, expected.baseAddress!, raw.count) == 0)
        }

        /// The key as a string, for a message.
        public var text: String { decoded ?? String(decoding: raw, as: UTF8.self) }

        /// Same key: bytes compared while both are plain ASCII, strings (canonical equivalence,
        /// as `JSONValue.parse` compares them) otherwise.
        func same(as other: Key) -> Bool {
            if decoded == nil, other.decoded == nil {
                return raw.count == other.raw.count && (raw.isEmpty || memcmp(raw.baseAddress!, other.raw.baseAddress!, raw.count) == 0)
            }
            return text == other.text
        }
    }

    var scanner: JSONParser
    var depth = 0
    /// The keys of the objects being read, innermost last (repeats are refused per object).
    var pendingKeys: [Key] = []

    /// A reader over `bytes`, which must outlive it. One leading UTF-8 byte-order mark is skipped.
    public init(_ bytes: UnsafeRawBufferPointer, maximumDepth: Int = JSONValue.defaultMaximumDepth) {
        scanner = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { scanner.index = 3 }
    }

    /// The byte offset reading has reached.
    public var offset: Int { scanner.index }

    /// The kind of the next value; throws at the end of the document or before a byte no
    /// value starts with.
    public mutating func nextKind() throws(JSONSyntaxError) -> Kind {
        scanner.skipSpace()
        guard scanner.index < scanner.end else { throw scanner.fail("unexpected end of the document") }
        switch scanner.bytes[scanner.index] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw scanner.noValue()
        }
    }

    public mutating func readString() throws(JSONSyntaxError) -> String? {
        guard try nextKind() == .string else { return nil }
        return try scanner.string()
    }

    public mutating func readNumber() throws(JSONSyntaxError) -> Double? {
        guard try nextKind() == .number else { return nil }
        return try scanner.number()
    }

    public mutating func readBool() throws(JSONSyntaxError) -> Bool? {
        guard try nextKind() == .bool else { return nil }
        if case .bool(let flag) = try scanner.value(depth: depth) { return flag }
        return nil
    }

    /// True, having read it, when the next value is `null`.
    public mutating func readNull() throws(JSONSyntaxError) -> Bool {
        guard try nextKind() == .null else { return false }
        _ = try scanner.literal("null", .null)
        return true
    }

    /// Reads and checks the next value, keeping nothing.
    public mutating func skipValue() throws(JSONSyntaxError) {
        _ = try scanner.value(depth: depth)
    }

    /// Calls `member` for each member of the next value, an object, with the reader placed at
    /// the member's value, which `member` must read (or skip). False, having read nothing,
    /// when the next value is not an object.
    public mutating func readObject(_ member: (inout JSONReader, Key) throws -> Void) throws -> Bool {
        guard try nextKind() == .object else { return false }
        depth += 1
        defer { depth -= 1 }
        guard depth <= scanner.maximumDepth else { throw scanner.fail("nested more than \(scanner.maximumDepth) levels deep") }
        scanner.index += 1
        let base = pendingKeys.count
        defer { pendingKeys.removeLast(pendingKeys.count - base) }
        scanner.skipSpace()
        if scanner.index < scanner.end, scanner.bytes[scanner.index] == UInt8(ascii: "}") { scanner.index += 1; return true }
        while true {
            scanner.skipSpace()
            guard scanner.index < scanner.end, scanner.bytes[scanner.index] == UInt8(ascii: "\"") else {
                throw scanner.fail(scanner.index < scanner.end ? "expected a key in quotes" : "unexpected end of the document")
            }
            let keyOffset = scanner.index
            let key = try self.key()
            if pendingKeys[base...].contains(where: { $0.same(as: key) }) {
                throw JSONSyntaxError(kind: .repeatedKey, reason: "key \"\(key.text)\" given twice", offset: keyOffset, path: key.text)
            }
            pendingKeys.append(key)
            scanner.skipSpace()
            guard scanner.index < scanner.end, scanner.bytes[scanner.index] == UInt8(ascii: ":") else {
                throw scanner.fail("expected ':' after a key")
            }
            scanner.index += 1
            // Measured after the white space, which a read that finds another kind skips too.
            scanner.skipSpace()
            let before = scanner.index
            try member(&self, key)
            if scanner.index == before { try skipValue() }
            scanner.skipSpace()
            guard scanner.index < scanner.end else { throw scanner.fail("unexpected end of the document") }
            switch scanner.bytes[scanner.index] {
            case UInt8(ascii: ","): scanner.index += 1
            case UInt8(ascii: "}"): scanner.index += 1; return true
            default: throw scanner.fail("expected ',' or '}'")
            }
        }
    }

    /// Calls `item` with each item's index, the reader placed at the item, which `item` must
    /// read (or skip). False, having read nothing, when the next value is not an array.
    public mutating func readArray(_ item: (inout JSONReader, Int) throws -> Void) throws -> Bool {
        guard try nextKind() == .array else { return false }
        depth += 1
        defer { depth -= 1 }
        guard depth <= scanner.maximumDepth else { throw scanner.fail("nested more than \(scanner.maximumDepth) levels deep") }
        scanner.index += 1
        scanner.skipSpace()
        if scanner.index < scanner.end, scanner.bytes[scanner.index] == UInt8(ascii: "]") { scanner.index += 1; return true }
        var count = 0
        while true {
            scanner.skipSpace()
            let before = scanner.index
            try item(&self, count)
            if scanner.index == before { try skipValue() }
            count += 1
            scanner.skipSpace()
            guard scanner.index < scanner.end else { throw scanner.fail("unexpected end of the document") }
            switch scanner.bytes[scanner.index] {
            case UInt8(ascii: ","): scanner.index += 1
            case UInt8(ascii: "]"): scanner.index += 1; return true
            default: throw scanner.fail("expected ',' or ']'")
            }
        }
    }

    /// After the top-level value: only white space may follow.
    public mutating func finish() throws(JSONSyntaxError) {
        scanner.skipSpace()
        guard scanner.index == scanner.end else { throw scanner.fail("unexpected text after the value") }
    }

    /// A key at the opening quote: its bytes when they are plain ASCII without escapes,
    /// otherwise decoded (and so checked) by the scanner.
    private mutating func key() throws(JSONSyntaxError) -> Key {
        let start = scanner.index + 1
        var i = start
        while i < scanner.end {
            let byte = scanner.bytes[i]
            if byte == UInt8(ascii: "\"") {
                scanner.index = i + 1
                return Key(raw: UnsafeRawBufferPointer(rebasing: scanner.bytes[start..<i]), decoded: nil)
            }
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { break }
            i += 1
        }
        let decoded = try scanner.string()
        return Key(raw: UnsafeRawBufferPointer(rebasing: scanner.bytes[start..<(scanner.index - 1)]), decoded: decoded)
    }
}
