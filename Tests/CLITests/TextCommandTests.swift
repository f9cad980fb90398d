import Foundation
import XCTest

/// `sharecard measure` and `sharecard text` through the real executable.
final class TextCommandTests: XCTestCase {
    /// A right-aligned line that fills the box sits at x 0, not "-0.0" (its origin is a
    /// rounding error left of the edge).
    func testALineThatFillsTheBoxIsAtZeroNotMinusZero() throws {
        let r = try Sharecard.run(["measure", "--align", "right", "--lines", "1", "--text", "Supercalifragilisticexpialidocious-extraordinarily"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let out = String(decoding: r.stdout, as: UTF8.self)
        XCTAssertTrue(out.contains("width 944.0 at x 0.0,"), out)
        let json = try Sharecard.run(["measure", "--align", "right", "--lines", "1", "--json", "--text", "Supercalifragilisticexpialidocious-extraordinarily"])
        XCTAssertFalse(String(decoding: json.stdout, as: UTF8.self).contains("-0"), String(decoding: json.stdout, as: UTF8.self))
    }

    /// A choice's names are case-sensitive, as --size's presets are; a slip is pointed out as every other unknown name is.
    func testAChoiceInTheWrongCaseIsPointedOut() throws {
        let r = try Sharecard.run(["measure", "--align", "JUSTIFIED", "--text", "x"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "sharecard measure: --align must be one of left|center|right|justified|natural, got 'JUSTIFIED' — did you mean \"justified\"?\n")
        XCTAssertFalse(try Sharecard.run(["measure", "--align", "middle", "--text", "x"]).stderr.contains("did you mean"))
    }

    /// `--align justified` fills lines before widening them unless `--wrap` says otherwise (the
    /// lines of `JustificationTests`' Chinese text: 17, 16 and 8 characters filled).
    func testJustifiedMeasureFillsLinesUnlessToldToBalance() throws {
        let text = "我们的第一套公寓欢迎大家来参加派对新年快乐二〇二四年春节联欢晚会在北京举行欢迎光临"
        func lineLengths(_ extra: [String]) throws -> [Int] {
            let r = try Sharecard.run(["measure", "--json", "--font-size", "40", "--min-scale", "1", "--width", "700", "--height", "inf",
                                       "--lines", "0", "--language", "zh", "--align", "justified", "--text", text] + extra)
            XCTAssertEqual(r.status, 0, r.stderr)
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
            return try XCTUnwrap(json["lines"] as? [[String: Any]]).compactMap { ($0["text"] as? String)?.count }
        }
        XCTAssertEqual(try lineLengths([]), [17, 16, 8])
        XCTAssertEqual(try lineLengths(["--wrap", "greedy"]), [17, 16, 8])
        XCTAssertNotEqual(try lineLengths(["--wrap", "balanced"]), [17, 16, 8])
    }

    func testMeasureJSONReportsTheDecision() throws {
        let r = try Sharecard.run(["measure", "--text", "Our first apartment together", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        XCTAssertEqual(json["fontSize"] as? Double, 60)
        XCTAssertEqual(json["truncated"] as? Bool, false)
        XCTAssertEqual((json["missingGlyphs"] as? [Any])?.count, 0)
        let lines = try XCTUnwrap(json["lines"] as? [[String: Any]])
        XCTAssertEqual(lines.map { $0["text"] as? String }, ["Our first apartment together"])
        XCTAssertLessThanOrEqual(try XCTUnwrap(lines[0]["width"] as? Double), 944)
        XCTAssertNotNil(json["width"] as? Double)
        XCTAssertNotNil(json["height"] as? Double)
    }

    func testMeasureShrinksAndTruncatesOnRequest() throws {
        let long = String(repeating: "Wonderful summer by the sea. ", count: 20)
        let r = try Sharecard.run(["measure", "--text", long, "--min-scale", "0.5", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        XCTAssertEqual(json["fontSize"] as? Double, 30)
        XCTAssertEqual(json["truncated"] as? Bool, true)
        XCTAssertEqual((json["lines"] as? [Any])?.count, 3)
    }

    func testMeasureReportsMissingGlyphs() throws {
        let r = try Sharecard.run(["measure", "--text", "\u{11F04} Kawi", "--json"])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        XCTAssertEqual(json["missingGlyphs"] as? [String], ["U+11F04"], "named as code points, as render and the API name them")
    }

    func testMeasureReportsHyphenatedBreaks() throws {
        let r = try Sharecard.run(["measure", "--text", "Einladung zur Donaudampfschifffahrtsgesellschaftskapitänsfeier",
                                   "--language", "de", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        XCTAssertEqual(json["breakFlaws"] as? [String], ["hyphenated", "hyphenated"])
        XCTAssertEqual(json["fontSize"] as? Double, 60)
        let lines = try XCTUnwrap(json["lines"] as? [[String: Any]])
        XCTAssertEqual(lines.first?["text"] as? String, "Einladung zur Donau\u{2010}")
    }

    func testMeasureReportsSoftenedHardBreaks() throws {
        let r = try Sharecard.run(["measure", "--text", "Roses are red,\nviolets are blue,\nwe got married\nand so did you!", "--json"])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        XCTAssertEqual(json["hardBreaksSoftened"] as? Bool, true)
        XCTAssertEqual(json["fontSize"] as? Double, 60)
    }

    func testBadLayoutFlagsAreUsageErrors() throws {
        for args in [["--text", "x", "--wrap", "zigzag"], ["--text", "x", "--lines", "-1"], ["--text", "x", "--weight", "heavyish"],
                     ["--text", "x", "--font", "Comic Sans"], ["--text", "x", "--min-scale", "2"], ["--font-size", "60"],
                     ["--size", "60"], ["--text", "x", "--size", "60", "--font-size", "60"], ["--text", "x", "--font-size", "0"]] {
            let r = try Sharecard.run(["measure"] + args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertEqual(r.stderrLines.count, 1, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("sharecard measure: "), r.stderr)
        }
    }

    /// The text may be see-through; the canvas may not (the image is opaque: `#7b439700`
    /// came out all white). A colour is written with its `#`, as `render --color` takes it.
    func testTextColoursTakeAlphaAndTheCanvasColourDoesNot() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("text-colour-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("t.png").path
        for colour in ["#fff", "#ffffff80", "#fff8"] {
            let r = try Sharecard.run(["text", "--text", "Hi", "--color", colour, "-o", out])
            XCTAssertEqual(r.status, 0, "\(colour): \(r.stderr)")
        }
        for (flag, colour) in [("--background", "#7b439700"), ("--background", "#7b48"), ("--background", "7b4397"), ("--color", "fff")] {
            let r = try Sharecard.run(["text", "--text", "Hi", flag, colour, "-o", out])
            XCTAssertEqual(r.status, 2, "\(flag) \(colour): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("sharecard text: \(flag) must be a hex colour, #rgb"), r.stderr)
        }
    }

    func testTheTextLimitCountsCodePoints() throws {
        // A family emoji is 7 code points and 11 UTF-16 units: 700 of them are 4,900 code
        // points, inside the limit (7,700 units were refused before).
        let family = "👨‍👩‍👧‍👦"
        let inside = try Sharecard.run(["measure", "--text", String(repeating: family, count: 700), "--json"])
        XCTAssertEqual(inside.status, 0, inside.stderr)
        let over = try Sharecard.run(["measure", "--text", String(repeating: "a", count: 5001)])
        XCTAssertEqual(over.status, 2, over.stderr)
        XCTAssertEqual(over.stderr, "sharecard measure: --text is 5001 code points, over the limit of 5000\n")
    }

    func testTextRendersACanvasSizedPNG() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("text-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("t.png").path
        let r = try Sharecard.run(["text", "--text", "שלום עולם", "-o", out, "--scale", "2"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func be32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        XCTAssertEqual(be32(16), 2048)
        XCTAssertEqual(be32(20), 1152)
    }

    func testMeasureTakesTheFontSizeAsFontSizeAndStillAsSize() throws {
        let r = try Sharecard.run(["measure", "--text", "Hello", "--font-size", "30", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])["fontSize"] as? Double, 30)
        let former = try Sharecard.run(["measure", "--text", "Hello", "--size", "30", "--json"])
        XCTAssertEqual(former.status, 0, former.stderr)
        XCTAssertEqual(former.stderr, "sharecard measure: warning: --size is deprecated here; use --font-size\n")
        XCTAssertEqual(former.stdout, r.stdout)
        // A canvas size given to measure's former --size is named as the flag typed.
        let canvas = try Sharecard.run(["measure", "--text", "Hello", "--size", "og"])
        XCTAssertEqual(canvas.status, 2, canvas.stderr)
        XCTAssertTrue(canvas.stderr.contains("--size is the former name of --font-size here and takes a number of points (measure has no canvas), got 'og'"),
                      canvas.stderr)
    }

    /// `text --size` takes what `render --size` takes; `--canvas` still works, with a warning;
    /// the font size is `--font-size`, and a bare number for `--size` says so.
    func testTextTakesTheCanvasSizeAsRenderDoes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("text-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("t.png")
        func dimensions() throws -> [Int] {
            let bytes = Array(try Data(contentsOf: out))
            return [16, 20].map { at in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        }
        for (args, expected) in [(["--size", "og"], [1200, 630]), (["--size", "story", "--scale", "2"], [2160, 3840]),
                                 (["--size", "1500X500"], [1500, 500]), (["--size", "320x4096"], [320, 4096]),
                                 (["--font-size", "20"], [1024, 576])] {
            let r = try Sharecard.run(["text", "--text", "Hello", "-o", out.path] + args)
            XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
            XCTAssertEqual(r.stderr, "", "\(args)")
            XCTAssertEqual(try dimensions(), expected, "\(args)")
        }
        let former = try Sharecard.run(["text", "--text", "Hello", "-o", out.path, "--canvas", "square"])
        XCTAssertEqual(former.status, 0, former.stderr)
        XCTAssertEqual(former.stderr, "sharecard text: warning: --canvas is deprecated; use --size\n")
        XCTAssertEqual(try dimensions(), [1080, 1080])

        for (args, message) in [
            (["--size", "80"], "sharecard text: --size is the canvas size (a preset such as og, or WxH, as for render); the font size is --font-size, got '80'"),
            (["--size", "og", "--canvas", "og"], "sharecard text: give --size, not both it and --canvas (its former name)"),
            (["--size", "319x500"], nil), (["--size", "squre"], nil), (["--canvas", "4097x500"], nil),
            // WxH with a zero side, not the hexadecimal number Double(_:) would read
            (["--size", "0x400"], nil), (["--size", "0x0"], nil),
        ] as [([String], String?)] {
            let r = try Sharecard.run(["text", "--text", "Hello", "-o", out.path] + args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertEqual(r.stderrLines.count, 1, "\(args): \(r.stderr)")
            if let message {
                XCTAssertEqual(r.stderr, message + "\n")
            } else {
                // The message names the option given and comes from the parser render uses.
                let render = try Sharecard.run(["render", "--title", "Hello", "-o", out.path] + args.map { $0 == "--canvas" ? "--size" : $0 })
                XCTAssertEqual(r.stderr.replacingOccurrences(of: "sharecard text: --canvas", with: "sharecard text: --size"),
                               render.stderr.replacingOccurrences(of: "sharecard render:", with: "sharecard text:"))
            }
        }
    }
}
