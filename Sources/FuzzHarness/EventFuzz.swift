import Cards
import Foundation
import JSONData

/// An event as a request body or a JSON-lines record: decoded, its share text formatted in its
/// locale, and written back as JSON. A decoded event must survive that round trip unchanged
/// (dates print in a form they are read back from).
enum EventFuzz {
    static func run(_ input: [UInt8]) {
        let decoder = EventDecoder()
        guard let event = try? decoder.decode(Data(input)) else { return }
        do { _ = try event.shareText } catch {
            FuzzCheck.that(false, "a decoded event has no share text: \(error)")
        }
        let fields: [(String, String?)] = [
            ("color", event.color), ("date", event.date?.description), ("emoji", event.emoji), ("endDate", event.endDate?.description),
            ("locale", event.locale), ("palette", event.palette), ("subtitle", event.subtitle), ("template", event.template),
            ("title", event.title),
        ]
        let object = JSONValue.object(fields.compactMap { key, value in value.map { JSONValue.Member(key: key, value: .string($0)) } })
        let json = Data(object.compactText.utf8)
        do {
            let again = try decoder.decode(json)
            FuzzCheck.that(again == event, "event changed in a JSON round trip: \(event) became \(again)")
        } catch {
            FuzzCheck.that(false, "a decoded event, written as JSON, is refused: \(error)")
        }
    }
}
