import CardService
import Foundation
import HTTPTypes
import TestSupport
import XCTest

/// The URLs in `POST /v1/cards`'s JSON answer name the card it describes, or are null: an
/// uploaded photo is kept by no one, so no GET URL can show it, and a URL that dropped it
/// would name the template's placeholder card instead. (Cards with `photo=<url>` keep it in
/// every URL: PhotoURLTests.)
final class PhotoCardLinkTests: XCTestCase {
    var port = 0

    override func setUpWithError() throws {
        port = try startService(server: serverConfiguration(maxBodyBytes: 10 << 20)).port
    }

    func upload(_ photo: [UInt8], accept: String, event: String = #"{"title": "Launch day", "template": "photo"}"#) throws -> HTTPWireResponse {
        try LoopbackHTTPClient(port: port).request(
            "POST", "/v1/cards", headers: ["Content-Type: multipart/form-data; boundary=\(PhotoUploadTests.boundary)", "Accept: \(accept)"],
            body: PhotoUploadTests.body([PhotoUploadTests.event(event), PhotoUploadTests.photo(photo)]))
    }

    func testAnUploadedPhotoCardHasNoURLs() throws {
        let photo = try PhotoUploadTests.fixture("Tests/CardsTests/Fixtures/three-faces.jpg")
        let described = try upload(photo, accept: "application/json")
        XCTAssertEqual(described.status, 200, described.text)
        let json = try XCTUnwrap(try described.json() as? [String: Any])
        // Present, and null: a client reading the key learns there is no URL.
        XCTAssertTrue(json["imageURL"] is NSNull, described.text)
        XCTAssertTrue(json["shareURL"] is NSNull, described.text)
        XCTAssertTrue((json["noURLReason"] as? String)?.contains("uploaded photo") == true, described.text)
        XCTAssertEqual([json["width"] as? Int, json["height"] as? Int], [1024, 576])

        // What the URL used to name: the same event without the photo, another image.
        let image = try upload(photo, accept: "image/png")
        XCTAssertEqual(image.status, 200, image.text)
        let placeholder = try fetch(port, "/v1/cards/photo.png?title=Launch%20day")
        XCTAssertEqual(placeholder.status, 200)
        XCTAssertNotEqual(image.body, placeholder.body)
    }

    /// Without an uploaded photo (a JSON body, here on the photo template, which then draws its
    /// placeholder) both URLs are given, and the image URL serves the bytes POST answers.
    func testAJSONBodiedCardsURLsServeTheSameCard() throws {
        for (template, format) in [("photo", "png"), ("classic", "png"), ("photo", "webp")] {
            let body = Array(#"{"title": "Launch day", "template": "\#(template)"}"#.utf8)
            let image = try fetch(port, "POST", "/v1/cards?format=\(format)", headers: ["Accept: image/\(format)"], body: body)
            XCTAssertEqual(image.status, 200, image.text)
            let described = try fetch(port, "POST", "/v1/cards?format=\(format)", headers: ["Accept: application/json"], body: body)
            let json = try XCTUnwrap(try described.json() as? [String: Any], described.text)
            XCTAssertNil(json["noURLReason"], described.text)
            let imageURL = try XCTUnwrap(json["imageURL"] as? String, described.text)
            let fetched = try fetch(port, imageURL)
            XCTAssertEqual(fetched.status, 200, imageURL)
            XCTAssertEqual(fetched.body, image.body, imageURL)
            XCTAssertEqual(fetched.header("ETag"), image.header("ETag"), imageURL)
            XCTAssertEqual(try fetch(port, try XCTUnwrap(json["shareURL"] as? String)).status, 200)
        }
    }

    /// The photo limits are the command line's: a 48 MP phone photo and a 9000-pixel panorama
    /// are taken, a photo wider than 12,000 pixels or over 50 million is 413.
    func testPhoneSizedUploads() throws {
        for (width, height) in [(8064, 6048), (9000, 3000)] {
            let response = try upload(FlatJPEG.file(width: width, height: height), accept: "image/png")
            XCTAssertEqual(response.status, 200, "\(width)×\(height): \(response.text)")
        }
        for (width, height) in [(12_008, 8), (8200, 6200)] {
            let response = try upload(FlatJPEG.file(width: width, height: height), accept: "image/png")
            assertError(response, 413, "payload_too_large", field: "photo")
            XCTAssertTrue(try response.errorObject().message.contains("photo too large"), response.text)
        }
    }
}
