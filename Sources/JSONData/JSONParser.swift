import BufferText

extension JSONValue {
    /// Nesting deeper than this is refused unless a caller asks for another bound.
    public static let defaultMaximumDepth = 128

    /// Parses one JSON document from UTF-8 bytes, strictly (RFC 8259): no comments, no
    /// trailing commas, no leading zeros, no `NaN`; strings must be valid UTF-8 with no
    /// unescaped control characters and no unpaired surrogate escapes; a number too large
    /// for a `Double` (`1e400`) is refused, one too small (`1e-400`) reads as zero, and a
    /// whole number without fraction or exponent reads exactly (`-0` as 0). One leading UTF-8
    /// byte-order mark is skipped, as Foundation's parser does; other encodings are refused.
    /// Any value may stand at the top level. Recursive, so `maximumDepth` bounds the stack.
    public static func parse(_ bytes: UnsafeRawBufferPointer, maximumDepth: Int = defaultMaximumDepth) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { parser.index = 3 }
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == bytes.count else { throw parser.fail("unexpected text after the value") }
        return value
    }

    public static func parse(_ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth) throws(JSONSyntaxError) -> JSONValue {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONSyntaxError) in try parse(raw, maximumDepth: maximumDepth) }
        }
        return try result.get()
    }
}

/// Recursive descent over the bytes; every read is bounds-checked against `end`. Builds trees
/// for `JSONValue.parse` and scans values for `JSONReader`.
///
/// The members and items of the containers being read wait on two stacks shared by every
/// level and are copied into an array of the exact size when their container closes: one
/// allocation per container, where appending to a fresh array reallocated it as it grew
/// (a third of the font manifest's parse).
struct JSONParser {
    let bytes: UnsafeRawBufferPointer
    let maximumDepth: Int
    var index = 0
    var pendingMembers: [JSONValue.Member] = []
    var pendingItems: [JSONValue] = []
    var end: Int { bytes.count }

    init(bytes: UnsafeRawBufferPointer, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    func fail(_ reason: String) -> JSONSyntaxError { JSONSyntaxError(reason: reason, offset: index) }

    /// No value starts at `index`. A character the reader cannot see there (a control
    /// character, a byte that is not UTF-8, any non-ASCII character such as a no-break space or
    /// a typographic quotation mark) is named; a visible ASCII one is left to the byte offset.
    func noValue() -> JSONSyntaxError {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F { return fail("expected a value, found the control character \(Unicode.Scalar(byte).codePointName)") }
        guard byte >= 0x80 else { return fail("expected a value") }
        var decoder = UTF8()
        var following = bytes[index..<min(end, index + 4)].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&following) else {
            return fail("expected a value, found the byte 0x\(String(byte, radix: 16, uppercase: true)), which is not UTF-8")
        }
        let code = scalar.codePointName
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format, .unassigned, .privateUse, .surrogate,
             .nonspacingMark, .enclosingMark, .spacingMark:
            return fail("expected a value, found \(code)")
        default:
            return fail("expected a value, found \(code) (\(Character(scalar)))")
        }
    }

    mutating func skipSpace() {
        while index < end {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D else { return }
            index += 1
        }
    }

    mutating func literal(_ text: StaticString, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let count = text.utf8CodeUnitCount
        guard end - index >= count, memcmpEqual(text.utf8Start, count) else { throw fail("expected a value") }
        index += count
        return value
    }

    private func memcmpEqual(_ start: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        for offset in 0..<count where bytes[index + offset] != start[offset] { return false }
        return true
    }

    mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        skipSpace()
        guard index < end else { throw fail("unexpected end of the document") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw noValue()
        }
    }

    mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= maximumDepth else { throw fail("nested more than \(maximumDepth) levels deep") }
        index += 1  // {
        let base = pendingMembers.count
        // Repeated keys are found by a scan while the object is small, by a set beyond.
        var keys: Set<String>?
        skipSpace()
        if index < end, bytes[index] == UInt8(ascii: "}") { index += 1; return .object([]) }
        while true {
            skipSpace()
            guard index < end, bytes[index] == UInt8(ascii: "\"") else {
                throw fail(index < end ? "expected a key in quotes" : "unexpected end of the document")
            }
            let keyOffset = index
            let key = try string()
            let repeated: Bool
            if keys != nil {
                repeated = keys?.insert(key).inserted == false
            } else if pendingMembers.count - base < 16 {
                repeated = pendingMembers[base...].contains { $0.key == key }
            } else {
                var seen = Set(pendingMembers[base...].map(\.key))
                repeated = !seen.insert(key).inserted
                keys = seen
            }
            guard !repeated else { throw JSONSyntaxError(kind: .repeatedKey, reason: "key \"\(key)\" given twice", offset: keyOffset, path: key) }
            skipSpace()
            guard index < end, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
            index += 1
            let member: JSONValue
            do { member = try value(depth: depth) } catch { throw error.inside(key) }
            pendingMembers.append(JSONValue.Member(key: key, value: member))
            skipSpace()
            guard index < end else { throw fail("unexpected end of the document") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                let members = Array(pendingMembers[base...])
                pendingMembers.removeLast(pendingMembers.count - base)
                return .object(members)
            default: throw fail("expected ',' or '}'")
            }
        }
    }

    mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= maximumDepth else { throw fail("nested more than \(maximumDepth) levels deep") }
        index += 1  // [
        let base = pendingItems.count
        var count = 0
        skipSpace()
        if index < end, bytes[index] == UInt8(ascii: "]") { index += 1; return .array([]) }
        while true {
            let item: JSONValue
            // Counted here: after a failure the stack still holds the failed value's own items.
            do { item = try value(depth: depth) } catch { throw error.inside("[\(count)]") }
            count += 1
            pendingItems.append(item)
            skipSpace()
            guard index < end else { throw fail("unexpected end of the document") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                let items = Array(pendingItems[base...])
                pendingItems.removeLast(pendingItems.count - base)
                return .array(items)
            default: throw fail("expected ',' or ']'")
            }
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, checked here byte by byte;
    /// a short whole number is computed directly, anything else converted by the standard
    /// library (correctly rounded).
    mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < end, isDigit(bytes[index]) else { throw fail("expected a digit") }
        var whole = 0.0
        let digitsStart = index
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < end, isDigit(bytes[index]) { throw fail("a number cannot start with 0") }
        } else {
            while index < end, isDigit(bytes[index]) {
                whole = whole * 10 + Double(bytes[index] &- 0x30)
                index += 1
            }
        }
        var exact = index - digitsStart <= 15
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < end, isDigit(bytes[index]) else { throw fail("expected a digit after '.'") }
            while index < end, isDigit(bytes[index]) { index += 1 }
            exact = false
        }
        if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < end, isDigit(bytes[index]) else { throw fail("expected a digit in the exponent") }
            while index < end, isDigit(bytes[index]) { index += 1 }
            exact = false
        }
        // Whole numbers of up to 15 digits are exact in a Double; -0 reads as 0.
        if exact { return negative && whole != 0 ? -whole : whole }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw fail("number \(text.prefix(40)) is out of range")
        }
        return value
    }

    func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// A string from the opening quote at `index`; runs between escapes are decoded whole.
    mutating func string() throws(JSONSyntaxError) -> String {
        index += 1  // "
        var text = ""
        var run = index
        var runIsASCII = true
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try flush(&text, from: run, ascii: runIsASCII)
                index += 1
                return text
            }
            if byte < 0x20 { throw fail(byte == 0 ? "NUL byte in a string" : "unescaped control character in a string") }
            if byte >= 0x80 { runIsASCII = false }
            guard byte == UInt8(ascii: "\\") else { index += 1; continue }
            try flush(&text, from: run, ascii: runIsASCII)
            index += 1
            guard index < end else { break }
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
            case UInt8(ascii: "u"): text.unicodeScalars.append(try escapedScalar())
            default:
                index -= 1
                throw fail("unknown escape \\\(Unicode.Scalar(escape).escaped(asASCII: true))")
            }
            run = index
            runIsASCII = true
        }
        throw fail("unterminated string")
    }

    /// The bytes from `start` to `index`, refused unless they are valid UTF-8.
    private func flush(_ text: inout String, from start: Int, ascii: Bool) throws(JSONSyntaxError) {
        guard start < index else { return }
        // Seen as bytes, for the standard library's contiguous fast paths (a raw buffer is
        // decoded byte by byte through the generic path).
        let decoded = UnsafeRawBufferPointer(rebasing: bytes[start..<index]).withMemoryRebound(to: UInt8.self) { piece in
            ascii ? String(decoding: piece, as: UTF8.self) : String(validating: piece, as: UTF8.self)
        }
        guard let decoded else { throw JSONSyntaxError(reason: "a string is not valid UTF-8", offset: start) }
        if text.isEmpty { text = decoded } else { text += decoded }
    }

    /// After `\u`: four hex digits, or a surrogate pair written as two escapes.
    mutating func escapedScalar() throws(JSONSyntaxError) -> Unicode.Scalar {
        let unit = try hex4()
        if (0xDC00..<0xE000).contains(unit) { throw fail("a low surrogate \\u\(hex(unit)) without a high one before it") }
        guard (0xD800..<0xDC00).contains(unit) else { return Unicode.Scalar(unit)! }
        guard end - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
            throw fail("a high surrogate \\u\(hex(unit)) without a low one after it")
        }
        index += 2
        let low = try hex4()
        guard (0xDC00..<0xE000).contains(low) else { throw fail("a high surrogate \\u\(hex(unit)) followed by \\u\(hex(low))") }
        return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
    }

    /// `D800`, `0041`: a UTF-16 unit as it is written in an escape.
    private func hex(_ unit: UInt32) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard end - index >= 4 else { throw fail("expected four hex digits") }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("expected four hex digits")
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }
}
