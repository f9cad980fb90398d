import Geometry
import XCTest

/// `Path(svgPathData:)` against the SVG 1.1 path grammar: commands, implicit repeats,
/// number syntax, and errors that say where reading stopped.
final class SVGPathDataTests: XCTestCase {
    func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [Path.Element] {
        do {
            return try Path(svgPathData: text).elements
        } catch {
            XCTFail("\(text): \(error)", file: file, line: line)
            return []
        }
    }

    func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> PathDataError? {
        do {
            let path = try Path(svgPathData: text)
            XCTFail("expected an error for \(text), got \(path.elements)", file: file, line: line)
        } catch let e as PathDataError {
            return e
        } catch {
            XCTFail("unexpected error type \(error)", file: file, line: line)
        }
        return nil
    }

    func assertError(_ text: String, offset: Int, reason: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let e = error(text, file: file, line: line) else { return }
        XCTAssertEqual(e.offset, offset, "offset for \(text)", file: file, line: line)
        XCTAssertEqual(e.reason, reason, "reason for \(text)", file: file, line: line)
    }

    func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    // MARK: Lines

    func testAbsoluteLines() {
        XCTAssertEqual(parse("M 10 20 L 30 40 H 50 V 60 Z"),
                       [.move(p(10, 20)), .line(p(30, 40)), .line(p(50, 40)), .line(p(50, 60)), .close])
    }

    func testRelativeLinesAreOffsetsFromTheCurrentPoint() {
        XCTAssertEqual(parse("m 10 20 l 20 20 h 20 v 20 z"),
                       [.move(p(10, 20)), .line(p(30, 40)), .line(p(50, 40)), .line(p(50, 60)), .close])
    }

    func testRelativeMoveAfterCloseStartsFromTheClosedSubpathsStart() {
        // After z the current point is (10, 20), not (30, 20).
        XCTAssertEqual(parse("M 10 20 l 20 0 z m 1 2 l 3 0"),
                       [.move(p(10, 20)), .line(p(30, 20)), .close, .move(p(11, 22)), .line(p(14, 22))])
    }

    /// SVG: "If a closepath is followed immediately by any other command, then the next
    /// subpath starts at the same initial point as the current subpath." The new subpath
    /// must be stored with its own `.move`, or it is filled without its first point and
    /// not stroked at all.
    func testDrawingAfterCloseStartsANewSubpathAtTheSameStart() {
        let expected: [Path.Element] = [.move(p(0, 0)), .line(p(10, 0)), .line(p(10, 10)), .close,
                                        .move(p(0, 0)), .line(p(0, 10)), .line(p(5, 5))]
        XCTAssertEqual(parse("M 0 0 L 10 0 L 10 10 Z L 0 10 L 5 5"), expected)
        XCTAssertEqual(parse("M 0 0 L 10 0 L 10 10 z l 0 10 l 5 -5"), expected)
    }

    func testRepeatedCloseClosesOnce() {
        XCTAssertEqual(parse("M 0 0 L 10 0 Z Z z"), [.move(p(0, 0)), .line(p(10, 0)), .close])
    }

    func testCoordinatesAfterAMoveAreLineTos() {
        XCTAssertEqual(parse("M 0 0 10 0 10 10"), [.move(p(0, 0)), .line(p(10, 0)), .line(p(10, 10))])
        // Relative move: the extra pairs are relative line-tos.
        XCTAssertEqual(parse("m 1 1 2 0 0 2"), [.move(p(1, 1)), .line(p(3, 1)), .line(p(3, 3))])
    }

    func testRepeatedCoordinatesRepeatTheCommand() {
        XCTAssertEqual(parse("M 0 0 L 1 1 2 2 h 3 4 v 5 6"),
                       [.move(p(0, 0)), .line(p(1, 1)), .line(p(2, 2)), .line(p(5, 2)), .line(p(9, 2)),
                        .line(p(9, 7)), .line(p(9, 13))])
    }

    // MARK: Curves

    func testQuadraticAndSmoothQuadratic() {
        // T reflects the previous control point (10, 0) about the current point (10, 10).
        XCTAssertEqual(parse("M 0 0 Q 10 0 10 10 T 10 30"),
                       [.move(p(0, 0)), .quad(control: p(10, 0), to: p(10, 10)), .quad(control: p(10, 20), to: p(10, 30))])
        XCTAssertEqual(parse("m 0 0 q 10 0 10 10 t 0 20"), parse("M 0 0 Q 10 0 10 10 T 10 30"))
    }

    func testSmoothQuadraticChainsReflectTheReflectedControl() {
        // Second T: control (10, 20) reflected about (10, 30) is (10, 40).
        XCTAssertEqual(parse("M 0 0 Q 10 0 10 10 T 10 30 T 0 50").last, .quad(control: p(10, 40), to: p(0, 50)))
    }

    func testSmoothQuadraticWithoutAPreviousQuadraticUsesTheCurrentPoint() {
        XCTAssertEqual(parse("M 5 5 T 10 10"), [.move(p(5, 5)), .quad(control: p(5, 5), to: p(10, 10))])
        // A cubic before T does not count.
        XCTAssertEqual(parse("M 0 0 C 0 5 5 5 5 0 T 9 9").last, .quad(control: p(5, 0), to: p(9, 9)))
    }

    func testCubicAndSmoothCubic() {
        // S reflects the previous second control (10, 10) about the current point (10, 0).
        XCTAssertEqual(parse("M 0 0 C 0 10 10 10 10 0 S 20 -10 20 0"),
                       [.move(p(0, 0)), .cubic(control1: p(0, 10), control2: p(10, 10), to: p(10, 0)),
                        .cubic(control1: p(10, -10), control2: p(20, -10), to: p(20, 0))])
        XCTAssertEqual(parse("m 0 0 c 0 10 10 10 10 0 s 10 -10 10 0"), parse("M 0 0 C 0 10 10 10 10 0 S 20 -10 20 0"))
    }

    func testSmoothCubicWithoutAPreviousCubicUsesTheCurrentPoint() {
        XCTAssertEqual(parse("M 1 2 S 3 4 5 6"), [.move(p(1, 2)), .cubic(control1: p(1, 2), control2: p(3, 4), to: p(5, 6))])
        // A quadratic before S does not count.
        XCTAssertEqual(parse("M 0 0 Q 5 5 10 0 S 15 5 20 0").last, .cubic(control1: p(10, 0), control2: p(15, 5), to: p(20, 0)))
    }

    func testRepeatedCubicsReflectEachOther() {
        XCTAssertEqual(parse("M 0 0 S 1 1 2 0 3 -1 4 0"),
                       [.move(p(0, 0)), .cubic(control1: p(0, 0), control2: p(1, 1), to: p(2, 0)),
                        .cubic(control1: p(3, -1), control2: p(3, -1), to: p(4, 0))])
    }

    // MARK: Numbers and separators

    func testExponents() {
        XCTAssertEqual(parse("M 1e2 1E-1 L 2.5e+1 -3e0"), [.move(p(100, 0.1)), .line(p(25, -3))])
    }

    func testASecondDecimalPointStartsANewNumber() {
        XCTAssertEqual(parse("M 1.5.5 L .25-.75"), [.move(p(1.5, 0.5)), .line(p(0.25, -0.75))])
    }

    func testSignsSeparateNumbersWithoutSpaces() {
        XCTAssertEqual(parse("M-1-2L+3-4"), [.move(p(-1, -2)), .line(p(3, -4))])
    }

    func testCommasAndAnyWhitespaceSeparate() {
        XCTAssertEqual(parse("M1,2\nL\t3 ,4\r\n"), [.move(p(1, 2)), .line(p(3, 4))])
    }

    func testCommandLettersNeedNoSpaces() {
        XCTAssertEqual(parse("M0 0L10 0V10H0Z"), parse("M 0 0 L 10 0 V 10 H 0 Z"))
    }

    func testEmptyDataIsAnEmptyPath() {
        XCTAssertEqual(parse(""), [])
        XCTAssertEqual(parse(" \n\t"), [])
    }

    // MARK: Errors

    func testCommandWithoutItsNumbersFailsWhereTheNumberShouldBe() {
        // "M 0 0 L Z": L at offset 6 has no coordinates; reading stops at Z (offset 8).
        assertError("M 0 0 L Z", offset: 8, reason: "expected a number")
        XCTAssertEqual(error("M 0 0 L L 5 5")?.offset, 8)
        assertError("M", offset: 1, reason: "expected a number, found the end")
        XCTAssertEqual(error("M 0 0 L 5")?.offset, 9)
        XCTAssertEqual(error("M 0 0 C 1 1 2 2 3")?.reason, "expected a number, found the end")
    }

    func testNumbersBeforeAnyCommandFail() {
        assertError("10 20", offset: 0, reason: "expected a command letter")
        XCTAssertEqual(error("  ,5")?.offset, 3)
    }

    func testPathDataMustBeginWithAMoveto() {
        // SVG 1.1, 8.3.2: "A path data segment (if there is one) must begin with a "moveto" command."
        assertError("L 10 10", offset: 0, reason: "path data must begin with M or m (a moveto), not 'L'")
        assertError("  h 5", offset: 2, reason: "path data must begin with M or m (a moveto), not 'h'")
        assertError("Z", offset: 0, reason: "path data must begin with M or m (a moveto), not 'Z'")
        assertError("A 1 1 0 0 0 5 5", offset: 0, reason: "path data must begin with M or m (a moveto), not 'A'")
        XCTAssertEqual(parse("m 1 2 l 3 0"), parse("M 1 2 L 4 2"))
        XCTAssertNoThrow(try Path(svgPathData: "M 0 0 Z L 5 5"), "a later segment may start with any command")
    }

    func testNumbersAfterCloseFailAtTheNumber() {
        // "M 0 0 L 5 5 Z 3 3": the 3 after Z is at offset 14.
        assertError("M 0 0 L 5 5 Z 3 3", offset: 14, reason: "numbers after Z")
        XCTAssertEqual(error("M 0 0 z1")?.offset, 7)
    }

    func testMalformedNumbersFail() {
        XCTAssertEqual(error("M 0 0 L . 5")?.offset, 8)
        XCTAssertEqual(error("M 0 0 L - 5")?.offset, 8)
        XCTAssertEqual(error("M 1e 2")?.reason, "malformed exponent")
        XCTAssertEqual(error("M 1e999 0")?.reason, "number out of range")
    }

    /// An unknown letter is reported at its own offset, like every other error, so the
    /// offset points at the character to fix.
    func testUnknownCommandLettersFailAtTheLetter() {
        // "M 0 0 X 1 1": X is at offset 6.
        assertError("M 0 0 X 1 1", offset: 6, reason: "unknown command 'X'")
        XCTAssertEqual(error("M 0 0 b")?.offset, 6)
    }

    func testArcsAreRejectedAtTheLetter() {
        // "M 0 0 A …": A is at offset 6.
        let upper = error("M 0 0 A 5 5 0 0 1 10 10")
        XCTAssertEqual(upper?.offset, 6)
        XCTAssertEqual(upper?.reason, "elliptical arcs (A) are not supported; use C curves")
        XCTAssertEqual(error("M 0 0 a 5 5 0 0 1 10 10")?.reason, "elliptical arcs (A) are not supported; use C curves")
    }

    func testErrorDescriptionNamesTheOffset() {
        XCTAssertEqual(error("M 0 0 L 5")?.description, "path data at offset 9: expected a number, found the end")
    }
}
