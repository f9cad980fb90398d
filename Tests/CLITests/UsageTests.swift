import Foundation
import XCTest

/// Help goes to stdout with status 0; every command-line mistake is one line on stderr
/// with status 2, and nothing on stdout.
final class UsageTests: TemporaryDirectoryTestCase {
    func assertUsageError(_ arguments: [String], mentions fragment: String,
                          file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try Sharecard.run(arguments, in: directory)
        XCTAssertEqual(result.status, 2, "status for \(arguments)", file: file, line: line)
        XCTAssertEqual(result.stderrLines.count, 1, "one line on stderr, got: \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.hasSuffix("\n"), file: file, line: line)
        XCTAssertTrue(result.stderr.contains(fragment), "\(result.stderr) should mention \(fragment)", file: file, line: line)
        XCTAssertTrue(result.stdout.isEmpty, file: file, line: line)
        XCTAssertEqual(try contents(), [], "a usage error creates no files", file: file, line: line)
    }

    func testTopLevelHelpListsDraw() throws {
        for flag in ["--help", "-h", "help"] {
            let result = try Sharecard.run([flag])
            XCTAssertEqual(result.status, 0, flag)
            XCTAssertEqual(result.stderr, "", flag)
            let text = String(decoding: result.stdout, as: UTF8.self)
            XCTAssertTrue(text.hasPrefix("USAGE: sharecard"), flag)
            XCTAssertTrue(text.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("draw ") },
                          "a line listing draw in: \(text)")
        }
    }

    /// `help render` and `--help render` show render's own help, as `render --help` does.
    func testHelpNamingACommandShowsThatCommandsHelp() throws {
        let own = try Sharecard.run(["draw", "--help"])
        for arguments in [["help", "draw"], ["--help", "draw"], ["-h", "draw"]] {
            let result = try Sharecard.run(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments)")
            XCTAssertEqual(result.stdout, own.stdout, "\(arguments)")
        }
        try assertUsageError(["help", "paint"], mentions: #"unknown command "paint""#)
    }

    /// A command is found by the name `--help` lists and runs with its own option table (the
    /// name is written beside the table so that one command's run need not make them all).
    func testEveryListedCommandAnswersToItsNameWithItsOwnTable() throws {
        let top = String(decoding: try Sharecard.run(["--help"]).stdout, as: UTF8.self)
        let names = top.split(separator: "\n").drop { $0 != "COMMANDS:" }.dropFirst()
            .prefix { $0.hasPrefix("  ") }.map { String($0.split(separator: " ")[0]) }
        XCTAssertEqual(names.count, 13, top)
        for name in names {
            let result = try Sharecard.run([name, "--help"])
            XCTAssertEqual(result.status, 0, name)
            let usage = String(decoding: result.stdout, as: UTF8.self).prefix { $0 != "\n" }
            XCTAssertTrue(usage == "USAGE: sharecard \(name)" || usage.hasPrefix("USAGE: sharecard \(name) "), "\(name): \(usage)")
        }
    }

    func testNoArgumentsPrintsHelpAsAnError() throws {
        let result = try Sharecard.run([])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("USAGE: sharecard"))
        XCTAssertTrue(result.stdout.isEmpty)
    }

    func testDrawHelpDocumentsItsOptions() throws {
        let result = try Sharecard.run(["draw", "--help"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "")
        let text = String(decoding: result.stdout, as: UTF8.self)
        XCTAssertTrue(text.contains("USAGE: sharecard draw SCENE.json -o OUT.png"), text)
        XCTAssertTrue(text.contains("-o, --output FILE"), text)
        XCTAssertTrue(text.contains("--scale N"), text)
        XCTAssertTrue(text.contains("docs/templates.md"), "points to the language's documentation")
    }

    func testHelpWinsOverOtherMistakes() throws {
        // Asking for help with an incomplete command line still shows help.
        let result = try Sharecard.run(["draw", "-h"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(String(decoding: result.stdout, as: UTF8.self).contains("--scale"))
    }

    func testUnknownCommand() throws {
        try assertUsageError(["paint", "scene.json"], mentions: #"unknown command "paint""#)
    }

    func testUnknownOptions() throws {
        try assertUsageError(["draw", "scene.json", "-o", "out.png", "--colour", "red"], mentions: #"unknown option "--colour""#)
        try assertUsageError(["draw", "scene.json", "-x", "-o", "out.png"], mentions: #"unknown option "-x""#)
    }

    func testAStrangersOptionOrArgumentIsQuotedEscapedAndCut() throws {
        // A terminal colour sequence, a bidi override and a line break stay on one line as
        // escapes; a long name is cut (the message stays short whatever was typed).
        let hostile = "--\u{1B}[31mred\u{202E}x\n" + String(repeating: "y", count: 5_000)
        for (arguments, what) in [(["draw", "scene.json", "-o", "out.png", hostile], "unknown option"),
                                  ([hostile], "unknown option"), (["\u{1B}[2Jrender"], "unknown command"),
                                  (["draw", "a.json", "\u{1B}]0;title\u{07}", "-o", "out.png"], "unexpected argument")] {
            try assertUsageError(arguments, mentions: what)
            let stderr = try Sharecard.run(arguments, in: directory).stderr
            XCTAssertFalse(stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{07}" }, stderr)
            XCTAssertTrue(stderr.contains(#"\u{1B}"#), stderr)
            XCTAssertLessThan(stderr.count, 400, stderr)
        }
    }

    func testOutputWithoutAValue() throws {
        try assertUsageError(["draw", "scene.json", "-o"], mentions: "--output needs a value")
        try assertUsageError(["draw", "scene.json", "--output"], mentions: "--output needs a value")
    }

    /// A command-line mistake exits 2, as `render -o ''` does; it was 1 from `batch`.
    func testAnEmptyOutputFolderIsAUsageError() throws {
        try assertUsageError(["batch", "events.jsonl", "--out", ""], mentions: "the --out folder's name is empty")
    }

    func testMissingSceneArgument() throws {
        try assertUsageError(["draw", "-o", "out.png"], mentions: "missing SCENE.json")
    }

    func testMissingOutputOption() throws {
        try assertUsageError(["draw", "scene.json"], mentions: "missing -o")
    }

    func testExtraPositionalArgument() throws {
        try assertUsageError(["draw", "a.json", "b.json", "-o", "out.png"], mentions: #"unexpected argument "b.json""#)
    }

    /// Options and words an action does not use are refused, not ignored: `palettes show -o`
    /// wrote nothing and said nothing; `templates list extra` and `validate --json` passed.
    func testWhatAnActionDoesNotUseIsRefused() throws {
        try assertUsageError(["palettes", "show", "default", "-o", "x.png"], mentions: "--output is for 'palettes preview'")
        try assertUsageError(["palettes", "list", "--size", "og"], mentions: "--size is for 'palettes preview'")
        try assertUsageError(["templates", "list", "extra"], mentions: "'templates list' takes no NAME")
        try assertUsageError(["templates", "validate", "t.json", "--json"], mentions: "--json is for 'templates show NAME'")
    }

    func testRepeatedOutput() throws {
        try assertUsageError(["draw", "scene.json", "-o", "a.png", "--output", "b.png"], mentions: "--output given more than once")
    }

    /// Like every other usage error, a bad --scale names the command that rejected it.
    func testScaleOutOfRangeIsAUsageErrorNamingTheCommand() throws {
        try write(#"{"width": 4, "height": 4}"#, to: "scene.json")
        for bad in ["0.2", "5", "two", "nan", "0x2", "0x1.8p1", "inf", "2.0f"] {
            let result = try Sharecard.run(["draw", "scene.json", "-o", "out.png", "--scale", bad], in: directory)
            XCTAssertEqual(result.status, 2, bad)
            XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("sharecard draw: --scale must be a number from 0.25 to 4"), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("out.png")), bad)
        }
    }

    /// `--scale` takes what a scene's own `scale` takes, 0.25 to 4: a 400×200 scene at 0.25 is
    /// a 100×50 image.
    func testDrawScaleTakesAScenesOwnRange() throws {
        try write(#"{"width": 400, "height": 200}"#, to: "scene.json")
        let result = try Sharecard.run(["draw", "scene.json", "-o", "out.png", "--scale", "0.25"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let png = try Data(contentsOf: URL(fileURLWithPath: path("out.png")))
        XCTAssertEqual(png[16..<24].map { $0 }, [0, 0, 0, 100, 0, 0, 0, 50], "IHDR width and height")
    }

    /// Decimal spellings are numbers; `0x1.8p1`, which Swift's `Double(_:)` reads as 3, is not one.
    func testDecimalOptionsTakeDecimalsOnly() throws {
        try write(#"{"width": 4, "height": 4}"#, to: "scene.json")
        for good in ["2", "2.0", "+2", "0.2e1", "2E0"] {
            let result = try Sharecard.run(["draw", "scene.json", "-o", "out.png", "--scale", good], in: directory)
            XCTAssertEqual(result.status, 0, "\(good): \(result.stderr)")
        }
        let hex = try Sharecard.run(["measure", "--text", "hi", "--width", "0x1p10"], in: directory)
        XCTAssertEqual(hex.status, 2)
        XCTAssertTrue(hex.stderr.hasSuffix("got '0x1p10'\n"), hex.stderr)
    }

    /// A usage error is found before any work is done, so its status does not depend on
    /// whether the scene file happens to be readable.
    func testBadScaleIsAUsageErrorEvenWhenTheSceneIsMissing() throws {
        let result = try Sharecard.run(["draw", "missing.json", "-o", "out.png", "--scale", "9"], in: directory)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("--scale"), result.stderr)
    }
}
