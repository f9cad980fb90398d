import JSONData

/// One JSON object of a font manifest with each field's type checked; every problem names
/// the field's path (`faces[3].weight`).
struct ManifestObject {
    struct Problem: Error {
        let reason: String
    }

    private let fields: [JSONValue.Member]
    /// Where the object is: "top level", "title", or an array's name and the object's index
    /// in it ("faces", 3), written out only for a message.
    private let place: String
    private let index: Int?
    private var at: String { Self.describe(place, index) }

    init(_ value: JSONValue, at place: String, index: Int? = nil) throws(Problem) {
        guard case .object(let fields) = value else {
            throw Problem(reason: "expected an object at \(Self.describe(place, index))")
        }
        self.fields = fields
        self.place = place
        self.index = index
    }

    /// "faces[3]" for ("faces", 3); the place alone without an index.
    private static func describe(_ place: String, _ index: Int?) -> String { index.map { "\(place)[\($0)]" } ?? place }

    private func path(_ key: String) -> String { at == "top level" ? key : "\(at).\(key)" }

    private func wrongType(_ key: String, _ expected: String) -> Problem {
        Problem(reason: "wrong type at \(path(key)): expected \(expected)")
    }

    private func required(_ key: String) throws(Problem) -> JSONValue {
        guard let value = present(key) else { throw Problem(reason: "missing field \"\(key)\" at \(at)") }
        return value
    }

    private func present(_ key: String) -> JSONValue? {
        guard let value = fields.first(where: { $0.key == key })?.value, value != .null else { return nil }
        return value
    }

    func string(_ key: String) throws(Problem) -> String {
        guard case .string(let text) = try required(key) else { throw wrongType(key, "a string") }
        return text
    }

    func optionalString(_ key: String) throws(Problem) -> String? {
        guard let value = present(key) else { return nil }
        guard case .string(let text) = value else { throw wrongType(key, "a string") }
        return text
    }

    func int(_ key: String) throws(Problem) -> Int {
        guard let value = Self.integer(try required(key)) else { throw wrongType(key, "a whole number") }
        return value
    }

    func optionalInt(_ key: String) throws(Problem) -> Int? {
        guard let value = present(key) else { return nil }
        guard let number = Self.integer(value) else { throw wrongType(key, "a whole number") }
        return number
    }

    func optionalBool(_ key: String) throws(Problem) -> Bool? {
        guard let value = present(key) else { return nil }
        guard case .bool(let flag) = value else { throw wrongType(key, "true or false") }
        return flag
    }

    func optionalStrings(_ key: String) throws(Problem) -> [String]? {
        guard let value = present(key) else { return nil }
        guard case .array(let items) = value else { throw wrongType(key, "an array of strings") }
        var strings: [String] = []
        for item in items {
            guard case .string(let text) = item else { throw wrongType(key, "an array of strings") }
            strings.append(text)
        }
        return strings
    }

    func style(_ key: String) throws(Problem) -> FontStyle? {
        guard let text = try optionalString(key) else { return nil }
        guard let style = FontStyle(rawValue: text) else {
            throw Problem(reason: "\(path(key)) \"\(text)\" is not one of \(FontStyle.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return style
    }

    func object(_ key: String) throws(Problem) -> ManifestObject {
        try ManifestObject(try required(key), at: path(key))
    }

    func objects(_ key: String) throws(Problem) -> [ManifestObject] {
        guard case .array(let items) = try required(key) else { throw wrongType(key, "an array") }
        var objects: [ManifestObject] = []
        for (offset, item) in items.enumerated() { objects.append(try ManifestObject(item, at: path(key), index: offset)) }
        return objects
    }

    /// A number that is a whole number (not a fraction).
    private static func integer(_ value: JSONValue) -> Int? {
        guard case .number(let double) = value, double.rounded() == double, abs(double) < 1e15 else { return nil }
        return Int(double)
    }
}
