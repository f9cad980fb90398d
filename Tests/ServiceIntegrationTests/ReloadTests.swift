import Foundation
import TestSupport
import XCTest

/// `SIGHUP` to `sharecard serve` reloads templates and palettes without dropping connections:
/// one raw socket stays open across the reloads and sees the new catalog on its next request.
final class ReloadTests: XCTestCase {
    func testHangUpSwapsTheCatalogAndKeepsItWhenAFileIsBad() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sharecard-reload-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let templates = root.appendingPathComponent("templates"), palettes = root.appendingPathComponent("palettes")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("templates"), to: templates)
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("palettes"), to: palettes)

        let log = root.appendingPathComponent("serve.err")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let errors = try FileHandle(forWritingTo: log)
        defer { try? errors.close() }
        let process = Process()
        process.executableURL = try sharecardExecutable()
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0", "--workers", "1", "--quiet",
                             "--templates", templates.path, "--palettes", palettes.path]
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        addTeardownBlock { if process.isRunning { process.terminate(); process.waitUntilExit() } }

        func stderrText() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        func waitFor(_ text: String, occurrences: Int = 1) -> Bool {
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                if stderrText().components(separatedBy: text).count - 1 >= occurrences { return true }
                usleep(20_000)
            }
            return false
        }
        XCTAssertTrue(waitFor("listening on http://127.0.0.1:"), stderrText())
        let portText = try XCTUnwrap(stderrText().components(separatedBy: "http://127.0.0.1:").dropFirst().first?
            .prefix(while: \.isNumber))
        let client = try LoopbackHTTPClient(port: try XCTUnwrap(Int(portText)))

        func classic() throws -> [String: Any] {
            let response = try client.request("GET", "/v1/templates")
            XCTAssertEqual(response.status, 200)
            let list = try XCTUnwrap(try response.json() as? [[String: Any]])
            return try XCTUnwrap(list.first { $0["name"] as? String == "classic" })
        }
        let before = try classic()

        // a changed template: reloaded, seen on the same connection
        let file = templates.appendingPathComponent("classic.json")
        var json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        json["description"] = "Reloaded without a restart"
        try JSONSerialization.data(withJSONObject: json).write(to: file)
        kill(process.processIdentifier, SIGHUP)
        XCTAssertTrue(waitFor("reloaded "), stderrText())
        let after = try classic()
        XCTAssertEqual(after["description"] as? String, "Reloaded without a restart")
        XCTAssertNotEqual(after["version"] as? String, before["version"] as? String)

        // a bad file: the reload fails, says which file, and the catalog in use stays
        try Data("{\"name\": ".utf8).write(to: templates.appendingPathComponent("zzz-broken.json"))
        kill(process.processIdentifier, SIGHUP)
        XCTAssertTrue(waitFor("reload failed"), stderrText())
        XCTAssertTrue(stderrText().contains("zzz-broken.json"), stderrText())
        XCTAssertEqual(try classic()["version"] as? String, after["version"] as? String)
        XCTAssertTrue(process.isRunning)

        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, stderrText())
    }
}
