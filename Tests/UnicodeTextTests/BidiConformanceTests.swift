import XCTest
import UnicodeText

/// UAX #9 conformance against Unicode's BidiCharacterTest.txt: every line goes through
/// `BidiParagraph` (levels, paragraph level) and `BidiLine` (levels after L1, visual order).
final class BidiConformanceTests: XCTestCase {
    func testBidiCharacterTestFile() throws {
        let lines = try UnicodeDataFiles.lines(of: UnicodeDataFiles.bidiCharacterTest)
        var checked = 0, passed = 0
        for (number, text) in lines {
            let fields = text.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count == 5 else { XCTFail("line \(number): expected 5 fields"); continue }
            checked += 1
            if let problem = try check(fields) {
                if checked - passed <= 20 { XCTFail("line \(number): \(problem)") }
            } else {
                passed += 1
            }
        }
        print("BidiCharacterTest.txt: \(passed) of \(checked) lines pass")
        XCTAssertEqual(checked, 91_707)
        XCTAssertEqual(passed, checked)
    }

    /// Nil when the line passes, else what differs.
    private func check(_ fields: [Substring]) throws -> String? {
        // Code points, with the UTF-16 offset where each starts.
        var units: [UInt16] = []
        var starts: [Int] = []
        for hex in fields[0].split(separator: " ") {
            starts.append(units.count)
            units += try XCTUnwrap(UnicodeDataFiles.utf16(hex: hex))
        }
        let base: BidiParagraph.BaseDirection
        switch fields[1] {
        case "0": base = .leftToRight
        case "1": base = .rightToLeft
        default: base = .auto
        }
        let expectedParagraphLevel = Int(fields[2])
        let expectedLevels = fields[3].split(separator: " ").map { Int($0) } // nil: removed by X9
        let expectedOrder = fields[4].split(separator: " ").map { Int($0)! }

        let paragraph = try BidiParagraph(utf16: units, baseDirection: base)
        guard Int(paragraph.paragraphLevel.value) == expectedParagraphLevel else {
            return "paragraph level \(paragraph.paragraphLevel), expected \(fields[2])"
        }
        let line = try paragraph.line(0..<units.count)
        let levels = starts.map { Int(line.levels[$0].value) }
        for (i, expected) in expectedLevels.enumerated() where expected != nil && levels[i] != expected {
            return "levels \(levels), expected \(fields[3])"
        }
        let indexOfOffset = Dictionary(uniqueKeysWithValues: starts.enumerated().map { ($1, $0) })
        let order = line.visualOrder.compactMap { indexOfOffset[$0] }.filter { expectedLevels[$0] != nil }
        guard order == expectedOrder else { return "visual order \(order), expected \(fields[4])" }

        // The runs, read left to right (backwards inside right-to-left runs), give the same order.
        var fromRuns: [Int] = []
        for run in line.runs {
            let inRun = starts.filter { run.range.contains($0) }
            fromRuns += run.level.isRightToLeft ? inRun.reversed() : inRun
        }
        guard fromRuns == line.visualOrder else { return "runs \(line.runs) disagree with visual order" }
        return nil
    }
}
