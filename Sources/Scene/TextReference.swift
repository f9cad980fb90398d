import UnicodeText

/// Event fields a scene can show: `{title}`, `{date}`, `{subtitle}`, `{emoji}`.
public enum EventField: String, Hashable, Sendable, CaseIterable {
    case title, date, subtitle, emoji
}

/// Text with `{field}` placeholders, split into pieces when the scene is read so that
/// filling it in is one pass: a value is never searched for placeholders again (a title
/// containing "{date}" stays literal).
public struct TextReference: Hashable, Sendable {
    public enum Piece: Hashable, Sendable {
        case literal(String)
        case field(EventField)
    }

    public let source: String
    public let pieces: [Piece]

    /// The fields used, in order of first appearance; an element showing this text is left
    /// out when one of them has no value.
    public var fields: [EventField] {
        var result: [EventField] = []
        for case .field(let f) in pieces where !result.contains(f) { result.append(f) }
        return result
    }

    /// Splits `source` at `{field}` placeholders; an unknown name or an unclosed brace is an error.
    public init(parsing source: String) throws(TextReferenceError) {
        var pieces: [Piece] = []
        var literal = ""
        var rest = Substring(source)
        while let open = rest.firstIndex(of: "{") {
            // `append(contentsOf:)` takes the Substring overload; `+=` went through the generic
            // sequence-of-characters path (40,000 instructions a template text).
            literal.append(contentsOf: rest[..<open])
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw TextReferenceError(reason: "unclosed \"{\" in \(QuotedValue.quoted(source))")
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard let field = EventField(rawValue: name) else {
                throw TextReferenceError(reason: "unknown field {\(QuotedValue.escaped(name))} (expected one of: \(EventField.allCases.map { "{\($0.rawValue)}" }.joined(separator: ", ")))")
            }
            if !literal.isEmpty { pieces.append(.literal(literal)) }
            literal = ""
            pieces.append(.field(field))
            rest = rest[rest.index(after: close)...]
        }
        literal.append(contentsOf: rest)
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.source = source
        self.pieces = pieces
    }

    /// The text with every placeholder replaced by its value, or nil when one has none.
    public func filled(_ values: [EventField: String]) -> String? {
        var result = ""
        for piece in pieces {
            switch piece {
            case .literal(let s): result += s
            case .field(let f):
                guard let v = values[f] else { return nil }
                result += v
            }
        }
        return result
    }
}

public struct TextReferenceError: Error, Sendable {
    public let reason: String
}
