import JSONData

/// Any bytes through `JSONValue.parse` and through `JSONReader`. A refusal points inside the
/// input, and the reader refuses what the parser refuses, for the same reason; an accepted
/// document has unique keys per object and nests within the bound, the reader reads the same
/// value, and written back as compact JSON (`JSONValue.compactText`) it parses to the same value.
enum JSONFuzz {
    static let maximumDepth = 32

    static func run(_ input: [UInt8]) {
        let value: JSONValue
        let read = Result { try input.withUnsafeBytes { raw in
            var reader = JSONReader(raw, maximumDepth: maximumDepth)
            let value = try self.read(&reader)
            try reader.finish()
            return value
        } }
        do {
            value = try JSONValue.parse(input, maximumDepth: maximumDepth)
        } catch {
            FuzzCheck.that((0...input.count).contains(error.offset), "error offset \(error.offset) outside \(input.count) bytes")
            guard case .failure(let readError as JSONSyntaxError) = read else { return FuzzCheck.that(false, "the reader accepts what the parser refuses: \(error)") }
            FuzzCheck.that(readError.reason == error.reason && readError.kind == error.kind, "the reader refuses with \(readError), the parser with \(error)")
            return
        }
        guard case .success(let readValue) = read else { return FuzzCheck.that(false, "the reader refuses what the parser accepts: \(read)") }
        FuzzCheck.that(readValue == value, "the reader reads another value")
        FuzzCheck.that(depth(value) <= maximumDepth, "nested deeper than \(maximumDepth)")
        let text = value.compactText
        do {
            let again = try JSONValue.parse(Array(text.utf8), maximumDepth: maximumDepth)
            FuzzCheck.that(again == value, "written back as \(text.prefix(200)), it parses to another value")
        } catch {
            FuzzCheck.that(false, "written back as \(text.prefix(200)), it is refused: \(error)")
        }
    }

    /// The next value rebuilt as a tree from the reader's calls.
    private static func read(_ r: inout JSONReader) throws -> JSONValue {
        switch try r.nextKind() {
        case .object:
            var members: [JSONValue.Member] = []
            _ = try r.readObject { r, key in members.append(JSONValue.Member(key: key.text, value: try read(&r))) }
            return .object(members)
        case .array:
            var items: [JSONValue] = []
            _ = try r.readArray { r, _ in items.append(try read(&r)) }
            return .array(items)
        case .string: if let text = try r.readString() { return .string(text) }
        case .number: if let number = try r.readNumber() { return .number(number) }
        case .bool: if let flag = try r.readBool() { return .bool(flag) }
        case .null: if try r.readNull() { return .null }
        }
        FuzzCheck.that(false, "the reader's next kind could not be read as that kind")
        return .null
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
}
