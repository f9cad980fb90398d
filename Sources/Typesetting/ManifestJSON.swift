/// A JSON value as the font manifest reader needs it, parsed straight from UTF-8 bytes.
///
/// The manifest is read on every start (a one-card render included); going through
/// `JSONSerialization` bridged every object to Foundation types and back and cost more than
/// the rest of the render, so this small strict parser (RFC 8259: no comments, no trailing
/// commas, nesting at most 32 deep) reads it instead.
///
/// An object keeps its members in document order, in an array: the manifest's objects have a
/// handful of keys each, and hashing 1,300 keys into dictionaries was 40 % of the parse.
enum ManifestJSON: Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([ManifestJSON])
    case object([Member])

    /// One member of an object; keys are unique within an object (the parser refuses repeats).
    struct Member: Equatable {
        let key: String
        let value: ManifestJSON
    }

    /// Objects are equal when they have the same members in any order, as in JSON.
    static func == (a: ManifestJSON, b: ManifestJSON) -> Bool {
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

    struct SyntaxError: Error, CustomStringConvertible {
        let offset: Int
        let reason: String
        var description: String { "\(reason) at byte \(offset)" }
    }

    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> ManifestJSON {
        var parser = Parser(bytes: bytes)
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == bytes.count else { throw parser.fail("unexpected text after the value") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        func fail(_ reason: String) -> SyntaxError { SyntaxError(offset: index, reason: reason) }

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09 || bytes[index] == 0x0D { index += 1 }
        }

        mutating func expect(_ literal: String) throws(SyntaxError) {
            for byte in literal.utf8 {
                guard index < bytes.count, bytes[index] == byte else { throw fail("expected \(literal)") }
                index += 1
            }
        }

        mutating func value(depth: Int) throws(SyntaxError) -> ManifestJSON {
            guard depth < 32 else { throw fail("nested too deeply") }
            skipSpace()
            guard index < bytes.count else { throw fail("unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [Member] = []
                // Repeated keys are found by a scan while the object is small, by a set beyond.
                var keys: Set<String>?
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key") }
                    let key = try string()
                    skipSpace()
                    try expect(":")
                    let member = Member(key: key, value: try value(depth: depth + 1))
                    let repeated: Bool
                    if keys != nil {
                        repeated = keys?.insert(key).inserted == false
                    } else if members.count < 16 {
                        repeated = members.contains { $0.key == key }
                    } else {
                        var seen = Set(members.map(\.key))
                        repeated = !seen.insert(key).inserted
                        keys = seen
                    }
                    guard !repeated else { throw fail("key \"\(key)\" given twice") }
                    members.append(member)
                    skipSpace()
                    guard index < bytes.count else { throw fail("unexpected end") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    try expect("}")
                    return .object(members)
                }
            case UInt8(ascii: "["):
                index += 1
                var items: [ManifestJSON] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                while true {
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard index < bytes.count else { throw fail("unexpected end") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    try expect("]")
                    return .array(items)
                }
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"):
                try expect("true"); return .bool(true)
            case UInt8(ascii: "f"):
                try expect("false"); return .bool(false)
            case UInt8(ascii: "n"):
                try expect("null"); return .null
            default:
                return .number(try number())
            }
        }

        mutating func number() throws(SyntaxError) -> Double {
            let start = index
            // The common case, a short whole number, without building a string.
            var whole = 0.0, count = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]), count < 15 {
                whole = whole * 10 + Double(bytes[index] - 0x30)
                count += 1
                index += 1
            }
            if count > 0, !(bytes[start] == 0x30 && count > 1),
               index == bytes.count || !"+-0123456789.eE".utf8.contains(bytes[index]) {
                return whole
            }
            index = start
            while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            guard let first = digits.first, first.isNumber, !(first == "0" && digits.count > 1 && digits.dropFirst().first?.isNumber == true),
                  let value = Double(text), value.isFinite else {
                index = start
                throw fail("expected a value")
            }
            return value
        }

        mutating func string() throws(SyntaxError) -> String {
            index += 1  // the opening quote
            // Runs between escapes are decoded whole: a string without escapes is one decode
            // (appending scalar by scalar cost a render ~3 % of its samples on the font manifest).
            var text = ""
            var run = index
            func flush(_ end: Int) {
                let piece = bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[run..<end]), as: UTF8.self) }
                if text.isEmpty { text = piece } else { text += piece }
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    flush(index)
                    index += 1
                    return text
                }
                guard byte >= 0x20 else { throw fail("control character in a string") }
                guard byte == UInt8(ascii: "\\") else { index += 1; continue }
                flush(index)
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): text.unicodeScalars.append("\"")
                case UInt8(ascii: "\\"): text.unicodeScalars.append("\\")
                case UInt8(ascii: "/"): text.unicodeScalars.append("/")
                case UInt8(ascii: "b"): text.unicodeScalars.append("\u{8}")
                case UInt8(ascii: "f"): text.unicodeScalars.append("\u{C}")
                case UInt8(ascii: "n"): text.unicodeScalars.append("\n")
                case UInt8(ascii: "r"): text.unicodeScalars.append("\r")
                case UInt8(ascii: "t"): text.unicodeScalars.append("\t")
                case UInt8(ascii: "u"):
                    var unit = try hex4()
                    if (0xD800..<0xDC00).contains(unit), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired surrogate") }
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(unit) else { throw fail("unpaired surrogate") }
                    text.unicodeScalars.append(scalar)
                default:
                    throw fail("unknown escape")
                }
                run = index
            }
            throw fail("unterminated string")
        }

        mutating func hex4() throws(SyntaxError) -> UInt32 {
            guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
            else { throw fail("expected four hex digits") }
            index += 4
            return value
        }
    }
}
