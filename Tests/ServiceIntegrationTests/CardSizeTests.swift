import CardService
import Foundation
import XCTest

/// `size=` on the card routes: presets and WxH, the canonical URL keeps it, and a size whose
/// pixels pass the server's limit answers 422 naming it.
final class CardSizeTests: XCTestCase {
    func testSizesAndTheirLimit() throws {
        var configuration = try Repository.configuration()
        configuration.maxPixelsPerCard = 10_000_000
        let running = try startService(configuration)
        let story = try fetch(running.port, "/v1/cards/classic.png?title=Hi&size=story")
        XCTAssertEqual(story.status, 200)
        XCTAssertEqual(pngSize(story.body).map { [$0.width, $0.height] }, [1080, 1920])
        let custom = try fetch(running.port, "/v1/cards/snapshot.png?title=Hi&size=640x480&scale=2")
        XCTAssertEqual(pngSize(custom.body).map { [$0.width, $0.height] }, [1280, 960])

        // A size the card cannot have is judged as in a POST body: 422 naming size.
        let bad = try fetch(running.port, "/v1/cards/classic.png?title=Hi&size=huge")
        assertError(bad, 422, "invalid_event", field: "size")
        XCTAssertTrue(bad.text.contains("size: expected a preset"), bad.text)
        assertError(try fetch(running.port, "/v1/cards/classic.png?title=Hi&size=100x100"), 422, "invalid_event", field: "size")
        assertError(try fetch(running.port, "/v1/share?title=Hi&size=5000x500"), 422, "invalid_event", field: "size")
        assertError(try fetch(running.port, "POST", "/v1/cards?size=100x100", headers: ["Content-Type: application/json"],
                              body: Array(#"{"title": "Hi"}"#.utf8)), 422, "invalid_event", field: "size")

        // 1080 × 1920 × 3² = 18.7 million device pixels, over this server's 10 million.
        let tooMany = try fetch(running.port, "/v1/cards/classic.png?title=Hi&size=story&scale=3")
        XCTAssertEqual(tooMany.status, 422)
        XCTAssertTrue(tooMany.text.contains("size story: at scale 3.0 the scene needs 18662400 device pixels") && tooMany.text.contains("over the limit of 10000000"), tooMany.text)

        let body = Array(#"{"title": "Hi", "template": "dated"}"#.utf8)
        let described = try fetch(running.port, "POST", "/v1/cards?size=og", headers: ["Accept: application/json", "Content-Type: application/json"], body: body)
        XCTAssertEqual(described.status, 200, described.text)
        let json = try XCTUnwrap(try described.json() as? [String: Any])
        XCTAssertEqual(json["width"] as? Int, 1200)
        XCTAssertEqual(json["height"] as? Int, 630)
        XCTAssertTrue((json["imageURL"] as? String)?.contains("&size=og&v=") == true, "\(json)")

        // In the body too. Both given must agree, as formats must: neither wins silently, and a
        // malformed size= is refused whatever the body says.
        let inBody = Array(#"{"title": "Hi", "size": "square"}"#.utf8)
        let square = try fetch(running.port, "POST", "/v1/cards", headers: ["Accept: application/json"], body: inBody)
        XCTAssertEqual(try XCTUnwrap(try square.json() as? [String: Any])["height"] as? Int, 1080, square.text)
        let agreeing = try fetch(running.port, "POST", "/v1/cards?size=1080x1080", headers: ["Accept: application/json"], body: inBody)
        XCTAssertEqual(try XCTUnwrap(try agreeing.json() as? [String: Any])["height"] as? Int, 1080, agreeing.text)
        let conflicting = try fetch(running.port, "POST", "/v1/cards?size=og", headers: ["Accept: application/json"], body: inBody)
        XCTAssertEqual(conflicting.status, 422, conflicting.text)
        XCTAssertTrue(conflicting.text.contains("size: the body asks for square and size= for og"), conflicting.text)
        let malformed = try fetch(running.port, "POST", "/v1/cards?size=bogus", headers: ["Accept: application/json"], body: inBody)
        XCTAssertEqual(malformed.status, 422, malformed.text)
        let badBody = try fetch(running.port, "POST", "/v1/cards", body: Array(#"{"title": "Hi", "size": 12}"#.utf8))
        XCTAssertEqual(badBody.status, 422, badBody.text)
    }
}
