import JSONData

/// Any bytes through `JSONValue.parse`. A refusal points inside the input; an accepted
/// document has unique keys per object and nests within the bound, and written back as JSON
/// (`JSONFuzz.write`) it parses to the same value.
enum JSONFuzz {
    static let maximumDepth = 32

    static func run(_ input: [UInt8]) {
        let value: JSONValue
        do {
            value = try JSONValue.parse(input, maximumDepth: maximumDepth)
        } catch {
            FuzzCheck.that((0...input.count).contains(error.offset), "error offset \(error.offset) outside \(input.count) bytes")
            return
        }
        FuzzCheck.that(depth(value) <= maximumDepth, "nested deeper than \(maximumDepth)")
        var text = ""
        write(value, to: &text)
        do {
            let again = try JSONValue.parse(Array(text.utf8), maximumDepth: maximumDepth)
            FuzzCheck.that(again == value, "written back as \(text.prefix(200)), it parses to another value")
        } catch {
            FuzzCheck.that(false, "written back as \(text.prefix(200)), it is refused: \(error)")
        }
    }

    private static func depth(_ value: JSONValue) -> Int {
        switch value {
        case .array(let items): return 1 + (items.map(depth).max() ?? 0)
        case .object(let members):
            FuzzCheck.that(Set(members.map(\.key)).count == members.count, "an object kept a repeated key")
            return 1 + (members.map { depth($0.value) }.max() ?? 0)
        default: return 0
        }
    }

    /// Compact JSON; numbers in Swift's shortest round-trip form (always a valid JSON number
    /// for a finite value), strings with `"`, `\` and control characters escaped.
    static func write(_ value: JSONValue, to text: inout String) {
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .number(let number): text += "\(number)"
        case .string(let string): writeString(string, to: &text)
        case .array(let items):
            text += "["
            for (i, item) in items.enumerated() {
                if i > 0 { text += "," }
                write(item, to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { text += "," }
                writeString(member.key, to: &text)
                text += ":"
                write(member.value, to: &text)
            }
            text += "}"
        }
    }

    private static func writeString(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
