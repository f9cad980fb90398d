import Foundation
import TestSupport
import XCTest

/// A `SIGHUP` reload runs the checks start-up runs (fonts against the library, images
/// decoded, references resolved). A reload that fails one keeps the whole old catalog: the
/// old templates answer as before, the new one is unknown (404), a changed one keeps its old
/// version, and standard error names the file, the element and the problem. Once the file is
/// fixed, the next `SIGHUP` serves it. One keep-alive connection carries every request.
final class ReloadCheckTests: XCTestCase {
    func testAReloadThatFailsACheckKeepsTheOldCatalog() throws {
        let serve = try ServeProcess(self)
        let client = serve.client
        let newFile = serve.templates.appendingPathComponent("newcard.json")
        let assets = serve.templates.appendingPathComponent("assets")

        func template(_ element: String) -> Data {
            Data(##"{"name": "newcard", "size": [1024, 576], "background": "palette", "elements": [\##(element)]}"##.utf8)
        }
        func label(family: String) -> String {
            ##"{"type": "label", "frame": [40, 140, 944, 300], "text": "{title}", "font": {"family": "\##(family)"}}"##
        }
        func image(_ src: String) -> String {
            ##"{"type": "image", "frame": [0, 0, 200, 200], "src": "\##(src)"}, \##(label(family: "Quicksand"))"##
        }
        func status(_ target: String) throws -> Int { try client.request("GET", target).status }
        func description(of name: String) throws -> String? {
            let list = try XCTUnwrap(try client.request("GET", "/v1/templates").json() as? [[String: Any]])
            return list.first { $0["name"] as? String == name }?["description"] as? String
        }
        func failedReloads() throws -> String? {
            try client.request("GET", "/metrics").text.split(separator: "\n")
                .first { $0.hasPrefix(#"sharecard_catalog_reloads_total{result="failed"}"#) }.map(String.init)
        }

        let classicDescription = try description(of: "classic")
        XCTAssertEqual(try status("/v1/cards/newcard.png?title=Hello"), 404)
        XCTAssertEqual(try failedReloads(), #"sharecard_catalog_reloads_total{result="failed"} 0"#)

        // A valid PNG whose IHDR CRC is wrong: its header reads, it does not decode.
        var corrupt = Array(try Data(contentsOf: assets.appendingPathComponent("coffee.png")))
        corrupt[29] ^= 0xFF
        try Data(corrupt).write(to: assets.appendingPathComponent("corrupt.png"))

        // Every reload also changes classic's description: all or nothing, so it stays.
        let classicFile = serve.templates.appendingPathComponent("classic.json")
        var classic = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: classicFile)) as? [String: Any])
        classic["description"] = "Changed in a reload"
        try JSONSerialization.data(withJSONObject: classic).write(to: classicFile)

        let cases: [(String, Data, String)] = [
            ("a missing family", template(label(family: "Comic Neue")),
             #"newcard.json: elements[0].font.family: font family "Comic Neue" (for "{title}") is not in the font library (nearest: "#),
            ("an emoji-only family", template(label(family: "Noto Color Emoji")),
             #"newcard.json: elements[0].font.family: font family "Noto Color Emoji" (for "{title}") cannot draw Latin text"#),
            ("a missing asset", template(image("assets/missing.png")),
             "newcard.json: elements[0].src: cannot read image file assets/missing.png: no such file"),
            ("a corrupt asset", template(image("assets/corrupt.png")),
             "newcard.json: elements[0].src: assets/corrupt.png: "),
            ("a bad reference", template(##"{"type": "rect", "frame": [0, 0, 10, 10], "fill": {"ref": "highlight"}}"##),
             #"newcard.json: elements[0].fill: ref must be "foreground", "background", "backgroundEnd", "contrast" or "accent", got "highlight""#),
            // Laid out at every preset and the corners of the size range: too large at 4096×4096.
            ("a font too large at some size", template(##"{"type": "label", "frame": [0, 0, 500, 100], "text": "{title}", "font": {"size": "60vmin"}}"##),
             "newcard.json: laid out at 4096x4096 for a sample event: the label showing {title}: font size must be in (0, 2000] points"),
        ]
        for (index, (name, contents, message)) in cases.enumerated() {
            try contents.write(to: newFile)
            XCTAssertTrue(serve.reload(expecting: "reload failed", count: index + 1), "\(name): \(serve.stderrText)")
            let line = serve.lastLine(containing: "reload failed")
            XCTAssertTrue(line.contains("still serving the previous templates and palettes: " + message), "\(name): \(line)")
            XCTAssertEqual(try status("/v1/cards/newcard.png?title=Hello"), 404, name)
            XCTAssertEqual(try status("/v1/cards/classic.png?title=Hello"), 200, name)
            XCTAssertEqual(try status("/v1/cards/photo.png?title=Hello"), 200, name)
            XCTAssertEqual(try description(of: "classic"), classicDescription, name)
            XCTAssertEqual(try failedReloads(), #"sharecard_catalog_reloads_total{result="failed"} \#(index + 1)"#, name)
        }
        XCTAssertFalse(serve.stderrText.contains("reloaded "), serve.stderrText)

        // Fixed: the next reload serves the new template and the changed one.
        try template(label(family: "Quicksand")).write(to: newFile)
        XCTAssertTrue(serve.reload(expecting: "reloaded ", count: 1), serve.stderrText)
        let card = try client.request("GET", "/v1/cards/newcard.png?title=Hello")
        XCTAssertEqual(card.status, 200)
        XCTAssertEqual(card.header("Content-Type"), "image/png")
        XCTAssertEqual(try description(of: "classic"), "Changed in a reload")
        XCTAssertEqual(try status("/v1/cards/classic.png?title=Hello"), 200)
        let metrics = try client.request("GET", "/metrics").text
        XCTAssertTrue(metrics.contains(#"sharecard_catalog_reloads_total{result="succeeded"} 1"#), metrics)

        XCTAssertEqual(serve.stop(), 0, serve.stderrText)
    }

    /// A template with a decoration that lays out to nothing at small sizes is served, and
    /// named as `templates validate` names it: at start-up on standard error before the
    /// listening line, and again in the log by each reload that keeps it.
    func testEmptyFramesAreWarnedAtStartUpAndOnReload() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sharecard-warn-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let templates = root.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("templates"), to: templates)
        let file = templates.appendingPathComponent("barred.json")
        try Data(##"""
            {"name": "barred", "size": [1024, 576], "background": "palette", "elements": [
              {"type": "label", "frame": [40, 140, 944, 300], "text": "{title}"},
              {"type": "rect", "frame": {"left": 170, "right": 170, "top": 0, "height": 8}, "fill": "#000000"}]}
            """##.utf8).write(to: file)
        let expected = [
            "sharecard serve: warning: \(file.path): laid out at 320x320 for a sample event: "
                + "elements[1].frame: resolves to 0 × 8 points on this canvas, so its element draws nothing",
            "sharecard serve: warning: \(file.path): laid out at 320x4096 for a sample event: "
                + "elements[1].frame: resolves to 0 × 8 points on this canvas, so its element draws nothing",
        ]
        let server = try ServerProcess(self, executable: try sharecardExecutable(), arguments: ["--templates", templates.path],
                                       log: root.appendingPathComponent("serve.err"))
        let client = try LoopbackHTTPClient(port: server.port)
        let started = server.stderrText.split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(started.prefix(2)), expected, server.stderrText)
        XCTAssertTrue(started.dropFirst(2).first?.hasPrefix("sharecard serve: listening on ") ?? false, server.stderrText)
        XCTAssertEqual(try client.request("GET", "/v1/cards/barred.png?title=Hello").status, 200)

        kill(server.process.processIdentifier, SIGHUP)
        let deadline = Date().addingTimeInterval(30)
        while !server.stderrText.contains("reloaded "), Date() < deadline { usleep(20_000) }
        let lines = server.stderrText.split(separator: "\n").map(String.init)
        let reloaded = try XCTUnwrap(lines.firstIndex(where: { $0.hasPrefix("sharecard serve: reloaded ") }), server.stderrText)
        XCTAssertEqual(lines.filter({ $0.contains(": warning: ") }), expected + expected, server.stderrText)
        XCTAssertEqual(Array(lines[(reloaded - 2)..<reloaded]), expected, "the reload's warnings come before its line")
    }

    /// Start-up refuses what a reload refuses, with the same message.
    func testStartUpRefusesTheSameTemplate() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sharecard-start-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let templates = root.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("templates"), to: templates)
        try Data(##"{"name": "newcard", "size": [1024, 576], "elements": [{"type": "label", "frame": [40, 140, 944, 300], "text": "{title}", "font": {"family": "Comic Neue"}}]}"##.utf8)
            .write(to: templates.appendingPathComponent("newcard.json"))
        let process = Process()
        process.executableURL = try sharecardExecutable()
        process.arguments = ["serve", "--port", "0", "--quiet", "--templates", templates.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertNotEqual(process.terminationStatus, 0)
        XCTAssertTrue(text.contains(#"newcard.json: elements[0].font.family: font family "Comic Neue" (for "{title}") is not in the font library (nearest: "#), text)
        XCTAssertFalse(text.contains("listening"), text)
    }
}
