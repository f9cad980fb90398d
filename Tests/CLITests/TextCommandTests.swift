import Foundation
import XCTest

/// `sharecard measure` and `sharecard text` through the real executable.
final class TextCommandTests: XCTestCase {
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
        XCTAssertEqual(json["missingGlyphs"] as? [String], ["\u{11F04}"])
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
                     ["--text", "x", "--font", "Comic Sans"], ["--text", "x", "--min-scale", "2"], ["--size", "60"]] {
            let r = try Sharecard.run(["measure"] + args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertEqual(r.stderrLines.count, 1, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("sharecard measure: "), r.stderr)
        }
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
}
