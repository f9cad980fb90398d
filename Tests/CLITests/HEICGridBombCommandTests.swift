import Foundation
import TestSupport
import XCTest

/// The 34 KB grid HEIC whose 16,384 cells are declared 8 × 8 and coded at 2048 × 2048 (minutes
/// of a core for libheif alone): refused from its boxes by `render`, and by `serve --heic` as
/// the other photo limits are (413, JSON).
final class HEICGridBombCommandTests: TemporaryDirectoryTestCase {
    static let bomb = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PhotosTests/Fixtures/grid-bomb.heic")

    func testRenderRefusesTheGridBomb() throws {
        try FileManager.default.copyItem(at: Self.bomb, to: directory.appendingPathComponent("bomb.heic"))
        let start = Date()
        let r = try Sharecard.run(["render", "--title", "Hello", "--template", "photo", "--photo", "bomb.heic", "-o", "out.png"], in: directory)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, "refusing took too long")
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("bomb.heic: photo too large: HEIC 'grid' image of 16384 cells (the first coded at 2048×2048), "
                                        + "over the limit of 1024 cells"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out.png")))
    }

    func testServeWithHEICRefusesTheGridBombAs413() throws {
        let server = try ServerProcess(self, executable: Sharecard.executable, arguments: ["--heic"],
                                       log: directory.appendingPathComponent("serve.err"))
        let boundary = "grid-bomb-boundary"
        var body = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"event\"\r\nContent-Type: application/json\r\n\r\n".utf8)
        body += Array(#"{"title": "Hello", "template": "photo"}"#.utf8)
        body += Array("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"\r\nContent-Type: image/heic\r\n\r\n".utf8)
        body += Array(try Data(contentsOf: Self.bomb))
        body += Array("\r\n--\(boundary)--\r\n".utf8)
        let start = Date()
        let response = try LoopbackHTTPClient(port: server.port, timeout: 30).request(
            "POST", "/v1/cards", headers: ["Content-Type: multipart/form-data; boundary=\(boundary)", "Connection: close"], body: body)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, "refusing took too long")
        XCTAssertEqual(response.status, 413, response.text)
        XCTAssertEqual(response.header("Content-Type"), "application/json")
        let error = try response.errorObject()
        XCTAssertEqual(error.code, "payload_too_large")
        XCTAssertEqual(error.field, "photo")
        XCTAssertTrue(error.message.contains("HEIC 'grid' image of 16384 cells"), error.message)
    }
}
