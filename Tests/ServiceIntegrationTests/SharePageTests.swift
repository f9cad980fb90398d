@testable import CardService
import HTTPTypes
import Cards
import Foundation
import TestSupport
import XCTest

/// `GET /v1/share`: the page's tags, read back by Python's HTML parser (a parser nobody here
/// wrote), carry exactly the title and share text however hostile they are.
final class SharePageTests: XCTestCase {
    static let hostileTitle = #"Tom & Jerry "><script>alert(1)</script> 'quoted' <b>bold</b>"#

    /// Parses `html` with Python's `html.parser`: every start tag with its attributes, in
    /// order, and the text inside `<title>`.
    func parse(_ html: String) throws -> (tags: [(name: String, attributes: [String: String])], title: String) {
        let script = """
        import html.parser, json, sys
        class P(html.parser.HTMLParser):
            def __init__(self):
                super().__init__(convert_charrefs=True); self.tags = []; self.title = ""; self.inTitle = False
            def handle_starttag(self, tag, attrs):
                self.tags.append([tag, {k: (v or "") for k, v in attrs}]); self.inTitle = tag == "title"
            def handle_endtag(self, tag): self.inTitle = False
            def handle_data(self, data):
                if self.inTitle: self.title += data
        p = P(); p.feed(sys.stdin.read()); p.close()
        print(json.dumps({"tags": p.tags, "title": p.title}))
        """
        let (status, data) = try PythonScript.run(script, input: Data(html.utf8))
        XCTAssertEqual(status, 0)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tags = try XCTUnwrap(root["tags"] as? [[Any]]).map { ($0[0] as! String, $0[1] as! [String: String]) }
        return (tags, root["title"] as? String ?? "")
    }

    func meta(_ tags: [(name: String, attributes: [String: String])]) -> [String: String] {
        var result: [String: String] = [:]
        for tag in tags where tag.name == "meta" {
            if let key = tag.attributes["property"] ?? tag.attributes["name"], let content = tag.attributes["content"] {
                XCTAssertNil(result[key], "\(key) given twice")
                result[key] = content
            }
        }
        return result
    }

    func testTagsCarryTheEscapedTitleAndShareText() throws {
        var configuration = try Repository.configuration()
        configuration.publicURL = try PublicURL("https://cards.example.com")
        let running = try startService(configuration)
        let v = running.service.contentVersion
        let query = "title=\(QueryEncoding.encode(Self.hostileTitle))&date=2024-06-01&emoji=%F0%9F%8E%89&template=dated&palette=pastel"
        let page = try fetch(running.port, "/v1/share?\(query)&v=\(v)")
        XCTAssertEqual(page.status, 200, page.text)
        XCTAssertEqual(page.header("Content-Type"), "text/html; charset=utf-8")
        XCTAssertEqual(page.header("Cache-Control"), RouteTests.immutable)
        XCTAssertEqual(page.header("X-Content-Type-Options"), "nosniff")
        let csp = try XCTUnwrap(page.header("Content-Security-Policy"))
        XCTAssertTrue(csp.hasPrefix("default-src 'none'; img-src https://cards.example.com; style-src 'sha256-"), csp)
        XCTAssertFalse(page.text.contains("<script"), "nothing from the title becomes markup")

        let parsed = try parse(page.text)
        XCTAssertFalse(parsed.tags.contains { ["script", "b", "iframe"].contains($0.name) }, "\(parsed.tags.map(\.name))")
        XCTAssertEqual(parsed.title, Self.hostileTitle)
        let tags = meta(parsed.tags)
        let shareText = "🎉 \(Self.hostileTitle) — June 1, 2024"
        let image = "https://cards.example.com/v1/cards/dated.png?\(query.replacingOccurrences(of: "&template=dated", with: ""))&size=og&v=\(v)"
        XCTAssertEqual(tags["og:title"], Self.hostileTitle)
        XCTAssertEqual(tags["og:description"], shareText)
        XCTAssertEqual(tags["description"], shareText)
        XCTAssertEqual(tags["og:image"], image)
        XCTAssertEqual(tags["og:image:width"], "1200", "Open Graph's size unless the page names another")
        XCTAssertEqual(tags["og:image:height"], "630")
        XCTAssertEqual(tags["og:url"], "https://cards.example.com/v1/share?\(query.replacingOccurrences(of: "&template=dated", with: ""))&template=dated&v=\(v)")
        XCTAssertEqual(tags["twitter:card"], "summary_large_image")
        XCTAssertEqual(tags["twitter:image"], image)
        XCTAssertEqual(tags["twitter:description"], shareText)
        let img = try XCTUnwrap(parsed.tags.first { $0.name == "img" })
        XCTAssertEqual(img.attributes["src"], image)
        XCTAssertEqual(img.attributes["alt"], shareText)
        XCTAssertEqual(parsed.tags.first { $0.name == "a" }?.attributes["href"], image)
        XCTAssertEqual(parsed.tags.first { $0.name == "html" }?.attributes["lang"], "en")
        XCTAssertEqual(parsed.tags.first { $0.name == "p" }?.attributes["dir"], "ltr")

        // the image the page names is the card, served as the page is
        let card = try fetch(running.port, String(image.dropFirst("https://cards.example.com".count)))
        XCTAssertEqual(card.status, 200)
        XCTAssertEqual(pngSize(card.body)?.width, 1200)
        XCTAssertEqual(card.header("Cache-Control"), RouteTests.immutable)

        // the style element matches the policy's hash (the browser would refuse it otherwise)
        let style = try XCTUnwrap(page.text.range(of: "<style>").flatMap { start in
            page.text.range(of: "</style>").map { String(page.text[start.upperBound..<$0.lowerBound]) } })
        XCTAssertEqual(style, CardService.sharePageStyle)
        XCTAssertTrue(csp.contains("'sha256-\(Data(hexBytes(ContentHash.hex(Array(style.utf8)))).base64EncodedString())'"), csp)

        // conditional and unversioned like a card
        XCTAssertEqual(try fetch(running.port, "/v1/share?\(query)&v=\(v)", headers: ["If-None-Match: \(page.header("ETag")!)"]).status, 304)
        XCTAssertEqual(try fetch(running.port, "/v1/share?\(query)").header("Cache-Control"), RouteTests.revalidated)
    }

    /// The share text is set in the direction the card reads its title in: an Arabic title that
    /// opens with a Latin name, under `ar`, right to left (a browser's first-strong `dir=auto`
    /// would set it left to right and put its date range on the wrong side).
    func testTheShareTextReadsInTheCardsDirection() throws {
        let running = try startService(try Repository.configuration())
        for (title, locale, direction) in [("iPhone 16 وصل إلى متجرنا", "ar", "rtl"), ("iPhone 16 وصل إلى متجرنا", "en", "ltr"),
                                           ("Launch party", "ar", "ltr")] {
            let query = "title=\(QueryEncoding.encode(title))&date=2025-06-01&endDate=2025-06-03&locale=\(locale)&template=dated"
            let page = try fetch(running.port, "/v1/share?\(query)")
            XCTAssertEqual(page.status, 200, page.text)
            XCTAssertEqual(try parse(page.text).tags.first { $0.name == "p" }?.attributes["dir"], direction, "\(title) under \(locale)")
        }
    }

    /// The JSON answer links to the share page, which names the same card as its imageURL, at `og` size.
    func testTheJSONAnswerLinksToTheSharePage() throws {
        let running = try startService()
        let described = try fetch(running.port, "POST", "/v1/cards", headers: ["Accept: application/json"],
                                  body: Array(#"{"title":"Linked","template":"dated","palette":"dark","date":"2024-06-01"}"#.utf8))
        let json = try XCTUnwrap(try described.json() as? [String: Any])
        let shareURL = try XCTUnwrap(json["shareURL"] as? String)
        XCTAssertEqual(shareURL, "/v1/share?title=Linked&date=2024-06-01&palette=dark&template=dated&v=\(running.service.contentVersion)")
        let page = try fetch(running.port, shareURL)
        XCTAssertEqual(page.status, 200, page.text)
        XCTAssertEqual(page.header("Cache-Control"), RouteTests.immutable)
        // the same card, at Open Graph's size
        XCTAssertEqual(meta(try parse(page.text).tags)["og:image"], (json["imageURL"] as? String)?.replacingOccurrences(of: "&v=", with: "&size=og&v="))
        // a page that names a size keeps it
        let square = try fetch(running.port, "/v1/share?title=Linked&size=square")
        XCTAssertEqual(meta(try parse(square.text).tags)["og:image:height"], "1080", square.text)
    }

    func testBadParametersAreRefusedAsForCards() throws {
        let port = try startService().port
        assertError(try fetch(port, "/v1/share"), 422, "invalid_event", field: "title")
        assertError(try fetch(port, "/v1/share?title=Hi&template=nope"), 404, "unknown_template", field: "template")
        assertError(try fetch(port, "/v1/share?title=Hi&sizes=2"), 400, "unknown_parameter", field: "sizes")
        assertError(try fetch(port, "/v1/share?title=Hi&template=a&template=b"), 400, "duplicate_parameter", field: "template")
        // without a public URL, the image is named relative to the page, and only 'self' may be loaded
        let page = try fetch(port, "/v1/share?title=Relative")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.header("Content-Security-Policy")?.contains("img-src 'self';") == true)
        XCTAssertEqual(meta(try parse(page.text).tags)["og:image"]?.hasPrefix("/v1/cards/classic.png?title=Relative&size=og&v="), true)
    }

    /// A server that only serves signed URLs needs a signed share page, and the page names a
    /// card URL signed to expire with it.
    func testSignedSharePagesNameSignedCards() throws {
        let running = try startService(try Repository.configuration(signingKeys: [SigningTests.key], now: SigningTests.now))
        let signer = try URLSigner(keys: [SigningTests.key])
        assertError(try fetch(running.port, "/v1/share?title=Signed"), 403, "signature_required")
        let page = try fetch(running.port, try signer.sign(path: "/v1/share", items: [("title", "Signed")], expires: SigningTests.now + 600))
        XCTAssertEqual(page.status, 200, page.text)
        XCTAssertEqual(page.header("Cache-Control"), "public, max-age=600")
        let image = try XCTUnwrap(meta(try parse(page.text).tags)["og:image"])
        XCTAssertTrue(image.contains("expires=\(SigningTests.now + 600)&sig="), image)
        XCTAssertEqual(try fetch(running.port, image).status, 200)
    }
}

func hexBytes(_ hex: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
        let next = hex.index(index, offsetBy: 2)
        bytes.append(UInt8(hex[index..<next], radix: 16)!)
        index = next
    }
    return bytes
}
