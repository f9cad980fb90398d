import Cards
import Foundation

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
        var object: [String: String] = ["title": event.title, "color": event.color, "palette": event.palette,
                                        "template": event.template, "locale": event.locale]
        object["date"] = event.date?.description
        object["endDate"] = event.endDate?.description
        object["subtitle"] = event.subtitle
        object["emoji"] = event.emoji
        let json: Data
        do { json = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) } catch {
            FuzzCheck.that(false, "a decoded event cannot be written as JSON: \(error)")
            return
        }
        do {
            let again = try decoder.decode(json)
            FuzzCheck.that(again == event, "event changed in a JSON round trip: \(event) became \(again)")
        } catch {
            FuzzCheck.that(false, "a decoded event, written as JSON, is refused: \(error)")
        }
    }
}
