import Foundation
import TestSupport
import XCTest

/// `draw`, `text` and `palettes preview` write JPEGs with the Huffman tables a card would get
/// for what they show: the standard tables when a picture is drawn (a scene's image element, a
/// sheet of photo cards), tables optimised for the image otherwise.
final class JPEGTablesCommandTests: TemporaryDirectoryTestCase {
    func tables(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try Sharecard.run(arguments + ["-o", "out.jpg"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        let counts = JPEGHuffmanCounts.of(Array(try Data(contentsOf: directory.appendingPathComponent("out.jpg"))))
        XCTAssertEqual(counts.count, 4, "two DC and two AC tables", file: file, line: line)
        return counts == JPEGHuffmanCounts.standard ? "standard" : "optimized"
    }

    func testDraw() throws {
        try write(DrawOutputTests.scene, to: "scene.json")
        XCTAssertEqual(try tables(["draw", "scene.json"]), "optimized", "shapes only")
        let photo = ProcessRunner.packageRoot.appendingPathComponent("templates/photo.json").path
        XCTAssertEqual(try tables(["draw", photo]), "standard", "a template with its picture")
    }

    func testText() throws {
        XCTAssertEqual(try tables(["text", "--text", "Hello there"]), "optimized")
    }

    func testPalettesPreview() throws {
        XCTAssertEqual(try tables(["palettes", "preview", "default"]), "optimized", "classic cards")
        XCTAssertEqual(try tables(["palettes", "preview", "default", "--template", "photo"]), "standard", "photo cards")
    }

    func testRenderAndBatch() throws {
        XCTAssertEqual(try tables(["render", "--title", "Launch party"]), "optimized")
        XCTAssertEqual(try tables(["render", "--title", "Launch party", "--template", "photo"]), "standard")
        try write(#"{"id": "flat", "title": "Launch party"}"# + "\n" + #"{"id": "photo", "title": "Launch party", "template": "photo"}"# + "\n",
                  to: "events.jsonl")
        let batch = try Sharecard.run(["batch", "events.jsonl", "--out", "cards", "--format", "jpeg"], in: directory)
        XCTAssertEqual(batch.status, 0, batch.stderr)
        for (id, expected) in [("flat", "optimized"), ("photo", "standard")] {
            let bytes = Array(try Data(contentsOf: directory.appendingPathComponent("cards/\(id).jpg")))
            XCTAssertEqual(JPEGHuffmanCounts.of(bytes) == JPEGHuffmanCounts.standard ? "standard" : "optimized", expected, id)
        }
        // The batch's card is the one `render` writes.
        _ = try tables(["render", "--title", "Launch party"])
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("cards/flat.jpg")),
                       try Data(contentsOf: directory.appendingPathComponent("out.jpg")))
    }
}
