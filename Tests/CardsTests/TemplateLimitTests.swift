import Cards
import Foundation
import XCTest

/// Hostile template files: each is a clear error naming the file and the field, never a
/// crash, and a folder holding one stops loading with that error.
final class TemplateLimitTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("template-limits-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    @discardableResult
    func write(_ name: String, _ json: String, in folder: URL? = nil) throws -> URL {
        let url = (folder ?? directory).appendingPathComponent(name + ".json")
        try Data(json.utf8).write(to: url)
        return url
    }

    func error(_ elements: String, size: String = "[1024, 576]") throws -> String {
        let url = try write("fuzz", #"{"name": "fuzz", "size": \#(size), "elements": [\#(elements)]}"#)
        do {
            _ = try Template(contentsOf: url)
            XCTFail("expected an error for \(elements)")
            return ""
        } catch { return "\(error)" }
    }

    func testChipIconsThatAreNotNamesAreErrors() throws {
        for icon in ["", ".", "..", ".filled", "star.", "star..filled", "star.filled.x"] {
            let message = try error(#"{"type": "chip", "icon": "\#(icon)", "frame": [0, 0, 100, 40], "text": "{title}", "font": {}}"#)
            XCTAssertTrue(message.hasPrefix("fuzz.json: elements[0].icon: unknown icon \"\(icon)\""), message)
        }
        // The reproducer as found: no text, font or frame.
        XCTAssertTrue(try error(#"{"type":"chip","icon":""}"#).hasPrefix("fuzz.json: elements[0].icon: unknown icon"))
        // Valid names still parse.
        for icon in ["star", "star.filled", "pin.outline", "{emoji}"] {
            let url = try write("ok", #"{"name": "ok", "size": [64, 64], "elements": [{"type": "chip", "icon": "\#(icon)", "frame": [0, 0, 60, 40], "text": "{title}", "font": {}}]}"#)
            XCTAssertNoThrow(try Template(contentsOf: url), icon)
        }
    }

    func testAFolderHoldingABadTemplateNamesTheFileAtStartUp() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let templates = directory.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: root.appendingPathComponent("templates/classic.json"),
                                         to: templates.appendingPathComponent("classic.json"))
        try write("fuzz", #"{"name":"fuzz","size":[64,64],"elements":[{"type":"chip","icon":""}]}"#, in: templates)
        XCTAssertThrowsError(try Catalog(palettesDirectory: root.appendingPathComponent("palettes"), templatesDirectory: templates)) {
            XCTAssertTrue("\($0)".hasPrefix("fuzz.json: elements[0].icon: unknown icon \"\""), "\($0)")
        }
    }
}
