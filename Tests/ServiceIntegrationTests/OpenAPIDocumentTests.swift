import Cards
import Foundation
import TestSupport
import XCTest

/// web/openapi.json against the code it describes: the catalog's names, the routes, and the
/// patterns of the query parameters against the parsers that accept them.
final class OpenAPIDocumentTests: XCTestCase {
    // Read-only after its one-time initialisation.
    nonisolated(unsafe) static let document: [String: Any] = {
        let data = Data(Repository.openAPIText.utf8)
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }()

    static func schema(_ name: String) -> [String: Any] {
        ((document["components"] as? [String: Any])?["schemas"] as? [String: Any])?[name] as? [String: Any] ?? [:]
    }

    static func pattern(_ name: String) throws -> NSRegularExpression {
        try NSRegularExpression(pattern: schema(name)["pattern"] as? String ?? "^$")
    }

    /// True when `regex` matches all of `text` (as an ECMA-262 `^…$` does: no final newline).
    static func fullMatch(_ regex: NSRegularExpression, _ text: String) -> Bool {
        let whole = NSRange(text.startIndex..., in: text)
        return regex.firstMatch(in: text, range: whole).map { $0.range == whole } ?? false
    }

    func testNamesMatchTheCatalog() {
        XCTAssertEqual(Self.document["openapi"] as? String, "3.0.3")
        let catalog = Repository.catalog
        XCTAssertEqual(Self.schema("TemplateName")["enum"] as? [String], catalog.templates.map(\.name))
        XCTAssertEqual(Self.schema("PaletteName")["enum"] as? [String], catalog.palettes.map(\.name))
        let colors = Self.schema("ColorName")["enum"] as? [String] ?? []
        for palette in catalog.palettes {
            XCTAssertEqual(Set(palette.colors.map(\.name)), Set(colors), "every palette has every documented colour: \(palette.name)")
        }
    }

    func testEveryRouteIsDescribedWithItsMethods() {
        let paths = Self.document["paths"] as? [String: [String: Any]] ?? [:]
        let readOnly = ["/", "/openapi.json", "/healthz", "/metrics", "/v1/cards/{template}.png", "/v1/cards/{template}.jpg",
                        "/v1/cards/{template}.jpeg", "/v1/cards/{template}.webp", "/v1/palettes",
                        "/v1/palettes/{name}", "/v1/palettes/{name}/preview.png", "/v1/templates",
                        "/v1/share", "/v1/templates/{name}"]
        XCTAssertEqual(Set(paths.keys), Set(readOnly + ["/v1/cards"]))
        for path in readOnly {
            XCTAssertEqual(Set(paths[path]?.keys.filter { $0 != "parameters" } ?? []), ["get", "head"], path)
        }
        XCTAssertEqual(Set(paths["/v1/cards"].map { Array($0.keys) } ?? []), ["post"])
        // every operation documents the errors any route can give, in the shared shape
        for (path, item) in paths {
            for (method, operation) in item {
                let responses = (operation as? [String: Any])?["responses"] as? [String: Any] ?? [:]
                for status in ["400", "405", "413", "414", "429", "431", "500", "503"] {
                    XCTAssertNotNil(responses[status], "\(method) \(path) \(status)")
                }
            }
        }
        for ext in ["png", "jpg", "jpeg", "webp"] {
            let cardParameters = ((paths["/v1/cards/{template}.\(ext)"]?["get"] as? [String: Any])?["parameters"] as? [[String: String]] ?? [])
                .compactMap { $0["$ref"]?.split(separator: "/").last.map(String.init) }
            // Each path offers only its own format (or auto), so no schema-valid request conflicts;
            // a PNG takes no quality.
            let format = ["png": "formatPNG", "jpg": "formatJPEG", "jpeg": "formatJPEG", "webp": "formatWebP"][ext]!
            XCTAssertEqual(Set(cardParameters), Set(["template", "title", "date", "endDate", "subtitle", "emoji", "color", "palette",
                                                     "locale", "scale", "size", format, "expires", "sig", "ifNoneMatch", "v", "photo"] + (ext == "png" ? [] : ["quality"])), ext)
        }
    }

    /// The date pattern accepts exactly what `EventDate` parses, on listed edge cases and on
    /// many generated near-misses.
    func testDatePatternAgreesWithTheParser() throws {
        let regex = try Self.pattern("EventDate")
        var samples = ["2024-06-01", "2024-06-01T18:30", "2024-06-01t18:30:00z", "2024-06-01T18:30:00.123+02:00",
                       "2024-06-01T18:30+14:59", "2024-02-29", "2023-02-29", "1900-02-29", "2000-02-29", "0000-01-01",
                       "0001-01-01", "9999-12-31T23:59:59-14:59", "2024-06-01T24:00", "2024-06-01 18:30", "2024-06-01T18:30:00.",
                       "2024-06-01T18:30:0", "2024-06-01T18:30Z", "2024-06-01T18:30:00+1400", "2024-06-01\n", "2024-6-1",
                       "2024-04-31", "2024-13-01", "+2024-06-01", "2024-06-01T18:30:00+15:00", "２０２４-06-01", ""]
        var random = SeededGenerator(seed: 0x5eed)
        for _ in 0..<20_000 { samples.append(random.nearlyADate()) }
        var accepted = 0
        for text in samples {
            let parses = (try? EventDate(iso8601: text)) != nil
            accepted += parses ? 1 : 0
            XCTAssertEqual(Self.fullMatch(regex, text), parses, "\"\(text)\"")
        }
        XCTAssertGreaterThan(accepted, 2_000, "the generator reaches valid dates too")
    }

    /// The title pattern (with the length limits) accepts what `Event` accepts, for titles
    /// whose combining marks do not follow white space (a mark after white space joins it,
    /// which the description mentions).
    func testTitlePatternAgreesWithTheEvent() throws {
        let regex = try Self.pattern("Title")
        let pieces = ["a", "Z", " ", "\t", "\n", "\r", "\u{0}", "\u{7}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}", "\u{A0}",
                      "\u{1680}", "\u{2003}", "\u{2028}", "\u{2029}", "\u{202F}", "\u{3000}", "\u{200B}", "é", "e\u{301}",
                      "😀", "👩🏽‍💻", "中", "ش", "\u{FEFF}", "\u{FFFC}", "\u{2060}", "\u{200F}", "\u{034F}", "\u{2800}", "\u{3164}",
                      "\u{FE0F}", "\u{2801}"]
        var random = SeededGenerator(seed: 7)
        var samples = ["", " ", "x", " x ", "\n\t", "a\u{0}b"]
        for _ in 0..<20_000 {
            samples.append((0..<random.next(below: 6)).map { _ in pieces[random.next(below: pieces.count)] }.joined())
        }
        for text in samples {
            let accepted = (try? Event(title: text)) != nil
            XCTAssertEqual(Self.fullMatch(regex, text), accepted, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        XCTAssertEqual(Self.schema("Title")["maxLength"] as? Int, Event.defaultTitleLimit)
    }

    /// Every emoji the pattern allows is one the service accepts; a few it refuses do not match.
    func testEmojiPatternIsAcceptedByTheEvent() throws {
        let regex = try Self.pattern("Emoji")
        var candidates: [String] = []
        for value in Array(0x100...0x3400) + Array(0x1F000...0x1FAFF) {
            guard let scalar = Unicode.Scalar(UInt32(value)), scalar.properties.isEmoji || value % 7 == 0 else { continue }
            let s = String(scalar)
            candidates += [s, s + "\u{FE0F}", s + "\u{1F3FD}", s + "\u{200D}\u{1F525}", "\u{1F469}\u{200D}" + s + "\u{FE0F}"]
        }
        candidates += ["🇫🇷", "🇦🇦", "👨‍👩‍👧‍👦", "❤️‍🔥", "🏳️‍🌈", "👩🏽‍💻", "1\u{FE0F}\u{20E3}", "#\u{20E3}", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"]
        var matched = 0
        for text in candidates where Self.fullMatch(regex, text) {
            matched += 1
            XCTAssertNoThrow(try Event(title: "x", emoji: text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        XCTAssertGreaterThan(matched, 2_000)
        for refused in ["", "a", "©", "1", "#", "😀😀", "1\u{20E3}\u{20E3}", "\u{FE0F}", "😀 ", "\u{E0067}\u{E007F}",
                        "🇫", "🇫\u{FE0F}", "\u{1F3FD}", "\u{1F3FD}\u{FE0F}"] {
            XCTAssertFalse(Self.fullMatch(regex, refused), refused)
            XCTAssertThrowsError(try Event(title: "x", emoji: refused), refused)
        }
        for accepted in ["🎂", "🇫🇷", "👨‍👩‍👧‍👦", "❤️", "👍🏿", "☺", "1️⃣", "*️⃣", "🏴󠁧󠁢󠁥󠁮󠁧󠁿"] {
            XCTAssertTrue(Self.fullMatch(regex, accepted), accepted)
        }
    }
}

extension SeededGenerator {
    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func digits(_ count: Int, upTo high: Int = 9) -> String {
        (0..<count).map { _ in String(next(below: high + 1)) }.joined()
    }

    /// A string that is often an ISO 8601 date and often almost one.
    mutating func nearlyADate() -> String {
        func two(_ max: Int) -> String { String(format: "%02d", next(below: max + 1)) }
        let years = [digits(4), "00" + digits(2), "1" + digits(3), "2" + digits(3), String(next(below: 10_000))]
        var s = String(years[next(below: years.count)].suffix(4))
        s += ["-", "-", "-", "/"][next(below: 4)] + two(13)
        s += ["-", "-", "-", "."][next(below: 4)] + two(32)
        if next(below: 3) == 0 { return s }
        s += ["T", "t", "T", " "][next(below: 4)] + two(25) + [":", ":", ":", "."][next(below: 4)] + two(61)
        switch next(below: 4) {
        case 0: s += ":" + two(61)
        case 1: s += ":" + two(59) + "." + digits(next(below: 3))
        case 2: s += ":" + String(next(below: 10))
        default: break
        }
        switch next(below: 6) {
        case 0: s += ["Z", "z", "Zz", "+"][next(below: 4)]
        case 1, 2: s += ["+", "-"][next(below: 2)] + two(16) + [":", ":", ""][next(below: 3)] + two(61)
        default: break
        }
        return s
    }
}
