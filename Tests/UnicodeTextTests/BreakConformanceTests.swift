import XCTest
@testable import UnicodeText

/// UAX #14 and UAX #29 conformance against Unicode's own test files.
final class BreakConformanceTests: XCTestCase {
    /// ICU 72 agrees with 7,632 of the file's 7,654 lines here. The 22 others all come from
    /// ICU's tailored number rule (LB25 as a regular expression): it keeps a hyphen or an
    /// infix separator with what follows ("-#", ",0", "a.2") where the 15.0 file breaks.
    /// With the default `keepingGraphemeClusters`, 315 more lines differ: the file allows a
    /// break before a combining mark, ZWJ or skin-tone modifier that follows a space or
    /// another character that is not its usual base (LB10, LB30b), which would split a
    /// grapheme cluster.
    func testLineBreakTestFile() throws {
        let lines = try UnicodeDataFiles.lines(of: UnicodeDataFiles.lineBreakTest)
        var passed = 0, passedKeepingClusters = 0
        var failures: [String] = []
        for (number, text) in lines {
            let test = try XCTUnwrap(BreakTestCase(text), "line \(number) unparsable")
            let expected = test.breaks.filter { $0 > 0 }
            let raw = try LineBreaks(utf16: test.units, keepingGraphemeClusters: false).map(\.offset)
            if raw == expected { passed += 1 } else if failures.count < 30 { failures.append("\(number): \(text) got \(raw)") }
            let kept = try LineBreaks(utf16: test.units).map(\.offset)
            if kept == expected { passedKeepingClusters += 1 }
        }
        print("LineBreakTest.txt: \(passed) of \(lines.count) lines pass (ICU rules as they are); " +
              "\(passedKeepingClusters) with breaks inside grapheme clusters dropped")
        if passed < lines.count { print("first failures:\n" + failures.joined(separator: "\n")) }
        XCTAssertEqual(lines.count, 7_654)
        XCTAssertGreaterThanOrEqual(passed, 7_632)
    }

    func testGraphemeBreakTestFile() throws {
        let lines = try UnicodeDataFiles.lines(of: UnicodeDataFiles.graphemeBreakTest)
        var passed = 0
        for (number, text) in lines {
            let test = try XCTUnwrap(BreakTestCase(text), "line \(number) unparsable")
            let got = try GraphemeClusters(utf16: test.units).boundaries
            if got == test.breaks { passed += 1 } else { XCTFail("line \(number): \(text) got \(got)") }
        }
        print("GraphemeBreakTest.txt: \(passed) of \(lines.count) lines pass")
        XCTAssertEqual(lines.count, 602)
        XCTAssertEqual(passed, 602)
    }
}
