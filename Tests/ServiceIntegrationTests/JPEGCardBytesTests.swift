import Foundation
import TestSupport
import XCTest

/// A card asked for as JPEG over HTTP is byte for byte what `sharecard render` writes for the
/// same event: the two paths choose the Huffman tables in the same place (optimised for a
/// flat card, the standard ones for a card with a photograph).
final class JPEGCardBytesTests: XCTestCase {
    /// The `sharecard` executable SwiftPM builds beside this test bundle.
    static var executable: URL { BuildProducts.directory.appendingPathComponent("sharecard") }

    /// No `sharecard` beside the tests: build with `swift build --build-tests`.
    struct MissingExecutable: Error { let path: String }

    /// The file `sharecard render ARGUMENTS -o card.jpg` writes.
    func rendered(_ arguments: [String]) throws -> [UInt8] {
        guard FileManager.default.isExecutableFile(atPath: Self.executable.path) else {
            throw MissingExecutable(path: Self.executable.path)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jpeg-card-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("card.jpg")
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["render"] + arguments + ["-o", output.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "sharecard render \(arguments)")
        return Array(try Data(contentsOf: output))
    }

    func testTheServiceAndTheCommandLineWriteTheSameJPEG() throws {
        let port = try startService().port
        for (template, standardTables) in [("classic", false), ("photo", true), ("gradient", false)] {
            let answer = try fetch(port, "/v1/cards/\(template).jpg?title=Launch%20party")
            XCTAssertEqual(answer.status, 200, answer.text)
            XCTAssertEqual(answer.header("Content-Type"), "image/jpeg")
            XCTAssertEqual(answer.body, try rendered(["--title", "Launch party", "--template", template]), template)
            XCTAssertEqual(JPEGHuffmanCounts.of(answer.body) == JPEGHuffmanCounts.standard, standardTables, template)
            XCTAssertFalse(JPEGHuffmanCounts.of(answer.body).isEmpty, template)
        }
    }
}
