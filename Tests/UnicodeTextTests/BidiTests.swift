import XCTest
import UnicodeText

final class BidiTests: XCTestCase {
    private func levels(_ line: BidiLine) -> [Int] { line.levels.map { Int($0.value) } }

    func testMixedLeftToRightParagraph() throws {
        let p = try BidiParagraph("abc אבג def")
        XCTAssertEqual(p.direction, .leftToRight)
        let line = try p.line(0..<p.utf16Count)
        XCTAssertEqual(levels(line), [0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0])
        XCTAssertEqual(line.visualOrder, [0, 1, 2, 3, 6, 5, 4, 7, 8, 9, 10])
        XCTAssertEqual(line.runs.map(\.range), [0..<4, 4..<7, 7..<11])
        XCTAssertEqual(line.runs.map(\.direction), [.leftToRight, .rightToLeft, .leftToRight])
    }

    func testAutomaticDirection() throws {
        let p = try BidiParagraph("אבג abc")
        XCTAssertEqual(p.direction, .rightToLeft)
        let line = try p.line(0..<7)
        XCTAssertEqual(line.runs.map(\.range), [4..<7, 0..<4])
        XCTAssertEqual(line.runs.map { Int($0.level.value) }, [2, 1])

        XCTAssertEqual(try BidiParagraph("123 !").direction, .leftToRight)
        XCTAssertEqual(try BidiParagraph("123 !", baseDirection: .automatic(fallback: .rightToLeft)).direction, .rightToLeft)
        XCTAssertEqual(try BidiParagraph("abc", baseDirection: .rightToLeft).paragraphLevel, .rightToLeft)
    }

    func testTrailingWhitespaceTakesParagraphLevelPerLine() throws {
        let p = try BidiParagraph("אבג abc def")
        XCTAssertEqual(p.level(at: 7).value, 2) // the space between two Latin words
        let first = try p.line(0..<8)           // "אבג abc " ends with that space
        XCTAssertEqual(first.levels[7].value, 1)
        XCTAssertEqual(first.visualOrder, [7, 4, 5, 6, 3, 2, 1, 0])
        let second = try p.line(8..<11)
        XCTAssertEqual(second.visualOrder, [8, 9, 10])
        XCTAssertEqual(second.runs, [BidiRun(range: 8..<11, level: try BidiLevel(2))])
    }

    func testBracketPairsResolveTogether() throws {
        // N0: the brackets around Hebrew in an RTL paragraph are RTL, and mirror by shaping.
        let p = try BidiParagraph("אב (גד) ef", baseDirection: .rightToLeft)
        let line = try p.line(0..<10)
        XCTAssertEqual(Array(levels(line)[3...6]), [1, 1, 1, 1])
    }

    func testSupplementaryCharactersShareALevel() throws {
        let p = try BidiParagraph("𞤀𞤁a") // Adlam is right to left
        XCTAssertEqual(p.levels.map(\.value), [1, 1, 1, 1, 2])
        let line = try p.line(0..<5)
        XCTAssertEqual(line.visualOrder, [4, 2, 0])
        XCTAssertThrowsError(try p.line(0..<1))
        XCTAssertThrowsError(try p.line(0..<6))
    }

    func testParagraphRanges() {
        XCTAssertEqual(BidiParagraph.paragraphRanges(in: "a\nb\r\nc\u{2029}"), [0..<2, 2..<5, 5..<7])
        XCTAssertEqual(BidiParagraph.paragraphRanges(in: "abc"), [0..<3])
        XCTAssertEqual(BidiParagraph.paragraphRanges(in: ""), [])
    }

    func testLevelValidation() {
        XCTAssertThrowsError(try BidiLevel(127))
        XCTAssertThrowsError(try BidiLevel(-1))
        XCTAssertEqual(try BidiLevel(3).direction, .rightToLeft)
    }
}
