import Foundation
import XCTest

/// `sharecard draw` writes a complete opaque RGB PNG of the scene's size in pixels, to a
/// file or to standard output, from a scene file or standard input.
final class DrawOutputTests: TemporaryDirectoryTestCase {
    /// 30×20 points (not square, so swapped axes show), a background and one shape.
    static let scene = """
        {"width": 30, "height": 20, "background": "#204060",
         "elements": [{"type": "ellipse", "rect": [5, 5, 20, 10], "fill": {"gray": 1, "alpha": 0.5}}]}
        """

    func draw(_ arguments: [String], stdin: Data? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> Sharecard.Result {
        let result = try Sharecard.run(["draw"] + arguments, stdin: stdin, in: directory)
        XCTAssertEqual(result.status, 0, "stderr: \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.stderr, "", file: file, line: line)
        return result
    }

    func png(_ name: String) throws -> Data { try Data(contentsOf: directory.appendingPathComponent(name)) }

    func testDrawWritesAnRGBPNGOfTheScenesSize() throws {
        try write(Self.scene, to: "scene.json")
        let result = try draw(["scene.json", "-o", "out.png"])
        XCTAssertTrue(result.stdout.isEmpty)
        let bytes = try png("out.png")
        XCTAssertEqual(Array(bytes.prefix(8)), PNGHeader.signature)
        XCTAssertEqual(PNGHeader(bytes), PNGHeader(width: 30, height: 20, opaque: true))
        XCTAssertEqual(try contents(), ["out.png", "scene.json"], "no temporary files are left behind")
    }

    func testScaleTwoDoublesThePixelSize() throws {
        try write(Self.scene, to: "scene.json")
        _ = try draw(["scene.json", "-o", "out.png", "--scale", "2"])
        XCTAssertEqual(PNGHeader(try png("out.png")), PNGHeader(width: 60, height: 40))
    }

    func testScaleOptionReplacesTheScenesOwnScale() throws {
        // The scene asks for 3×; --scale 2 replaces it rather than multiplying it.
        try write(#"{"width": 30, "height": 20, "scale": 3}"#, to: "scene.json")
        _ = try draw(["scene.json", "-o", "three.png"])
        XCTAssertEqual(PNGHeader(try png("three.png")), PNGHeader(width: 90, height: 60))
        _ = try draw(["scene.json", "--scale=2", "--output=two.png"])
        XCTAssertEqual(PNGHeader(try png("two.png")), PNGHeader(width: 60, height: 40))
    }

    func testSceneFromStandardInput() throws {
        try write(Self.scene, to: "scene.json")
        _ = try draw(["scene.json", "-o", "from-file.png"])
        _ = try draw(["-", "-o", "from-stdin.png"], stdin: Data(Self.scene.utf8))
        XCTAssertEqual(try png("from-stdin.png"), try png("from-file.png"))
    }

    func testPNGToStandardOutput() throws {
        try write(Self.scene, to: "scene.json")
        _ = try draw(["scene.json", "-o", "out.png"])
        let result = try draw(["scene.json", "-o", "-"])
        XCTAssertEqual(PNGHeader(result.stdout), PNGHeader(width: 30, height: 20))
        XCTAssertEqual(result.stdout, try png("out.png"), "the same bytes as the file")
        XCTAssertEqual(try contents(), ["out.png", "scene.json"], "no file named '-'")
    }

    func testStandardInputToStandardOutput() throws {
        let result = try draw(["-", "-o", "-"], stdin: Data(Self.scene.utf8))
        XCTAssertEqual(PNGHeader(result.stdout), PNGHeader(width: 30, height: 20))
    }

    func testImagesAreFoundRelativeToTheSceneFile() throws {
        // Render a PNG into scenes/pictures/, then use it from a scene in scenes/, drawn with
        // a working directory where the relative image path does not exist.
        try write(Self.scene, to: "scene.json")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("scenes/pictures"), withIntermediateDirectories: true)
        _ = try draw(["scene.json", "-o", "scenes/pictures/photo.png"])
        try write(#"{"width": 12, "height": 8, "elements": [{"type": "image", "src": "pictures/photo.png", "rect": [0, 0, 12, 8]}]}"#,
                  to: "scenes/card.json")
        let result = try Sharecard.run(["draw", path("scenes/card.json"), "-o", path("card.png")], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(PNGHeader(try png("card.png")), PNGHeader(width: 12, height: 8))
    }

    func testExistingOutputIsReplaced() throws {
        try write(Self.scene, to: "scene.json")
        try write("old contents", to: "out.png")
        _ = try draw(["scene.json", "-o", "out.png"])
        XCTAssertEqual(PNGHeader(try png("out.png")), PNGHeader(width: 30, height: 20))
        XCTAssertEqual(try contents(), ["out.png", "scene.json"])
    }
}
