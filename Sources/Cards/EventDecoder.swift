import Foundation
import JSONData
import Scene

/// Reads events from JSON objects (a request body, a file, one line of a JSON-lines file).
/// Unknown fields are errors, so a typo never silently falls back to a default.
public struct EventDecoder: Sendable {
    public static let fields: [String] = ["title", "date", "endDate", "subtitle", "emoji", "color", "palette", "template", "locale"]
    static let allowedFields = Set(fields)
    /// The largest event object read, in bytes.
    public static let defaultMaximumBytes = 64 << 10
    public let titleLimit: Int
    public let maximumBytes: Int

    public init(titleLimit: Int = Event.defaultTitleLimit, maximumBytes: Int = defaultMaximumBytes) {
        self.titleLimit = titleLimit
        self.maximumBytes = maximumBytes
    }

    /// Reads the event in `data`, one JSON object (see `EventObject(parsing:)`).
    public func decode(_ data: Data) throws(EventError) -> Event {
        let object: EventObject
        do { object = try EventObject(parsing: data, maximumBytes: maximumBytes) } catch { throw error.eventError }
        return try decode(object)
    }

    /// Reads an event from an object already parsed, whose other members (`otherFields`, such
    /// as a batch line's `id`) its receiver has taken out; an unknown field's message lists
    /// them with the event's.
    public func decode(_ object: EventObject, otherFields: [String] = []) throws(EventError) -> Event {
        let root = JSONNode(value: .object(object.members))
        do {
            try root.rejectUnknownKeys(allowed: Self.allowedFields.union(otherFields))
            return try decode(fields: { key in try root.optional(key).map { try $0.string(maximumLength: 64 << 10) } })
        } catch let e as EventError {
            throw e
        } catch let e as JSONInputError {
            throw EventError(field: e.path, reason: e.reason)
        } catch {
            throw EventError(field: "", reason: "\(error)")
        }
    }

    /// Optional fields that, given empty, are as if not given: what a form left blank sends
    /// (an HTML form's `date=`, a script's `--date "$DATE"`, a form serialized to JSON). Not the
    /// title, which is required, nor the colour, whose empty value is what an unencoded
    /// `#ff0000` leaves in a URL and is refused with that explanation.
    public static let blankMeansAbsent: Set = ["date", "endDate", "subtitle", "emoji", "palette", "template", "locale"]

    /// Builds an event from string fields looked up by name (JSON members, CLI flags, query items).
    public func decode(fields lookup: (String) throws -> String?) throws -> Event {
        func value(_ name: String) throws -> String? {
            guard let text = try lookup(name) else { return nil }
            return text.isEmpty && Self.blankMeansAbsent.contains(name) ? nil : text
        }
        guard let title = try value("title") else { throw EventError(field: "title", reason: "is required") }
        func date(_ field: String) throws -> EventDate? {
            guard let text = try value(field) else { return nil }
            do { return try EventDate(iso8601: text) } catch { throw EventError(field: field, reason: "\(error)") }
        }
        return try Event(title: title, date: date("date"), endDate: date("endDate"), subtitle: value("subtitle"),
                         emoji: value("emoji"), color: value("color") ?? Event.defaultColor,
                         palette: value("palette") ?? Event.defaultPalette, template: value("template") ?? Event.defaultTemplate,
                         locale: value("locale") ?? "en", titleLimit: titleLimit)
    }
}
