/// A media type or media range as written in `Content-Type` and `Accept` (RFC 9110 §8.3.1,
/// §12.5.1): `type/subtype` and parameters. Type, subtype and parameter names are compared
/// without regard to ASCII case and stored lower-cased; parameter values keep their case.
struct MediaType: Sendable, Equatable {
    let type: String
    let subtype: String
    /// In order, names lower-cased, quoted values unquoted.
    let parameters: [(name: String, value: String)]

    static func == (a: MediaType, b: MediaType) -> Bool {
        a.type == b.type && a.subtype == b.subtype && a.parameters.elementsEqual(b.parameters) { $0 == $1 }
    }

    /// Parses one media type; nil when it is not `token/token *( ";" token "=" value )`.
    init?(_ text: Substring) {
        let pieces = Self.splitOutsideQuotes(text, on: ";")
        let essence = pieces[0].trimmingCharacters(in: [" ", "\t"])
        let halves = essence.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2, Self.isToken(halves[0]), Self.isToken(halves[1]) else { return nil }
        type = halves[0].lowercased()
        subtype = halves[1].lowercased()
        var parameters: [(String, String)] = []
        for piece in pieces.dropFirst() {
            let trimmed = piece.trimmingCharacters(in: [" ", "\t"])
            if trimmed.isEmpty { continue }
            guard let equals = trimmed.firstIndex(of: "=") else { return nil }
            let name = trimmed[..<equals], raw = trimmed[trimmed.index(after: equals)...]
            guard Self.isToken(name) else { return nil }
            let value: String
            if raw.hasPrefix("\"") {
                guard let unquoted = Self.unquoted(raw) else { return nil }
                value = unquoted
            } else {
                guard Self.isToken(raw) else { return nil }
                value = String(raw)
            }
            parameters.append((name.lowercased(), value))
        }
        self.parameters = parameters
    }

    /// The text of a quoted-string (RFC 9110 §5.6.4) that makes up the whole of `raw`, each
    /// quoted-pair `\x` read as `x`; nil when `raw` is not one (unclosed, or text after it).
    static func unquoted(_ raw: Substring) -> String? {
        var text = "", escaped = false
        for (offset, c) in raw.dropFirst().enumerated() {
            if escaped {
                text.append(c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == "\"" {
                return offset == raw.count - 2 ? text : nil
            } else {
                text.append(c)
            }
        }
        return nil
    }

    /// `type/subtype` without parameters.
    var essence: String { "\(type)/\(subtype)" }

    func parameter(_ name: String) -> String? { parameters.first { $0.name == name }?.value }

    /// Splits on `separator` except inside a quoted string (`"a;b"`, with `\` escapes).
    static func splitOutsideQuotes(_ text: Substring, on separator: Character) -> [Substring] {
        var pieces: [Substring] = []
        var start = text.startIndex, index = text.startIndex
        var quoted = false, escaped = false
        while index < text.endIndex {
            let c = text[index]
            if escaped { escaped = false } else if quoted && c == "\\" { escaped = true } else if c == "\"" { quoted.toggle() } else if !quoted && c == separator {
                pieces.append(text[start..<index])
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        pieces.append(text[start...])
        return pieces
    }

    /// RFC 9110 token: one or more of `!#$%&'*+-.^_`|~`, digits and letters.
    static func isToken<S: StringProtocol>(_ text: S) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
            default: return "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
    }
}
