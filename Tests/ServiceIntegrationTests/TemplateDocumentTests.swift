import Foundation
import TestSupport
import XCTest

/// `GET /v1/templates/{name}` answers the template's JSON document, the same bytes
/// `sharecard templates show NAME --json` prints; an unknown name is a JSON 404.
final class TemplateDocumentTests: XCTestCase {
    func testTemplateDocumentOverHTTPEqualsTheCommandsJSON() throws {
        let port = try startService().port
        for name in Repository.catalog.templates.map(\.name) {
            let response = try fetch(port, "/v1/templates/\(name)")
            XCTAssertEqual(response.status, 200, name)
            XCTAssertEqual(response.header("Content-Type"), "application/json", name)
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any], name)
            XCTAssertEqual(object["name"] as? String, name)
            let printed = try runSharecard(["templates", "show", name, "--json"])
            XCTAssertEqual(Array(printed.utf8), response.body, name)
            XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(printed.utf8)), "plain JSON: \(name)")
        }
        let unknown = try fetch(port, "/v1/templates/nope")
        assertError(unknown, 404, "unknown_template", field: "template")
        XCTAssertTrue(unknown.text.contains("classic"), unknown.text)
        XCTAssertEqual(try fetch(port, "HEAD", "/v1/templates/classic").status, 200)
        XCTAssertEqual(try fetch(port, "POST", "/v1/templates/classic").status, 405)
    }
}
