import Foundation
import Raster
import TestSupport
import XCTest

/// The contrast the JSON answer reports for `photo`'s white title is the one its scrim gives,
/// at least 4.5:1 at the worst pixel under the lines, over an uploaded white photo and over the
/// template's own placeholder.
final class PhotoTitleContrastRouteTests: XCTestCase {
    static let longTitle = "Our first apartment together, with the whole family and the neighbours who helped us move in"

    func assertReadable(_ answer: HTTPWireResponse, _ label: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(answer.status, 200, "\(label): \(answer.text)", file: file, line: line)
        let json = try XCTUnwrap(try answer.json() as? [String: Any], label, file: file, line: line)
        XCTAssertEqual(json["foreground"] as? String, "#ffffff", label, file: file, line: line)
        let contrast = try XCTUnwrap(json["contrast"] as? Double, label, file: file, line: line)
        XCTAssertGreaterThanOrEqual(contrast, 4.5, label, file: file, line: line)
        XCTAssertLessThan(contrast, 21, "\(label): a figure read from the ground, not a default", file: file, line: line)
    }

    func testAWhiteTitleOverALightPhotoIsReportedReadable() throws {
        let port = try startService(server: serverConfiguration(maxBodyBytes: 10 << 20)).port
        let white = try Image(width: 1200, height: 800, premultipliedARGB: [UInt32](repeating: 0xFFFF_FFFF, count: 1200 * 800)).pngData()
        for size in ["card", "og", "story"] {
            let event = #"{"title": "\#(Self.longTitle)", "template": "photo", "size": "\#(size)"}"#
            let body = PhotoUploadTests.body([PhotoUploadTests.event(event), PhotoUploadTests.photo(white, type: "image/png")])
            let posted = try LoopbackHTTPClient(port: port).request("POST", "/v1/cards",
                                                                    headers: ["Content-Type: multipart/form-data; boundary=\(PhotoUploadTests.boundary)",
                                                                              "Accept: application/json"], body: body)
            try assertReadable(posted, "uploaded white photo at \(size)")
            try assertReadable(try fetch(port, "POST", "/v1/cards", headers: ["Content-Type: application/json", "Accept: application/json"],
                                         body: Array(event.utf8)), "the placeholder at \(size)")
        }
    }
}
