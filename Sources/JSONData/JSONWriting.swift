extension JSONValue {
    /// How `text` and `utf8` lay a value out. Whatever the layout, `parse` reads the output
    /// back to an equal value.
    public struct Layout: Sendable {
        /// Members sorted by key (by their UTF-8 bytes), so values that are equal give equal
        /// bytes whatever order their members were built in; otherwise in their order.
        public var sortsKeys: Bool
        /// One item or member a line, indented by two spaces a level, `"key": value`;
        /// otherwise no white space at all.
        public var indents: Bool

        public init(sortsKeys: Bool = false, indents: Bool = false) {
            self.sortsKeys = sortsKeys
            self.indents = indents
        }

        /// No white space, members in their order: the batch journal.
        public static let compact = Layout()
        /// No white space, members sorted: the HTTP API's answers.
        public static let sortedCompact = Layout(sortsKeys: true)
        /// Indented, members sorted: JSON printed for people to read (`measure --json`).
        public static let sortedIndented = Layout(sortsKeys: true, indents: true)
    }

    /// The value as compact JSON that `parse` reads back to an equal value: no white space,
    /// members in their order, strings escaped by `JSONString`, numbers as `utf8` writes them.
    public var compactText: String { text(.compact) }

    /// The value as JSON text laid out by `layout`.
    public func text(_ layout: Layout) -> String {
        String(decoding: utf8(layout), as: UTF8.self)
    }

    /// The value as JSON in UTF-8 laid out by `layout`. Strings are escaped by `JSONString`.
    /// A whole number is written without a fraction (`60`, not `60.0`), any other finite
    /// number in Swift's shortest form that reads back to the same `Double` (`0.1`,
    /// `1e+21`, `5e-324`), as Foundation's `JSONEncoder` writes them. A number that is not
    /// finite (never parsed, only built) has no JSON form and is written as `null`.
    public func utf8(_ layout: Layout = .compact) -> [UInt8] {
        var out: [UInt8] = []
        write(to: &out, layout, depth: 0)
        return out
    }

    private func write(to out: inout [UInt8], _ layout: Layout, depth: Int) {
        switch self {
        case .null: out += "null".utf8
        case .bool(let flag): out += (flag ? "true" : "false").utf8
        case .number(let number): Self.write(number, to: &out)
        case .string(let string): JSONString.append(string, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.newline(to: &out, layout, depth: depth + 1)
                item.write(to: &out, layout, depth: depth + 1)
            }
            if !items.isEmpty { Self.newline(to: &out, layout, depth: depth) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            let ordered = layout.sortsKeys ? members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : members
            for (i, member) in ordered.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.newline(to: &out, layout, depth: depth + 1)
                JSONString.append(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                if layout.indents { out.append(UInt8(ascii: " ")) }
                member.value.write(to: &out, layout, depth: depth + 1)
            }
            if !members.isEmpty { Self.newline(to: &out, layout, depth: depth) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(to out: inout [UInt8], _ layout: Layout, depth: Int) {
        guard layout.indents else { return }
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    private static func write(_ number: Double, to out: inout [UInt8]) {
        guard number.isFinite else { return out += "null".utf8 }
        let text = number.description
        out += text.hasSuffix(".0") ? text.utf8.dropLast(2) : text.utf8[...]
    }
}
