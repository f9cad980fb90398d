import Foundation
import Scene

/// Reads events from JSON objects (a request body, a file, one line of a JSON-lines file).
/// Unknown fields are errors, so a typo never silently falls back to a default.
public struct EventDecoder: Sendable {
    public static let fields: [String] = ["title", "date", "endDate", "subtitle", "emoji", "color", "palette", "template", "locale"]
    public let titleLimit: Int
    public let maximumBytes: Int

    public init(titleLimit: Int = Event.defaultTitleLimit, maximumBytes: Int = 64 << 10) {
        self.titleLimit = titleLimit
        self.maximumBytes = maximumBytes
    }

    public func decode(_ data: Data) throws(EventError) -> Event {
        guard data.count <= maximumBytes else {
            throw EventError(field: "", reason: "event is \(data.count) bytes, over the limit of \(maximumBytes)")
        }
        guard String(data: data, encoding: .utf8) != nil else {
            throw EventError(field: "", reason: "event is not valid UTF-8")
        }
        let root: JSONNode
        do { root = try JSONNode.parse(data, maximumBytes: maximumBytes) } catch {
            throw EventError(field: error.path, reason: error.reason)
        }
        do {
            // A key given twice was refused by the parser, at its path.
            guard root.isObject else { throw EventError(field: "", reason: "expected a JSON object with a title, found \(root.typeName)") }
            try root.rejectUnknownKeys(allowed: Set(Self.fields))
            return try decode(fields: { key in try root.optional(key).map { try $0.string(maximumLength: 64 << 10) } })
        } catch let e as EventError {
            throw e
        } catch let e as JSONInputError {
            throw EventError(field: e.path, reason: e.reason)
        } catch {
            throw EventError(field: "", reason: "\(error)")
        }
    }

    /// Builds an event from string fields looked up by name (JSON members, CLI flags, query items).
    public func decode(fields value: (String) throws -> String?) throws -> Event {
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

/// A key given twice in one JSON object, which `JSONSerialization` would silently resolve
/// to the last value (found before a request body's `size` is split off with it).
public struct DuplicateJSONKey: Sendable, Equatable {
    /// The key, unescaped.
    public let name: String
    /// Where it is, as `JSONNode` paths are written: `title`, `a.b`, `list[2].c`.
    public let path: String

    public init(name: String, path: String) {
        self.name = name
        self.path = path
    }
}

extension EventDecoder {
    /// The first key that appears twice in one object, at any depth, comparing keys after
    /// unescaping (`"title"` and `"\u0074itle"` are the same key). Reads the bytes once, with
    /// an explicit stack (no recursion, so nesting depth cannot exhaust the call stack). Gives
    /// nil for input it cannot follow; malformed JSON is the parser's to report.
    public static func duplicateKey(in bytes: [UInt8]) -> DuplicateJSONKey? {
        struct Frame {
            var isObject: Bool
            var keys: Set<String> = []
            var expectingKey = true
            var key = ""
            var index = 0
        }
        var stack: [Frame] = []
        // Built only when reporting, so deep nesting costs no strings.
        func path() -> String {
            var text = ""
            for frame in stack {
                if frame.isObject { text += text.isEmpty ? frame.key : ".\(frame.key)" } else { text += "[\(frame.index)]" }
            }
            return text
        }
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                stack.append(Frame(isObject: byte == UInt8(ascii: "{")))
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard stack.popLast() != nil else { return nil }
                i += 1
            case UInt8(ascii: ","):
                guard !stack.isEmpty else { return nil }
                if stack[stack.count - 1].isObject { stack[stack.count - 1].expectingKey = true } else { stack[stack.count - 1].index += 1 }
                i += 1
            case UInt8(ascii: "\""):
                guard let (text, end) = jsonString(bytes, from: i) else { return nil }
                i = end
                // Indexed in place: a copy of the frame would copy its key set on every insert.
                if let top = stack.indices.last, stack[top].isObject, stack[top].expectingKey {
                    stack[top].expectingKey = false
                    stack[top].key = text
                    guard stack[top].keys.insert(text).inserted else { return DuplicateJSONKey(name: text, path: path()) }
                }
            default:
                i += 1
            }
        }
        return nil
    }

    /// The unescaped string starting at the quote at `start`, and the index after its closing
    /// quote; nil when it does not end.
    private static func jsonString(_ bytes: [UInt8], from start: Int) -> (String, Int)? {
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        var i = start + 1
        var pendingHigh: UInt32?
        func flushRaw() {
            if !raw.isEmpty { scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars); raw.removeAll() }
        }
        func appendUnit(_ unit: UInt32?) {
            if let high = pendingHigh {
                pendingHigh = nil
                if let unit, (0xDC00...0xDFFF).contains(unit) {
                    scalars.append(Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00))!)
                    return
                }
                scalars.append("\u{FFFD}")
            }
            guard let unit else { return }
            if (0xD800...0xDBFF).contains(unit) { pendingHigh = unit } else { scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}") }
        }
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                flushRaw()
                appendUnit(nil)
                return (String(scalars), i + 1)
            }
            if byte == UInt8(ascii: "\\") {
                flushRaw()
                guard i + 1 < bytes.count else { return nil }
                let escape = bytes[i + 1]
                if escape == UInt8(ascii: "u") {
                    guard i + 6 <= bytes.count, let unit = UInt32(String(decoding: bytes[(i + 2)..<(i + 6)], as: UTF8.self), radix: 16) else { return nil }
                    appendUnit(unit)
                    i += 6
                    continue
                }
                appendUnit(nil)
                let map: [UInt8: Unicode.Scalar] = [UInt8(ascii: "n"): "\n", UInt8(ascii: "t"): "\t", UInt8(ascii: "r"): "\r",
                                                    UInt8(ascii: "b"): "\u{08}", UInt8(ascii: "f"): "\u{0C}"]
                scalars.append(map[escape] ?? Unicode.Scalar(escape))
                i += 2
                continue
            }
            appendUnit(nil)
            raw.append(byte)
            i += 1
        }
        return nil
    }
}
