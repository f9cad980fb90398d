import Cards
import Foundation
import TestSupport
import UnicodeText
import XCTest

/// The `Locale` schema of web/openapi.json against the rules that accept a locale: the
/// pattern is generated from ICU's lists, and a tag matches it exactly when the event
/// accepts it (so schemathesis's positive and negative cases both hold).
final class LocalePatternTests: XCTestCase {
    func testTheDocumentedPatternIsTheOneICUsListsMake() throws {
        let schema = OpenAPIDocumentTests.schema("Locale")
        XCTAssertEqual(schema["pattern"] as? String, CanonicalLocale.pattern(),
                       "web/openapi.json's Locale pattern is out of step with ICU; expected the value above")
        XCTAssertEqual(schema["maxLength"] as? Int, CanonicalLocale.maximumLength)
        let parameter = ((OpenAPIDocumentTests.document["components"] as? [String: Any])?["parameters"] as? [String: Any])?["locale"] as? [String: Any]
        let examples = ((parameter?["examples"] as? [String: Any]) ?? [:]).values.compactMap { ($0 as? [String: Any])?["value"] as? String }
        XCTAssertEqual(schema["example"] as? String, "en-u-nu-latn")
        // The class that used to take the process down, each tag accepted.
        for tag in ["en-u-nu-latn", "de-u-nu-latn", "ar-u-nu-arab", "hi-u-nu-deva", "th-TH-u-nu-thai"] {
            XCTAssertTrue(examples.contains(tag), "\(tag) is not among the locale parameter's examples \(examples)")
        }
        for example in examples {
            XCTAssertNoThrow(try Event(title: "x", locale: example), example)
        }
    }

    /// Random tags built from the pattern's own parts, in any case and with either
    /// separator: all match and all are accepted.
    func testEveryTagThePatternDescribesIsAccepted() throws {
        let regex = try OpenAPIDocumentTests.pattern("Locale")
        let languages = CanonicalLocale.supportedLanguages()
        let numbers = CanonicalLocale.decimalNumberingSystems()
        let calendars = CanonicalLocale.calendars()
        XCTAssertGreaterThan(languages.count, 150)
        XCTAssertTrue(numbers.contains("latn") && numbers.contains("arab") && !numbers.contains("roman"), "\(numbers)")
        XCTAssertTrue(calendars.contains("gregory") && calendars.contains("buddhist"), "\(calendars)")
        let scripts = ["Latn", "Cyrl", "Hant", "Arab", "Zzzz", "Qaaa", "Abcd"]
        let regions = ["US", "GB", "ZZ", "419", "001", "AA", "BU"]
        let variants = ["valencia", "1901", "fonipa", "posix", "abcde", "12ab"]
        var random = SeededGenerator(seed: 47)
        func maybe(_ list: [String], _ oneIn: Int = 2) -> [String] {
            random.next(below: oneIn) == 0 ? [list[random.next(below: list.count)]] : []
        }
        var checked = 0
        for language in languages {
            for _ in 0..<6 {
                var subtags = [language] + maybe(scripts) + maybe(regions) + maybe(variants, 4)
                switch random.next(below: 4) {
                case 0: subtags += ["u", "nu", numbers[random.next(below: numbers.count)]]
                case 1: subtags += ["u", "ca", calendars[random.next(below: calendars.count)]]
                case 2: subtags += ["u", "nu", numbers[random.next(below: numbers.count)], "ca", calendars[random.next(below: calendars.count)]]
                default: break
                }
                var text = subtags.joined(separator: random.next(below: 5) == 0 ? "_" : "-")
                if random.next(below: 3) == 0 { text = text.uppercased() }
                XCTAssertTrue(OpenAPIDocumentTests.fullMatch(regex, text), text)
                XCTAssertNoThrow(try Event(title: "x", locale: text), text)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 1_000)
    }

    /// Random strings from pieces of tags, most of them malformed: the pattern and the event
    /// agree on each.
    func testThePatternAndTheEventAgreeOnRandomText() throws {
        let regex = try OpenAPIDocumentTests.pattern("Locale")
        let pieces = ["en", "de", "th", "-", "_", "Hant", "TH", "u", "nu", "latn", "thai", "roman", "ca", "gregory",
                      "buddhist", "hc", "h23", "t", "x", "1", "419", " ", "é", ".", "zz", "iw", "und", "valencia"]
        var random = SeededGenerator(seed: 11)
        var samples = ["", "en", "en-u-nu-latn", "de-u-nu-latn", "ar-u-nu-arab", "hi-u-nu-deva", "th-TH-u-nu-thai",
                       "en-u-nu-bogus", "en-u-nu", "iw", "und", String(repeating: "a", count: 35)]
        for _ in 0..<20_000 {
            samples.append((0..<(1 + random.next(below: 9))).map { _ in pieces[random.next(below: pieces.count)] }.joined())
        }
        var accepted = 0
        for text in samples {
            let ok = (try? Event(title: "x", locale: text)) != nil
            XCTAssertEqual(OpenAPIDocumentTests.fullMatch(regex, text), ok, text)
            if ok { accepted += 1 }
        }
        XCTAssertGreaterThan(accepted, 50)
    }
}
