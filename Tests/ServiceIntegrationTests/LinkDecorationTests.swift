import CardService
import Foundation
import TestSupport
import XCTest

/// Campaign tags, click ids and the `_` cache-buster that links pick up on their way to a
/// reader are ignored on every route: a share link posted on a social site, a newsletter's
/// tracked link or a monitor's `/healthz?_=…` get the answer the bare URL gets. Any other
/// unknown name is still refused.
final class LinkDecorationTests: XCTestCase {
    static let decorations = "utm_source=newsletter&utm_campaign=launch&fbclid=IwAR0abc&gclid=Cj0K&_=1733300000000"

    func testDecoratedLinksGetTheBareLinksAnswer() throws {
        let running = try startService()
        let targets = ["/", "/healthz", "/openapi.json", "/v1/templates", "/v1/templates/classic", "/v1/palettes", "/v1/palettes/dark",
                       "/v1/palettes/dark/preview.png", "/v1/share?title=Hi", "/v1/cards/classic.png?title=Hi",
                       "/v1/cards/classic.png?title=Hi&v=\(running.service.contentVersion)"]
        for target in targets {
            let bare = try fetch(running.port, target)
            let decorated = try fetch(running.port, target + (target.contains("?") ? "&" : "?") + Self.decorations)
            XCTAssertEqual(bare.status, 200, target)
            XCTAssertEqual(decorated.status, bare.status, target)
            XCTAssertEqual(decorated.header("ETag"), bare.header("ETag"), target)
            XCTAssertEqual(decorated.header("Cache-Control"), bare.header("Cache-Control"), target)
            XCTAssertEqual(decorated.body, bare.body, target)
        }
        XCTAssertTrue(CardService.isLinkDecoration("utm_anything"))
        XCTAssertFalse(CardService.isLinkDecoration("utm"))
        XCTAssertFalse(CardService.isLinkDecoration("Fbclid"), "names are case-sensitive, as every other")
    }

    func testOtherUnknownNamesAreStillRefused() throws {
        let running = try startService()
        assertError(try fetch(running.port, "/healthz?_=1&verbose=1"), 400, "unexpected_query", field: "verbose")
        assertError(try fetch(running.port, "/v1/share?title=Hi&fbclid=x&ref=feed"), 400, "unknown_parameter", field: "ref")
        assertError(try fetch(running.port, "/v1/palettes/dark/preview.png?size=square"), 400, "unexpected_query", field: "size")
        let preview = try fetch(running.port, "/v1/palettes/dark/preview.png?size=square")
        XCTAssertEqual(try preview.errorObject().message, "a palette preview takes no query parameter but v")
    }
}
