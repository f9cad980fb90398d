import Foundation
import XCTest

/// `render --share-text` and `batch` with the locales that used to end the process (a trap
/// in Foundation's date formatters): a card and its text, or an error naming the locale.
final class LocaleCommandTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("locale-cli-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func testRenderShareTextWithANumberingSystemExtension() throws {
        let cases: [(locale: String, endDate: String?, expected: String)] = [
            ("en-u-nu-latn", nil, "x — June 1, 2024"),
            ("en-u-nu-latn", "2024-06-03", "x — June 1\u{2009}–\u{2009}3, 2024"),
            ("de-u-nu-latn", "2024-06-03", "x — 1.–3. Juni 2024"),
            ("ar-u-nu-arab", nil, "x — ١ يونيو ٢٠٢٤"),
            ("hi-u-nu-deva", nil, "x — १ जून २०२४"),
            ("th-TH-u-nu-thai", "2024-06-03", "x — ๑"),  // Thai digits
        ]
        for c in cases {
            let out = dir.appendingPathComponent("card.png")
            var args = ["render", "--title", "x", "--template", "dated", "--date", "2024-06-01", "--locale", c.locale, "-o", out.path, "--share-text"]
            if let end = c.endDate { args += ["--end-date", end] }
            let r = try Sharecard.run(args)
            XCTAssertEqual(r.status, 0, "\(c.locale): \(r.stderr)")
            let text = String(decoding: r.stdout, as: UTF8.self)
            XCTAssertTrue(text.hasPrefix(c.expected) && text.hasSuffix("\n"), "\(c.locale): \(text.debugDescription)")
            XCTAssertEqual(try Data(contentsOf: out).prefix(4), Data([0x89, 0x50, 0x4E, 0x47]))
            try FileManager.default.removeItem(at: out)
        }
    }

    func testRenderRefusesUnsupportedLocalesNamingTheOption() throws {
        let out = dir.appendingPathComponent("card.png")
        for (locale, message) in [("en-u-nu-bogus", "\"bogus\""), ("en-u-nu", "needs a numbering system"),
                                  ("en-t-ja", "-t-"), ("qaa", "no locale data"),
                                  ("en\nu-nu-latn", "got \"en\\nu-nu-latn\"")] {
            let r = try Sharecard.run(["render", "--title", "x", "--date", "2024-06-01", "--end-date", "2024-06-03",
                                       "--locale", locale, "-o", out.path, "--share-text"])
            XCTAssertEqual(r.status, 2, "\(locale): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("--locale: ") && r.stderr.contains(message), "\(locale): \(r.stderr)")
            XCTAssertEqual(r.stderrLines.count, 1, r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        }
        // The value typed is shown once, by the option's own "got".
        let unknown = try Sharecard.run(["render", "--title", "x", "--locale", "xx-YY-garbage", "-o", out.path])
        XCTAssertEqual(unknown.stderr, #"sharecard render: --locale: language "xx" has no locale data, got "xx-YY-garbage""# + "\n")
    }

    /// A bad locale is that line's error; the lines around it are written.
    func testBatchGoesOnPastABadLocale() throws {
        let lines = [
            #"{"title": "One", "template": "dated", "date": "2024-06-01", "endDate": "2024-06-03", "locale": "en-u-nu-latn"}"#,
            #"{"title": "Two", "template": "dated", "date": "2024-06-01", "endDate": "2024-06-03", "locale": "en-u-nu-bogus"}"#,
            #"{"title": "Three", "template": "dated", "date": "2024-06-01T18:30:00+02:00", "endDate": "2024-06-03T09:00:00+02:00", "locale": "th-TH-u-nu-thai"}"#,
            #"{"title": "Four", "template": "dated", "date": "2024-06-01", "locale": "en-u-nu"}"#,
            #"{"title": "Five", "template": "dated", "date": "2024-06-01", "endDate": "2024-06-02", "locale": "ar-u-nu-arab"}"#,
        ]
        let input = dir.appendingPathComponent("events.jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: input)
        let out = dir.appendingPathComponent("out")
        let r = try Sharecard.run(["batch", input.path, "--out", out.path, "--jobs", "2"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("line 2: locale: numbering system \"bogus\""), r.stderr)
        XCTAssertTrue(r.stderr.contains("line 4: locale: -u-nu- needs a numbering system"), r.stderr)
        XCTAssertTrue(r.stderr.contains("5 events: 3 written, 0 unchanged, 2 failed"), r.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { !$0.hasPrefix(".") }.sorted()
        XCTAssertEqual(files, ["000001.png", "000003.png", "000005.png"])
    }
}
