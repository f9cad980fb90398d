import Cards
import Foundation
import UnicodeText
import XCTest

/// Every locale ICU knows, crossed with extensions and garbage, through the card path with
/// a date and an end date: each is a card or an error naming the locale field, and the
/// process survives (Foundation's formatters trapped on tags such as `en-u-nu-latn`).
final class LocaleFuzzTests: XCTestCase {
    static let start = try! EventDate(iso8601: "2024-06-01T18:30:00+02:00")
    static let end = try! EventDate(iso8601: "2024-06-03T09:00:00+02:00")
    static let dateOnlyEnd = try! EventDate(iso8601: "2024-07-15")

    /// Extensions sharecard honours: appended to a tag without `-u-`, they must be accepted.
    static let honoured = ["-u-nu-latn", "-u-nu-arab", "-u-nu-deva", "-u-nu-thai", "-u-nu-beng", "-u-nu-hanidec",
                           "-u-nu-fullwide", "-u-nu-mymr", "-u-ca-gregory", "-u-ca-buddhist", "-u-ca-japanese",
                           "-u-ca-islamic", "-u-ca-islamic-civil", "-u-ca-islamic-umalqura", "-u-ca-hebrew",
                           "-u-ca-chinese", "-u-ca-dangi", "-u-ca-persian", "-u-ca-indian", "-u-ca-coptic",
                           "-u-ca-ethiopic", "-u-ca-ethioaa", "-u-ca-roc", "-u-ca-iso8601",
                           "-u-ca-japanese-nu-latn", "-u-nu-arab-ca-islamic"]
    /// Extensions and garbage that must be refused, each with a reason.
    static let refused = ["-u-nu-bogus", "-u-nu", "-u-nu-roman", "-u-nu-hebr", "-u-ca", "-u-ca-bogus", "-u-hc-h23",
                          "-u-co-phonebk", "-t-ja", "-t-en-m0-ungegn", "-x-private", "-x-a-b-c", "-a-bcd",
                          "-u-nu-latn-nu-arab", "-u-nu-latn-u-ca-gregory", "-", "--", "-u-", "-u", "-x", "-t",
                          " ", "\u{0}", "-é", "-u-nu-latn\n", "-" + String(repeating: "abcdefgh-", count: 8),
                          "%00", "-u-nu-ﾗﾃﾝ", "-u-nu-latn;drop", "@calendar=gregorian", "-u-nu-latn\u{202E}"]

    /// A strip with only the date chip of the `dated` template: the part a locale changes,
    /// drawn at a fraction of a full card's cost so that every ICU tag can be rendered.
    static let dateStrip = Result { () throws -> Template in
        let json = #"""
        {"name": "date-strip", "description": "The dated template's chip alone.", "size": [560, 80],
         "background": "palette",
         "elements": [{"type": "chip", "frame": [8, 8, 544, 64], "icon": "calendar", "text": "{date}",
                       "font": {"family": "Quicksand", "weight": 700, "size": 26, "color": "foreground"},
                       "background": {"ref": "foreground", "alpha": 0.18}, "contentInsets": [12, 22, 12, 22], "spacing": 12}]}
        """#
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sharecard-locale-fuzz-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("date-strip.json")
        try Data(json.utf8).write(to: url)
        return try Template(contentsOf: url)
    }

    /// A tag of ICU's with one of the lists' entries, chosen so every entry is used many
    /// times over the whole run (deterministic, no randomness), and what must happen: accepted
    /// (true), refused (false), or either (nil: a second `-u-` after ICU's `en-US-u-va-posix`).
    static func cases(for tag: String, index: Int) -> [(input: String, accept: Bool?)] {
        let canTakeExtension = !tag.contains("-u-") && !tag.contains("-x-")
        return [
            (tag, true),
            (tag + honoured[index % honoured.count], canTakeExtension ? true : nil),
            (tag + refused[index % refused.count], false),
            (tag.uppercased().replacingOccurrences(of: "-", with: "_"), true),
        ]
    }

    func testEveryICULocaleWithExtensionsAndGarbageIsACardOrAClearError() throws {
        let tags = CanonicalLocale.availableICUTags()
        XCTAssertGreaterThan(tags.count, 500, "ICU lists too few locales")
        let catalog = try CardGoldenTests.catalog.get()
        let renderer = try CardGoldenTests.renderer.get()
        var accepted = 0, refusedCount = 0, rendered = 0
        var seenReasons = Set<String>()
        for (index, tag) in tags.enumerated() {
            for (caseIndex, c) in Self.cases(for: tag, index: index).enumerated() {
                let endDate = caseIndex % 2 == 0 ? Self.end : Self.dateOnlyEnd
                let event: Event
                do {
                    event = try Event(title: "Fuzz", date: Self.start, endDate: endDate, template: "dated", locale: c.input)
                } catch {
                    XCTAssertNotEqual(c.accept, true, "\(c.input.debugDescription) refused: \(error)")
                    XCTAssertEqual(error.field, "locale", c.input.debugDescription)
                    XCTAssertFalse(error.reason.isEmpty, c.input.debugDescription)
                    XCTAssertFalse(error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
                                   "one line, no controls: \(error.description.debugDescription)")
                    seenReasons.insert(String(error.reason.prefix(24)))
                    refusedCount += 1
                    continue
                }
                XCTAssertNotEqual(c.accept, false, "\(c.input.debugDescription) accepted as \(event.locale)")
                accepted += 1
                // Both formatters: the single date, and the range.
                let single = try Event(title: "Fuzz", date: Self.start, locale: event.locale)
                let day = try XCTUnwrap(try single.formattedDate, c.input)
                let range = try XCTUnwrap(try event.formattedDate, c.input)
                XCTAssertFalse(day.isEmpty || range.isEmpty, c.input)
                XCTAssertTrue(try event.shareText.hasSuffix(range), c.input)
                // The canonical tag is a fixed point.
                XCTAssertEqual(try Event(title: "x", locale: event.locale).locale, event.locale, c.input)
                // Every ICU tag is rendered, with its range in the date strip; every 16th also
                // as a whole card of the dated template, with its extension.
                if caseIndex == 0 {
                    let color = try catalog.resolve(event).color
                    let strip = try renderer.render(event, template: Self.dateStrip.get(), color: color)
                    XCTAssertEqual(strip.canvas.makeImage().width, 560)
                    rendered += 1
                } else if index % 16 == 0 && caseIndex == 1 {
                    let card = try renderer.render(Card(event, catalog: catalog))
                    XCTAssertEqual(card.canvas.makeImage().width, 1024)
                }
            }
        }
        XCTAssertGreaterThanOrEqual(rendered, tags.count)
        XCTAssertGreaterThan(accepted, 2 * tags.count)
        XCTAssertGreaterThan(refusedCount, tags.count)
        XCTAssertGreaterThan(seenReasons.count, 5, "\(seenReasons)")
    }

    /// The tags from the reports, through the full path with a date and an end date: the
    /// well-formed ones are cards, the two without a usable numbering system are errors.
    func testReportedTags() throws {
        let catalog = try CardGoldenTests.catalog.get()
        let renderer = try CardGoldenTests.renderer.get()
        let refused = ["en-u-nu-bogus", "en-u-nu"]
        for tag in ["en-u-nu-latn", "de-u-nu-latn", "ar-u-nu-arab", "hi-u-nu-deva", "th-TH-u-nu-thai"] + refused {
            for endDate in [Self.end, Self.dateOnlyEnd] {
                do {
                    let event = try Event(title: "Reported", date: Self.start, endDate: endDate, template: "dated", locale: tag)
                    XCTAssertFalse(refused.contains(tag), tag)
                    _ = try renderer.render(Card(event, catalog: catalog))
                    XCTAssertFalse(try event.shareText.isEmpty)
                } catch let error as EventError {
                    XCTAssertEqual(error.field, "locale")
                    XCTAssertTrue(refused.contains(tag), "\(tag): \(error)")
                }
            }
        }
        let latn = try Event(title: "x", date: Self.start, endDate: Self.end, locale: "en-u-nu-latn")
        XCTAssertEqual(try latn.formattedDate, "June 1, 2024 at 6:30\u{202F}PM\u{2009}–\u{2009}June 3, 2024 at 9:00\u{202F}AM")
    }
}
