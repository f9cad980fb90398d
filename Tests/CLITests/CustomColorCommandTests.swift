import Foundation
import XCTest

/// `--color '#rrggbb'` and hex colours in batch lines, through the real executable.
extension CardCommandTests {
    func testRenderInAHexColour() throws {
        let out = dir.appendingPathComponent("hex.png")
        let r = try Sharecard.run(["render", "--title", "Hex", "--color", "#1E88E5", "-o", out.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(Array(try pixels(out).rgb[0..<3]), [0x1e, 0x88, 0xe5])
        let short = dir.appendingPathComponent("short.png")
        XCTAssertEqual(try Sharecard.run(["render", "--title", "Hex", "--color", "#18e", "-o", short.path]).status, 0)
        XCTAssertEqual(Array(try pixels(short).rgb[0..<3]), [0x11, 0x88, 0xee])
        for bad in ["#12", "#1e88e5,#8e24aa,#000", "#12345g", "#1e88e5,"] {
            let refused = try Sharecard.run(["render", "--title", "Hex", "--color", bad, "-o", out.path])
            XCTAssertEqual(refused.status, 2, bad)
            XCTAssertTrue(refused.stderr.hasPrefix("sharecard render: --color: "), refused.stderr)
        }
    }

    func testBatchLinesInHexColours() throws {
        let input = dir.appendingPathComponent("hex.jsonl")
        try Data([##"{"id": "solid", "title": "Solid", "color": "#8e24aa"}"##,
                  ##"{"id": "gradient", "title": "Gradient", "color": "#1e88e5,#8e24aa", "template": "gradient"}"##,
                  ##"{"id": "bad", "title": "Bad", "color": "#8e24a"}"##].joined(separator: "\n").utf8).write(to: input)
        let out = dir.appendingPathComponent("out")
        let r = try Sharecard.run(["batch", input.path, "--out", out.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("line 3: color: must be a palette colour name or hex as #rgb or #rrggbb, got \"#8e24a\""), r.stderr)
        XCTAssertEqual(Array(try pixels(out.appendingPathComponent("solid.png")).rgb[0..<3]), [0x8e, 0x24, 0xaa])
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("gradient.png").path))
    }
}
