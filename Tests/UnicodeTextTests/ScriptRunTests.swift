import XCTest
import UnicodeText

final class ScriptRunTests: XCTestCase {
    private func describe(_ text: String) -> [String] {
        ScriptRuns.runs(in: text).map { "\($0.script) \($0.range.lowerBound)..<\($0.range.upperBound)" }
    }

    func testNeutralsJoinNeighbours() {
        XCTAssertEqual(describe("123 abc"), ["Latn 0..<7"])
        XCTAssertEqual(describe("Привет, world"), ["Cyrl 0..<8", "Latn 8..<13"])
        XCTAssertEqual(describe("e\u{301} ب\u{64E}"), ["Latn 0..<3", "Arab 3..<5"])
        XCTAssertEqual(describe("a😀!"), ["Latn 0..<4"])
        XCTAssertEqual(describe("😀 1"), ["Zyyy 0..<4"])
        XCTAssertEqual(describe(""), [])
    }

    func testBracketsTakeTheirOpenersScript() {
        XCTAssertEqual(describe("abc (אבג) def"), ["Latn 0..<5", "Hebr 5..<8", "Latn 8..<13"])
        XCTAssertEqual(describe("(אבג [abc] x) y"),
                       ["Hebr 0..<6", "Latn 6..<9", "Hebr 9..<11", "Latn 11..<12", "Hebr 12..<14", "Latn 14..<15"])
    }

    func testJapanese() {
        XCTAssertEqual(describe("日本語のカタカナ"), ["Hani 0..<3", "Hira 3..<4", "Kana 4..<8"])
    }

    func testScriptTags() throws {
        XCTAssertEqual(try Script(tag: "arab"), Script(of: "ب"))
        XCTAssertEqual(Script(of: "a").tag, "Latn")
        XCTAssertEqual(Script.common.tag, "Zyyy")
        XCTAssertTrue(Script(of: "ـ").isNeutral) // tatweel is Common…
        XCTAssertTrue(try Script(tag: "Arab").isUsed(by: "ـ")) // …used by Arabic
        XCTAssertThrowsError(try Script(tag: "Qwer"))
        XCTAssertThrowsError(try Script(tag: "Lat"))
    }
}
