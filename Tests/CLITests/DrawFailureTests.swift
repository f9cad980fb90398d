import Foundation
import XCTest

/// When `sharecard draw` fails it says why in one line (`sharecard draw: …`), exits 1, and
/// leaves the output path as it was: no partial file, no stray temporary file.
final class DrawFailureTests: TemporaryDirectoryTestCase {
    static let validScene = #"{"width": 30, "height": 20}"#

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("out"), withIntermediateDirectories: true)
    }

    func fail(_ arguments: [String], stdin: Data? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try Sharecard.run(["draw"] + arguments, stdin: stdin, in: directory)
        XCTAssertEqual(result.status, 1, "stderr: \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.stderrLines.count, 1, "one line, got: \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.hasPrefix("sharecard draw: "), result.stderr, file: file, line: line)
        XCTAssertTrue(result.stdout.isEmpty, "nothing on stdout", file: file, line: line)
        return result.stderr
    }

    func testMalformedSceneNamesTheFileAndTheProblemAndWritesNothing() throws {
        let scene = try write(#"{"width": 30, "height": 20, "elements": [{"type": "rect", "rect": [0, 0, 5, 5], "fill": "red"}]}"#,
                              to: "bad.json")
        let message = try fail(["bad.json", "-o", "out/card.png"])
        // Named as typed (README: a path in a message is shown as typed), not as resolved.
        XCTAssertTrue(message.hasPrefix("sharecard draw: bad.json: "), "names the scene file: \(message)")
        XCTAssertFalse(message.contains(scene), "not by its full path: \(message)")
        XCTAssertTrue(message.contains(##"elements[0].fill: expected a colour such as "#3a7bd5", got "red""##), message)
        XCTAssertEqual(try contents(of: "out"), [], "no output and no temporary file")
    }

    /// A value the scene file gives is echoed on the message's one line with its controls
    /// escaped: a colour, an element type, a fill rule or a length holding ESC or a newline
    /// cannot restyle the terminal or split the message.
    func testAValueWithControlsIsEchoedEscaped() throws {
        let cases = [
            (#""frame": [0, 0, 5, 5], "fill": "\u001b[2J""#, ##"elements[0].fill: expected a colour such as "#3a7bd5", got "\u{1B}[2J""##),
            (##""frame": [0, 0, 5, 5], "fill": "#000000", "fillRule": "even\nodd""##, #"elements[0].fillRule: expected "nonzero" or "evenodd", got "even\nodd""#),
            (##""frame": {"left": 0, "top": 0, "width": "1\u202e0%", "height": 5}, "fill": "#000000""##, #"got "1\u{202E}0%""#),
        ]
        for (extra, expected) in cases {
            try write(#"{"width": 30, "height": 20, "elements": [{"type": "rect", "# + extra + "}]}", to: "esc.json")
            let message = try fail(["esc.json", "-o", "card.png"])
            XCTAssertTrue(message.contains(expected), message)
            XCTAssertFalse(message.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" }, message)
        }
    }

    /// A frame whose anchors and aspect ratios multiply out of range is named where it was
    /// written, after the scene file, as reading's errors are.
    func testAFrameOutOfRangeNamesTheFileAndTheElement() throws {
        let scene = try write(##"{"width": 600, "height": 300, "elements": [{"type": "rect", "frame": [0, 0, 10, 10], "fill": "#000000"}, {"type": "group", "elements": [{"type": "rect", "frame": {"left": 0, "width": 1000000, "top": 0, "aspect": 0.001}, "fill": "#000000"}]}]}"##,
                              to: "range.json")
        let message = try fail(["range.json", "-o", "out/card.png"])
        XCTAssertTrue(message.hasPrefix("sharecard draw: range.json: elements[1].elements[0].frame: an element's frame resolves to x 0, y 0, width 1e+06"),
                      message)
        XCTAssertFalse(message.contains(scene), message)
        XCTAssertEqual(try contents(of: "out"), [])
    }

    func testInvalidJSONIsReported() throws {
        try write(#"{"width": 30,"#, to: "broken.json")
        XCTAssertTrue(try fail(["broken.json", "-o", "out/card.png"]).contains("malformed JSON"))
        XCTAssertEqual(try contents(of: "out"), [])
    }

    func testMissingSceneFile() throws {
        let message = try fail(["nowhere.json", "-o", "out/card.png"])
        XCTAssertTrue(message.contains("nowhere.json"), message)
        XCTAssertTrue(message.contains("cannot read"), message)
        XCTAssertEqual(try contents(of: "out"), [])
    }

    func testMalformedSceneOnStandardInputIsCalledStdin() throws {
        let message = try fail(["-", "-o", "out/card.png"], stdin: Data(#"{"height": 20}"#.utf8))
        XCTAssertEqual(message, "sharecard draw: <stdin>: width: is required\n")
        XCTAssertEqual(try contents(of: "out"), [])
    }

    func testMissingImageIsReportedWithItsField() throws {
        try write(#"{"width": 30, "height": 20, "elements": [{"type": "image", "src": "gone.png", "rect": [0, 0, 5, 5]}]}"#,
                  to: "scene.json")
        XCTAssertTrue(try fail(["scene.json", "-o", "out/card.png"]).contains("elements[0].src: cannot read image file gone.png: no such file"))
        XCTAssertEqual(try contents(of: "out"), [])
    }

    func testExistingOutputIsUntouchedWhenTheSceneIsBad() throws {
        try write("previous card", to: "out/card.png")
        try write(#"{"width": 0, "height": 20}"#, to: "bad.json")
        _ = try fail(["bad.json", "-o", "out/card.png"])
        XCTAssertEqual(try String(contentsOfFile: path("out/card.png"), encoding: .utf8), "previous card")
        XCTAssertEqual(try contents(of: "out"), ["card.png"])
    }

    func testExistingOutputIsUntouchedWhenRenderingFails() throws {
        // The scene is valid at its own scale, but --scale 4 makes it 32768 pixels wide,
        // past the canvas limit: the failure comes after parsing, at render time.
        try write("previous card", to: "out/card.png")
        try write(#"{"width": 8192, "height": 2}"#, to: "wide.json")
        let message = try fail(["wide.json", "-o", "out/card.png", "--scale", "4"])
        XCTAssertTrue(message.contains("16384"), message)
        XCTAssertEqual(try String(contentsOfFile: path("out/card.png"), encoding: .utf8), "previous card")
        XCTAssertEqual(try contents(of: "out"), ["card.png"])
    }

    func testOutputDirectoryThatDoesNotExist() throws {
        try write(Self.validScene, to: "scene.json")
        let message = try fail(["scene.json", "-o", "missing/dir/card.png"])
        XCTAssertTrue(message.contains("cannot write missing/dir/card.png"), message)
        XCTAssertTrue(message.contains("missing/dir"), message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("missing")))
    }

    func testOutputPathThatIsADirectoryLeavesNoTemporaryFile() throws {
        // The PNG is written to a temporary file first; the final rename fails on a directory.
        try write(Self.validScene, to: "scene.json")
        let message = try fail(["scene.json", "-o", "out"])
        XCTAssertTrue(message.contains("cannot write out"), message)
        XCTAssertEqual(try contents(of: "out"), [])
        XCTAssertEqual(try contents(), ["out", "scene.json"])
    }
}
