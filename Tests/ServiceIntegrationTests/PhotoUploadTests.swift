import CardService
import Foundation
import HTTPServer
import HTTPTypes
import Photos
import TestSupport
import XCTest

/// `POST /v1/cards` as multipart/form-data (an event part and a photo part), over loopback:
/// the card with the photo, and each malformed upload answered with its JSON error.
final class PhotoUploadTests: XCTestCase {
    static let boundary = "sharecard-boundary-42"

    static func fixture(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Repository.root.appendingPathComponent(relative)))
    }

    /// A body from (headers, content) parts, closed unless `close` is false.
    static func body(_ parts: [(headers: [String], content: [UInt8])], close: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = Array("preamble is ignored\r\n".utf8)
        for part in parts {
            bytes += Array("--\(boundary)\r\n".utf8)
            for h in part.headers { bytes += Array("\(h)\r\n".utf8) }
            bytes += Array("\r\n".utf8) + part.content + Array("\r\n".utf8)
        }
        if close { bytes += Array("--\(boundary)--\r\n".utf8) }
        return bytes
    }

    static func event(_ json: String = #"{"title": "Launch day", "template": "photo"}"#, type: String = "application/json") -> (headers: [String], content: [UInt8]) {
        (["Content-Disposition: form-data; name=\"event\"", "Content-Type: \(type)"], Array(json.utf8))
    }

    static func photo(_ bytes: [UInt8], name: String = "photo", type: String = "image/jpeg") -> (headers: [String], content: [UInt8]) {
        (["Content-Disposition: form-data; name=\"\(name)\"; filename=\"p.jpg\"", "Content-Type: \(type)"], bytes)
    }

    var port = 0

    override func setUpWithError() throws {
        port = try startService(server: serverConfiguration(maxBodyBytes: 10 << 20)).port
    }

    func post(_ body: [UInt8], accept: String = "image/png", type: String? = nil) throws -> HTTPWireResponse {
        try LoopbackHTTPClient(port: port).request("POST", "/v1/cards",
                                                   headers: ["Content-Type: \(type ?? "multipart/form-data; boundary=\(Self.boundary)")", "Accept: \(accept)"],
                                                   body: body)
    }

    func testAnUploadedPhotoIsOnTheCard() throws {
        let rocket = try Self.fixture("Tests/CardsTests/Fixtures/rocket-portrait.jpg")
        let with = try post(Self.body([Self.event(), Self.photo(rocket)]))
        XCTAssertEqual(with.status, 200, with.text)
        XCTAssertEqual(with.header("Content-Type"), "image/png")
        let without = try LoopbackHTTPClient(port: port).request("POST", "/v1/cards", headers: ["Content-Type: application/json"],
                                                                 body: Array(#"{"title": "Launch day", "template": "photo"}"#.utf8))
        XCTAssertEqual(without.status, 200)
        // The server keeps no uploaded photo, and asks no cache to keep the card drawn from it;
        // the same card without the photo has a URL and is cached as that URL is.
        XCTAssertEqual(with.header("Cache-Control"), "no-store")
        XCTAssertEqual(without.header("Cache-Control"), "public, max-age=31536000, immutable")
        XCTAssertNotEqual(with.header("ETag"), without.header("ETag"))
        XCTAssertNotEqual(with.body, without.body)
        // Parts in the other order, and JSON asked for, work the same.
        let json = try post(Self.body([Self.photo(rocket), Self.event()]), accept: "application/json")
        XCTAssertEqual(json.status, 200, json.text)
        XCTAssertEqual(json.header("Content-Type"), "application/json")
    }

    /// HEIC is off by default (`serve --heic` turns it on): refused before libheif reads it,
    /// whatever type the part declares, as 415 naming the switch.
    func testHEICIsRefusedUnlessTheServerTakesIt() throws {
        let heic = try Self.fixture("Tests/CardsTests/Fixtures/astronaut-landscape.heic")
        for type in ["image/heic", "image/jpeg"] {
            let refused = try post(Self.body([Self.event(), Self.photo(heic, type: type)]))
            assertError(refused, 415, "unsupported_media_type", field: "photo")
            XCTAssertTrue(try refused.errorObject().message.contains("serve --heic"), refused.text)
            XCTAssertEqual(refused.header("Accept-Post"), "image/jpeg, image/png, image/webp")
        }
    }

    func testAnUploadedHEICIsOnTheCard() throws {
        var configuration = try Repository.configuration()
        configuration.photoFormats.insert(.heic)
        port = try startService(configuration, server: serverConfiguration(maxBodyBytes: 10 << 20)).port
        let heic = try Self.fixture("Tests/CardsTests/Fixtures/astronaut-landscape.heic")
        let response = try post(Self.body([Self.event(), Self.photo(heic, type: "image/heic")]))
        XCTAssertEqual(response.status, 200, response.text)
        XCTAssertEqual(response.header("Content-Type"), "image/png")
        let jpeg = try post(Self.body([Self.event(), Self.photo(try Self.fixture("Tests/CardsTests/Fixtures/astronaut-landscape.jpg"))]))
        XCTAssertEqual(jpeg.status, 200, jpeg.text)
        XCTAssertNotEqual(response.header("ETag"), jpeg.header("ETag"))
        // A broken HEIC is the photo's fault (422), naming the format.
        let cut = try post(Self.body([Self.event(), Self.photo(Array(heic.prefix(20_000)), type: "image/heic")]))
        assertError(cut, 422, "invalid_photo", field: "photo")
        XCTAssertTrue(try cut.errorObject().message.contains("HEIC"), cut.text)
        assertError(try post(Self.body([Self.event(), Self.photo(try Self.fixture("Tests/PhotosTests/Fixtures/bomb-60000.heic"), type: "image/heic")])),
                    413, "payload_too_large", field: "photo")
        // The grid of 16,384 cells declared 8 × 8 and coded at 2048 × 2048: refused from its
        // boxes, as the declared sizes are, before libheif decodes a cell.
        let bomb = try post(Self.body([Self.event(), Self.photo(try Self.fixture("Tests/PhotosTests/Fixtures/grid-bomb.heic"), type: "image/heic")]))
        assertError(bomb, 413, "payload_too_large", field: "photo")
        XCTAssertTrue(try bomb.errorObject().message.contains("16384 cells"), bomb.text)
        // A cell coded far larger than it declares is a broken file (422).
        var mislabelled = heic
        let ispe = try XCTUnwrap((4..<mislabelled.count - 4).first { Array(mislabelled[$0..<$0 + 4]) == Array("ispe".utf8) })
        mislabelled.replaceSubrange(ispe + 8..<ispe + 16, with: [0, 0, 0, 16, 0, 0, 0, 9])
        let lie = try post(Self.body([Self.event(), Self.photo(mislabelled, type: "image/heic")]))
        assertError(lie, 422, "invalid_photo", field: "photo")
        XCTAssertTrue(try lie.errorObject().message.contains("declared 16×9 (ispe) but coded at 512×288 (SPS)"), lie.text)
    }

    func testTheBoundaryStringInsideThePartsIsData() throws {
        // Inside the JSON and inside the photo's bytes, not at a line start: part of the data.
        var photo = try Self.fixture("Tests/CardsTests/Fixtures/rocket-portrait.jpg")
        photo += Array("--\(Self.boundary)--".utf8)  // after the JPEG's end marker, ignored by the decoder
        let response = try post(Self.body([Self.event(#"{"title": "--\#(Self.boundary) in a title", "template": "photo"}"#), Self.photo(photo)]))
        XCTAssertEqual(response.status, 200, response.text)
    }

    /// The event part is read as a JSON body is: strictly, once, its errors the body's.
    func testTheEventPartIsStrictJSON() throws {
        let jpeg = try Self.fixture("Tests/PhotosTests/Fixtures/chelsea.jpg")
        assertError(try post(Self.body([Self.event(#"{"title": "x", "template": "photo",}"#), Self.photo(jpeg)])), 400, "malformed_body", field: nil)
        assertError(try post(Self.body([Self.event(#"{"title": "x", "template": "photo", "template": "classic"}"#), Self.photo(jpeg)])),
                    400, "duplicate_key", field: "template")
        assertError(try post(Self.body([Self.event(#"{"title": "x", "template": "photo", "size": 5}"#), Self.photo(jpeg)])),
                    422, "invalid_event", field: "size")
    }

    func testMissingRepeatedAndUnknownParts() throws {
        let jpeg = try Self.fixture("Tests/PhotosTests/Fixtures/chelsea.jpg")
        assertError(try post(Self.body([Self.event()])), 400, "missing_part", field: "photo")
        assertError(try post(Self.body([Self.photo(jpeg)])), 400, "missing_part", field: "event")
        assertError(try post(Self.body([Self.event(), Self.photo(jpeg), Self.photo(jpeg)])), 400, "duplicate_part", field: "photo")
        assertError(try post(Self.body([Self.event(), Self.photo(jpeg, name: "picture")])), 400, "unknown_part", field: "picture")
    }

    func testMalformedBodies() throws {
        let jpeg = try Self.fixture("Tests/PhotosTests/Fixtures/chelsea.jpg")
        let unclosed = try post(Self.body([Self.event(), Self.photo(jpeg)], close: false))
        assertError(unclosed, 400, "malformed_multipart")
        XCTAssertTrue(try unclosed.errorObject().message.contains("closing boundary"), unclosed.text)
        assertError(try post(Array("no boundary here".utf8)), 400, "malformed_multipart")
        let noName = Self.body([(["Content-Disposition: form-data"], [1, 2, 3])])
        assertError(try post(noName), 400, "malformed_multipart")
        assertError(try post(Self.body([Self.event(), Self.photo(jpeg)]), type: "multipart/form-data"), 415, "unsupported_media_type")
        // Two boundaries: a proxy or filter in front may have read the other one, so the server
        // does not pick (before, it took the first and answered 200 here).
        let twice = try post(Self.body([Self.event(), Self.photo(jpeg)]),
                             type: "multipart/form-data; boundary=\(Self.boundary); boundary=\(Self.boundary.dropLast(3))")
        assertError(twice, 400, "malformed_multipart")
        XCTAssertTrue(try twice.errorObject().message.contains("more than once"), twice.text)
    }

    func testWrongContentTypesAndBadPhotos() throws {
        let jpeg = try Self.fixture("Tests/PhotosTests/Fixtures/chelsea.jpg")
        assertError(try post(Self.body([Self.event(type: "text/plain"), Self.photo(jpeg)])), 415, "unsupported_media_type", field: "event")
        let text = try post(Self.body([Self.event(), Self.photo(Array("just text".utf8))]))
        assertError(text, 415, "unsupported_media_type", field: "photo")  // the photo's bytes, not the request's Content-Type
        XCTAssertEqual(text.header("Accept-Post"), "image/jpeg, image/png, image/webp")
        assertError(try post(Self.body([Self.event(), Self.photo(try Self.fixture("Tests/PhotosTests/Fixtures/truncated.jpg"))])),
                    422, "invalid_photo", field: "photo")
        assertError(try post(Self.body([Self.event(), Self.photo(try Self.fixture("Tests/PhotosTests/Fixtures/bomb-60000.jpg"))])),
                    413, "payload_too_large", field: "photo")
        assertError(try post(Self.body([Self.event(#"{"title": "No photo here"}"#), Self.photo(jpeg)])), 422, "invalid_photo", field: "template")
        assertError(try post(Self.body([Self.event(#"{"title": ""}"#), Self.photo(jpeg)])), 422, "invalid_event", field: "title")
    }

    /// `--max-upload 0`: an upload that reaches the service (the server layer's limit is its
    /// own here) is refused by its type, and a JSON event is still taken.
    func testUploadsTurnedOffAre415() throws {
        var configuration = try Repository.configuration()
        configuration.maxUploadBytes = 0
        port = try startService(configuration, server: serverConfiguration(maxBodyBytes: 10 << 20)).port
        let response = try post(Self.body([Self.event(), Self.photo(try Self.fixture("Tests/PhotosTests/Fixtures/chelsea.jpg"))]))
        assertError(response, 415, "unsupported_media_type", field: nil)
        XCTAssertEqual(try response.errorObject().message, UploadsOff.message)
        XCTAssertEqual(response.header("Accept-Post"), "application/json")
        let plain = try post(Array(#"{"title": "No photo"}"#.utf8), type: "text/plain")
        assertError(plain, 415, "unsupported_media_type", field: nil)
        XCTAssertEqual(plain.header("Accept-Post"), "application/json", "what the server takes, not uploads")
        let mixed = try post(Array("x".utf8), type: "multipart/mixed; boundary=x")
        XCTAssertEqual(try mixed.errorObject().message, "POST /v1/cards takes application/json, not multipart/mixed")
        XCTAssertEqual(try post(Array(#"{"title": "No photo"}"#.utf8), type: "application/json").status, 200)
    }

    func testUploadOverTheServiceLimitIs413() throws {
        // The upload limit is the service's own (the server's is higher here): the whole
        // body counts, photo and event.
        var configuration = try Repository.configuration()
        configuration.maxUploadBytes = 20_000
        port = try startService(configuration, server: serverConfiguration(maxBodyBytes: 10 << 20)).port
        let cat = try Self.fixture("Tests/CardsTests/Fixtures/chelsea-exif6.jpg")  // 27,788 bytes
        let response = try post(Self.body([Self.event(), Self.photo(cat)]))
        assertError(response, 413, "payload_too_large", field: nil)  // the whole body, not one part
        XCTAssertTrue(try response.errorObject().message.contains("over the limit of 20000"), response.text)
        let small = try post(Self.body([Self.event(), Self.photo(try Self.fixture("Tests/PhotosTests/Fixtures/chelsea.jpg"))]))
        XCTAssertEqual(small.status, 200, small.text)
    }
}
