import Geometry
import Scene
import XCTest

/// `min(…)`, `max(…)` and `clamp(…)` lengths, with values worked out by hand.
final class LengthFunctionTests: XCTestCase {
    let strip = Size(width: 4096, height: 320)
    let banner = Size(width: 1500, height: 500)

    func points(_ text: String, _ canvas: Size, along: Double = 0) throws -> Double {
        try XCTUnwrap(Length(text), text).points(along: along, canvas: canvas)
    }

    func testMinAndMaxTakeTheLeastAndTheGreatest() throws {
        XCTAssertEqual(try points("min(45vh, 8vw)", strip), 144)  // 320 × 0.45 against 4096 × 0.08 = 327.68
        XCTAssertEqual(try points("min(45vh, 8vw)", banner), 120)  // 225 against 120
        XCTAssertEqual(try points("max(10vmin, 1/64vw, 5vh)", strip), 64)  // 32, 64, 16
        XCTAssertEqual(try points("min(50%, 100/1000vw)", strip, along: 600), 300)  // 300 against 409.6
    }

    /// A plain number in a function is points, as the same number outside a string is: "half
    /// the width, at most 300 points".
    func testAPlainNumberInAFunctionIsPoints() throws {
        XCTAssertEqual(try points("min(50%, 300)", strip, along: 1000), 300)  // 500 against 300
        XCTAssertEqual(try points("min(50%, 300)", strip, along: 400), 200)
        XCTAssertEqual(try points("max(10vw, 12)", banner), 150)
        XCTAssertEqual(try points("clamp(24, 8vw, 45.5)", banner), 45.5)  // max(24, min(120, 45.5))
        XCTAssertEqual(try points("max(-12, -5vh)", banner), -12)  // -25 against -12
    }

    func testClampIsMaxOfTheFloorAndMinOfTheRest() throws {
        XCTAssertEqual(try points("clamp(24vmin, 8vw, 45vh)", strip), 144)  // max(76.8, min(327.68, 144))
        XCTAssertEqual(try points("clamp(24vmin, 8vw, 45vh)", banner), 120)  // max(120, min(120, 225))
        XCTAssertEqual(try points("clamp(24vmin, 8vw, 45vh)", Size(width: 1000, height: 400)), 96)  // max(96, min(80, 180))
    }

    /// Mirroring a centre offset negates it: -min(a, b) is max(-a, -b).
    func testNegatingSwapsMinAndMax() throws {
        let length = try XCTUnwrap(Length("min(10vw, 50vh)"))
        XCTAssertEqual(length.negated.points(along: 0, canvas: strip), -160)  // -min(409.6, 160)
    }

    /// Spaces around a term (and tabs, newlines) are not part of it; an all-space term is empty.
    func testTermsAreTrimmed() throws {
        XCTAssertEqual(try points("min(  45vh ,8vw\t)", banner), 120)
        XCTAssertEqual(try points("clamp(\n24vmin,   8vw , 45vh  )", strip), 144)
        XCTAssertNil(Length("min(10vw,   )"))
        XCTAssertNil(Length("min( , 5vh)"))
    }

    /// White space is Unicode's, in whole characters (as a title is trimmed): a no-break or
    /// ideographic space is trimmed, and so is a combining mark on a space; one on a term is not.
    func testTrimmingIsByWhiteSpaceCharacters() throws {
        XCTAssertEqual(try points("min(\u{A0}45vh,\u{3000}8vw\u{2003})", banner), 120)
        XCTAssertEqual(try points("max(\r\n10vmin, 5vh\u{85})", strip), 32)
        XCTAssertEqual(try points("min( \u{301}45vh, 8vw)", banner), 120)
        XCTAssertNil(Length("min(45vh\u{301}, 8vw)"))
    }

    func testSingleShares() throws {
        XCTAssertEqual(try points("12.5%", banner, along: 800), 100)
        XCTAssertEqual(try points("140/576", banner, along: 576), 140)
        XCTAssertEqual(try points("60/576vmin", banner), 500 * 60 / 576)
        XCTAssertEqual(try points("10vmax", banner), 150)
        XCTAssertEqual(try points("-5vw", banner), -75)
        XCTAssertEqual(try points("1/4vh", strip), 80)
        for bad in ["5", "", "%", "vw", "5px", "/2vw", "1/0", "1/-2vw", "1/2%", "1/2/3", "5 vw", "5vw ", "inf%", "nan vh", "5vmi",
                    "5v", "5%%", "5\u{301}vw", "5vw\u{301}", "５vw"] {
            XCTAssertNil(Length(bad), bad)
        }
    }

    func testMalformedFunctionsAreNotLengths() {
        for bad in ["min(10vw)", "min(1vw, 2vw, 3vw, 4vw, 5vw)", "clamp(1vw, 2vw)", "min(10vw, inf)", "min(10vw, nan)",
                    "min(10vw, 0x10)", "min(10vw, 1e3)", "min(10vw, -)", "min(10vw, 1.2.3)", "min(10vw, .)", "min(10vw, 5vh",
                    "min(10vw,, 5vh)", "mean(10vw, 5vh)", "min(min(1vw, 2vw), 3vw)", "min()", "min(10 vw, 5vh)",
                    "min (10vw, 5vh)", "MIN(10vw, 5vh)", "min(10vw, 5vh)\u{301}", "(10vw, 5vh)", "min(10vw\u{FF0C} 5vh)",
                    "min(10vw, ５vh)", "min(10vw, 1/2/3vh)", "min(10vw, 1%/2)", "min(10vw, 5vh, )"] {
            XCTAssertNil(Length(bad), bad)
        }
    }
}
