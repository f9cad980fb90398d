import Foundation
import TestSupport
import XCTest

/// `SIGHUP` to `sharecard serve` reloads templates and palettes without dropping connections:
/// one raw socket stays open across the reloads and sees the new catalog on its next request.
final class ReloadTests: XCTestCase {
    func testHangUpSwapsTheCatalogAndKeepsItWhenAFileIsBad() throws {
        let serve = try ServeProcess(self)
        let client = serve.client

        func classic() throws -> [String: Any] {
            let response = try client.request("GET", "/v1/templates")
            XCTAssertEqual(response.status, 200)
            let list = try XCTUnwrap(try response.json() as? [[String: Any]])
            return try XCTUnwrap(list.first { $0["name"] as? String == "classic" })
        }
        let before = try classic()

        // a changed template: reloaded, seen on the same connection
        let file = serve.templates.appendingPathComponent("classic.json")
        var json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        json["description"] = "Reloaded without a restart"
        try JSONSerialization.data(withJSONObject: json).write(to: file)
        XCTAssertTrue(serve.reload(expecting: "reloaded ", count: 1), serve.stderrText)
        let after = try classic()
        XCTAssertEqual(after["description"] as? String, "Reloaded without a restart")
        XCTAssertNotEqual(after["version"] as? String, before["version"] as? String)

        // a bad file: the reload fails, says which file, and the catalog in use stays
        try Data("{\"name\": ".utf8).write(to: serve.templates.appendingPathComponent("zzz-broken.json"))
        XCTAssertTrue(serve.reload(expecting: "reload failed", count: 1), serve.stderrText)
        XCTAssertTrue(serve.stderrText.contains("zzz-broken.json"), serve.stderrText)
        XCTAssertEqual(try classic()["version"] as? String, after["version"] as? String)
        XCTAssertTrue(serve.process.isRunning)

        XCTAssertEqual(serve.stop(), 0, serve.stderrText)
    }
}
