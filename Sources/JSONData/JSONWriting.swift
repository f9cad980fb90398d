extension JSONValue {
    /// The value as compact JSON that `parse` reads back to an equal value: no white space,
    /// members in their order, numbers in Swift's shortest round-trip form (`1.0`, `1e+21`:
    /// always a JSON number for a finite value), strings with `"`, `\` and the control
    /// characters escaped and everything else as it is (UTF-8, `/` unescaped).
    public var compactText: String {
        var text = ""
        write(to: &text)
        return text
    }

    func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .number(let number): text += "\(number)"
        case .string(let string): Self.writeString(string, to: &text)
        case .array(let items):
            text += "["
            for (i, item) in items.enumerated() {
                if i > 0 { text += "," }
                item.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { text += "," }
                Self.writeString(member.key, to: &text)
                text += ":"
                member.value.write(to: &text)
            }
            text += "}"
        }
    }

    static func writeString(_ string: String, to text: inout String) {
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
