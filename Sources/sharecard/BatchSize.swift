import Cards
import Foundation

extension BatchInput {
    /// A batch line's optional "size" (a preset or WxH, as `--size`) and the event without it.
    static func splitSize(_ event: Data) throws -> (size: CardSize?, event: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: event) as? [String: Any], let raw = object["size"] else {
            return (nil, event)
        }
        guard let text = raw as? String else { throw EventError(field: "size", reason: "expected a string such as \"og\" or \"1200x630\"") }
        var rest = object
        rest["size"] = nil
        return (try CardSize(parsing: text), try JSONSerialization.data(withJSONObject: rest))
    }
}
