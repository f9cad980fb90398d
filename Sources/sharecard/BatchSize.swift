import Cards
import JSONData

extension BatchInput {
    /// A batch line's optional "size" (a preset or WxH, as `--size`), taken out of its object.
    static func takeSize(from object: inout EventObject) throws -> CardSize? {
        guard let raw = object.take("size") else { return nil }
        guard case .string(let text) = raw else {
            throw EventError(field: "size", reason: "expected a string such as \"og\" or \"1200x630\", found \(raw.kindName)")
        }
        // Empty is not given, as an empty date is (`EventDecoder.blankMeansAbsent`).
        return text.isEmpty ? nil : try CardSize(parsing: text)
    }
}
