import Foundation
import XCTest

/// A slip on the command line gets "did you mean" with the closest name; a name that is
/// nothing like any known one gets no guess.
final class SuggestionTests: TemporaryDirectoryTestCase {
    func assertSuggests(_ arguments: [String], _ fragment: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try Sharecard.run(arguments, in: directory)
        XCTAssertEqual(r.status, 2, r.stderr, file: file, line: line)
        XCTAssertEqual(r.stderrLines.count, 1, r.stderr, file: file, line: line)
        XCTAssertTrue(r.stderr.contains(fragment), "\(r.stderr) should contain \(fragment)", file: file, line: line)
        XCTAssertTrue(r.stdout.isEmpty, file: file, line: line)
        XCTAssertEqual(try contents(), [], "nothing written", file: file, line: line)
    }

    func testSubcommand() throws {
        try assertSuggests(["rendr", "--title", "x"], #"unknown command "rendr" — did you mean "render"?"#)
        try assertSuggests(["palletes", "list"], #"did you mean "palettes"?"#)
        try assertSuggests(["--verison"], #"unknown option "--verison" — did you mean "--version"?"#)
    }

    func testOption() throws {
        try assertSuggests(["render", "--title", "x", "--colour", "user_red", "-o", "x.png"],
                           #"unknown option "--colour" — did you mean "--color"?"#)
        try assertSuggests(["render", "--titel", "x", "-o", "x.png"], #"did you mean "--title"?"#)
        try assertSuggests(["batch", "e.jsonl", "--out", "o", "--shards", "0/2"], #"did you mean "--shard"?"#)
        // A single dash with a long name is still matched against the long names.
        try assertSuggests(["render", "-colour", "user_red"], #"did you mean "--color"?"#)
        // A long name needs two dashes and a short one one dash: neither form is read as the
        // other, so `-title x` cannot render a card titled "x" by a lenient reading.
        try assertSuggests(["render", "-title", "x", "-o", "x.png"], #"unknown option "-title" — did you mean "--title"?"#)
        try assertSuggests(["render", "--title", "x", "--o", "x.png"], #"unknown option "--o" (write -o or --output)"#)
        try assertSuggests(["render", "--title", "x", "-q", "-output", "x.png"], #"did you mean "--output"?"#)
        // A short option with its value after '=' (which only the long form takes).
        try assertSuggests(["render", "--title", "x", "-o=x.png"], #"unknown option "-o=x.png" (write -o VALUE, or --output=VALUE)"#)
    }

    func testColourPaletteAndTemplateNames() throws {
        try assertSuggests(["render", "--title", "x", "--color", "user_purpel", "-o", "x.png"],
                           #"unknown colour "user_purpel" in palette "default" — did you mean "user_purple"?"#)
        try assertSuggests(["render", "--title", "x", "--template", "clasic", "-o", "x.png"],
                           #"unknown template "clasic" — did you mean "classic"?"#)
        try assertSuggests(["render", "--title", "x", "--palette", "pastell", "-o", "x.png"],
                           #"unknown palette "pastell" — did you mean "pastel"?"#)
        try assertSuggests(["render", "--title", "x", "--color", "USER_GREY", "-o", "x.png"], #"did you mean "user_grey"?"#)
    }

    func testNoGuessWhenNothingIsClose() throws {
        for arguments in [["paint"], ["render", "--title", "x", "--color", "ultraviolet", "-o", "x.png"],
                          ["render", "--title", "x", "--template", "fancy", "-o", "x.png"], ["render", "--frobnicate"]] {
            let r = try Sharecard.run(arguments, in: directory)
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertFalse(r.stderr.contains("did you mean"), r.stderr)
        }
    }
}
