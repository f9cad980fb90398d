import Foundation
import XCTest

/// `--title -` reads the title from standard input instead of rendering a card that says "-".
final class TitleFromStandardInputTests: TemporaryDirectoryTestCase {
    func testTitleFromStandardInputEqualsTheFlag() throws {
        let piped = try Sharecard.run(["render", "--title", "-", "--date", "2024-06-01", "-o", path("piped.png"), "--share-text"],
                                      stdin: Data("Moving day\n".utf8))
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(String(decoding: piped.stdout, as: UTF8.self), "Moving day — June 1, 2024\n")
        let flagged = try Sharecard.run(["render", "--title", "Moving day", "--date", "2024-06-01", "-o", path("flag.png")])
        XCTAssertEqual(flagged.status, 0, flagged.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("piped.png"))), try Data(contentsOf: URL(fileURLWithPath: path("flag.png"))),
                       "same pixels as the title given as a flag")
    }

    func testInnerLineBreaksKeptTrailingOnesDropped() throws {
        for input in ["Two\nlines\n\n", "Two\r\nlines\r\n"] {
            let r = try Sharecard.run(["render", "--title", "-", "--share-text"], stdin: Data(input.utf8))
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(String(decoding: r.stdout, as: UTF8.self), "Two\nlines\n")
        }
    }

    func testEmptyOrNonUTF8InputIsAUsageError() throws {
        for (input, message) in [(Data(), "--title -: standard input is empty"), (Data("\n\n".utf8), "--title -: standard input is empty"),
                                 (Data([0x66, 0xFF, 0xFE]), "--title -: standard input is not UTF-8 text")] {
            let r = try Sharecard.run(["render", "--title", "-", "-o", path("x.png")], stdin: input)
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertTrue(r.stderr.contains(message), r.stderr)
            XCTAssertEqual(try contents(), [])
        }
    }
}
