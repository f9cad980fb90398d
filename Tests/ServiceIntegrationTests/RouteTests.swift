import CardService
import Cards
import Foundation
import HTTPServer
import HTTPTypes
import TestSupport
import XCTest

/// Every route over a real loopback socket: status, content type, body, caching headers.
final class RouteTests: XCTestCase {
    /// The card's content key, then its format and quality, then its encoder's revision.
    static let cardETag = try! NSRegularExpression(pattern: "^\"[0-9a-f]{40}\\.(png|jpeg-q[0-9]+|webp-(q[0-9]+|lossless))\\.e[0-9]+\"$")
    static let immutable = "public, max-age=31536000, immutable"
    /// For URLs that do not name the current content version.
    static let revalidated = "public, max-age=300, must-revalidate"

    func assertCardETag(_ value: String?, file: StaticString = #filePath, line: UInt = #line) {
        let text = value ?? ""
        XCTAssertNotNil(Self.cardETag.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                        "ETag \(text)", file: file, line: line)
    }

    func testEveryRoute() throws {
        let running = try startService()
        let port = running.port

        let page = try fetch(port, "/")
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.header("Content-Type"), "text/html; charset=utf-8")
        XCTAssertEqual(page.text, Repository.playgroundText)

        let spec = try fetch(port, "/openapi.json")
        XCTAssertEqual(spec.status, 200)
        XCTAssertEqual(spec.header("Content-Type"), "application/json")
        XCTAssertEqual(spec.text, Repository.openAPIText)
        XCTAssertEqual((try spec.json() as? [String: Any])?["openapi"] as? String, "3.0.3")

        let health = try fetch(port, "/healthz")
        XCTAssertEqual(health.status, 200)
        XCTAssertEqual(health.header("Content-Type"), "application/json")
        XCTAssertEqual(try health.json() as? [String: String], ["status": "ok"])

        let templates = try fetch(port, "/v1/templates")
        XCTAssertEqual(templates.status, 200)
        let templateList = try XCTUnwrap(try templates.json() as? [[String: Any]])
        XCTAssertEqual(templateList.compactMap { $0["name"] as? String }, Repository.catalog.templates.map(\.name))
        for item in templateList {
            XCTAssertEqual(Set(item.keys), ["name", "description", "width", "height", "version", "cardURL"])
            XCTAssertEqual(item["cardURL"] as? String, "/v1/cards/\(item["name"] as? String ?? "").png?v=\(running.service.contentVersion)")
        }

        let palettes = try fetch(port, "/v1/palettes")
        XCTAssertEqual(palettes.status, 200)
        let paletteList = try XCTUnwrap(try palettes.json() as? [[String: Any]])
        XCTAssertEqual(paletteList.compactMap { $0["name"] as? String }, Repository.catalog.palettes.map(\.name))
        XCTAssertTrue(paletteList.allSatisfy { ($0["colors"] as? [String])?.contains("user_purple") == true })

        let palette = try fetch(port, "/v1/palettes/gradients")
        XCTAssertEqual(palette.status, 200)
        let detail = try XCTUnwrap(try palette.json() as? [String: Any])
        XCTAssertEqual(detail["name"] as? String, "gradients")
        XCTAssertEqual(Set(detail.keys), ["name", "description", "version", "colors", "previewURL"])
        XCTAssertEqual(detail["previewURL"] as? String, "/v1/palettes/gradients/preview.png?v=\(running.service.contentVersion)")
        let firstColor = try XCTUnwrap((detail["colors"] as? [[String: Any]])?.first)
        XCTAssertEqual((firstColor["background"] as? [String])?.count, 2)
        XCTAssertNotNil(firstColor["gradientAngle"] as? Double)
        XCTAssertGreaterThanOrEqual(firstColor["contrast"] as? Double ?? 0, 1)

        let preview = try fetch(port, "/v1/palettes/pastel/preview.png")
        XCTAssertEqual(preview.status, 200)
        XCTAssertEqual(preview.header("Content-Type"), "image/png")
        XCTAssertNotNil(pngSize(preview.body))
        XCTAssertTrue(preview.header("ETag")?.hasPrefix("\"preview-pastel-") == true, preview.header("ETag") ?? "")
        // The PNG encoder's revision ends it, as a card's: a strong tag promises the bytes.
        XCTAssertNotNil(preview.header("ETag")?.range(of: #"\.e[0-9]+"$"#, options: .regularExpression), preview.header("ETag") ?? "")
        XCTAssertEqual(preview.header("Cache-Control"), Self.revalidated)

        let card = try fetch(port, "/v1/cards/classic.png?title=Hello%20world")
        XCTAssertEqual(card.status, 200)
        XCTAssertEqual(card.header("Content-Type"), "image/png")
        XCTAssertEqual(card.header("Cache-Control"), Self.revalidated)
        assertCardETag(card.header("ETag"))
        XCTAssertEqual(pngSize(card.body)?.width, 1024)
        XCTAssertEqual(pngSize(card.body)?.height, 576)

        let large = try fetch(port, "/v1/cards/dated.png?title=Party&date=2024-06-01T18:30:00%2B02:00&scale=2&palette=dark&color=user_green&emoji=%F0%9F%8E%89")
        XCTAssertEqual(large.status, 200, large.text)
        XCTAssertEqual(pngSize(large.body)?.width, 2048)
        XCTAssertEqual(pngSize(large.body)?.height, 1152)
        XCTAssertNotEqual(large.header("ETag"), card.header("ETag"))

        let posted = try fetch(port, "POST", "/v1/cards", headers: ["Content-Type: application/json"],
                               body: Array(#"{"title":"Hello world"}"#.utf8))
        XCTAssertEqual(posted.status, 200, posted.text)
        XCTAssertEqual(posted.header("Content-Type"), "image/png")
        XCTAssertEqual(posted.body, card.body, "the same event renders the same bytes")
        let versioned = try fetch(port, "/v1/cards/classic.png?title=Hello%20world&v=\(running.service.contentVersion)")
        XCTAssertEqual(versioned.header("Cache-Control"), Self.immutable)
        XCTAssertEqual(versioned.body, card.body)
        XCTAssertEqual(posted.header("ETag"), versioned.header("ETag"), "a POST answers the current version")
        XCTAssertNotEqual(versioned.header("ETag"), card.header("ETag"), "the version is part of the ETag")

        let metrics = try fetch(port, "/metrics")
        XCTAssertEqual(metrics.status, 200)
        XCTAssertEqual(metrics.header("Content-Type"), "text/plain; version=0.0.4; charset=utf-8")
        for line in ["sharecard_requests_total{route=\"card\",status=\"200\"} 3",
                     "sharecard_requests_total{route=\"cards\",status=\"200\"} 1",
                     "sharecard_requests_total{route=\"palette_preview\",status=\"200\"} 1",
                     "sharecard_requests_total{route=\"healthz\",status=\"200\"} 1",
                     "sharecard_render_duration_seconds_count 3",
                     "sharecard_cache_hits_total 1",
                     "sharecard_queue_depth 0"] {
            XCTAssertTrue(metrics.text.contains(line + "\n"), "\(line) in\n\(metrics.text)")
        }
        // /metrics is answered on the I/O thread, outside the queue; the previous request
        // may still be finishing
        XCTAssertTrue(metrics.text.contains("\nsharecard_in_flight 0\n") || metrics.text.contains("\nsharecard_in_flight 1\n"))
    }

    /// HEAD answers what GET answers (status and every header, Content-Length included)
    /// without the body: the next response on the same connection starts right after.
    /// What sets no caching of its own says how it may be kept: health and metrics never (a
    /// cache in front would answer probes and scrapes itself), the catalog, the playground and
    /// the API description asked for again each time (a reload changes their `v=` links).
    func testAnswersWithoutTheirOwnCachingSayHowToKeepThem() throws {
        let running = try startService()
        let expected = ["/healthz": "no-store", "/metrics": "no-store", "/": "no-cache", "/openapi.json": "no-cache",
                        "/v1/templates": "no-cache", "/v1/templates/classic": "no-cache", "/v1/palettes": "no-cache",
                        "/v1/palettes/dark": "no-cache",
                        "/v1/palettes/dark/preview.png": "public, max-age=300, must-revalidate",
                        "/v1/cards/classic.png?title=Hi": Self.revalidated, "/nowhere": "no-store"]
        for (target, policy) in expected.sorted(by: { $0.key < $1.key }) {
            for method in ["GET", "HEAD"] {
                let answer = try fetch(running.port, method, target)
                XCTAssertEqual(answer.header("Cache-Control"), policy, "\(method) \(target)")
            }
        }
    }

    func testHeadMatchesGet() throws {
        let running = try startService()
        let client = try LoopbackHTTPClient(port: running.port)
        let targets = ["/", "/openapi.json", "/healthz", "/v1/templates", "/v1/palettes", "/v1/palettes/dark",
                       "/v1/palettes/dark/preview.png",
                       "/v1/cards/dated.png?title=Launch%20day&date=2024-06-01&emoji=%F0%9F%9A%80",
                       "/v1/cards/classic.png?title=Hi&scale=9", "/v1/cards/missing.png?title=Hi", "/nowhere",
                       "/healthz?verbose=1"]
        for target in targets {
            let get = try client.request("GET", target)
            let head = try client.request("HEAD", target)
            XCTAssertEqual(head.status, get.status, target)
            XCTAssertEqual(head.stableHeaders, get.stableHeaders, target)
            XCTAssertEqual(head.header("Content-Length"), String(get.body.count), target)
            XCTAssertFalse(get.body.isEmpty, target)
        }
        XCTAssertTrue(client.staysQuiet(for: 0.2), "no body bytes after a HEAD response")
        // /metrics changes between two requests, so only its status and fields are compared
        let get = try client.request("GET", "/metrics"), head = try client.request("HEAD", "/metrics")
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.headers.map { $0.name.lowercased() }, get.headers.map { $0.name.lowercased() })
        XCTAssertEqual(head.header("Content-Type"), get.header("Content-Type"))
    }

    /// If-None-Match with the ETag, `*`, a list, or the weak form of the tag: 304 with the
    /// tag and Cache-Control and no body; another tag: 200.
    func testConditionalRequests() throws {
        let card = try firstCard("/v1/cards/gradient.png?title=Cached&color=user_blue")
        let (running, client, target, first, etag) = (card.running, card.client, card.target, card.response, card.etag)
        assertCardETag(etag)

        for condition in [etag, "*", "\"other\", \(etag)", "\"a\",\(etag) , \"b\"", "W/\(etag)", "\"x\", W/\(etag)"] {
            for method in ["GET", "HEAD"] {
                let response = try client.request(method, target, headers: ["If-None-Match: \(condition)"])
                XCTAssertEqual(response.status, 304, "\(method) If-None-Match: \(condition)")
                XCTAssertEqual(response.header("ETag"), etag)
                XCTAssertEqual(response.header("Cache-Control"), Self.revalidated)
                XCTAssertNil(response.header("Content-Type"))
            }
        }
        XCTAssertTrue(client.staysQuiet(for: 0.2), "a 304 has no body")
        for condition in ["\"other\"", "W/\"other\"", String(etag.dropLast()) + "0\"", etag.replacingOccurrences(of: "\"", with: "")] {
            let response = try client.request("GET", target, headers: ["If-None-Match: \(condition)"])
            XCTAssertEqual(response.status, 200, condition)
            XCTAssertEqual(response.body, first.body)
        }

        // a palette's contact sheet has the same flow
        let preview = try client.request("GET", "/v1/palettes/default/preview.png")
        let previewTag = try XCTUnwrap(preview.header("ETag"))
        XCTAssertEqual(try client.request("GET", "/v1/palettes/default/preview.png", headers: ["If-None-Match: \(previewTag)"]).status, 304)
        XCTAssertEqual(try client.request("HEAD", "/v1/palettes/default/preview.png", headers: ["If-None-Match: *"]).status, 304)

        // POST /v1/cards is not a conditional request: it renders whatever If-None-Match says
        let posted = try client.request("POST", "/v1/cards", headers: ["If-None-Match: *", "Content-Type: application/json"],
                                        body: Array(#"{"title":"Cached","color":"user_blue","template":"gradient"}"#.utf8))
        XCTAssertEqual(posted.status, 200)
        XCTAssertEqual(posted.body, first.body)
        XCTAssertEqual(posted.header("ETag"), try client.request("GET", target + "&v=\(running.service.contentVersion)").header("ETag"))
    }

    /// POST with Accept: application/json describes the card; its imageURL, fetched, gives
    /// the very bytes that POST with Accept: image/png gives.
    func testPostedDescriptionLinksToTheSamePNG() throws {
        let running = try startService()
        let event: [String: Any] = [
            "title": "Café & crème — 100% “fun”? Yes/no #1 + ünïcödé 🎉", "date": "2024-06-01T18:30:00+02:00",
            "endDate": "2024-06-02", "subtitle": "Our timeline: a/b?c=d", "emoji": "👩🏽‍💻", "color": "user_green",
            "palette": "pastel", "template": "dated", "locale": "fr",
        ]
        let body = Array(try JSONSerialization.data(withJSONObject: event))

        let png = try fetch(running.port, "POST", "/v1/cards?scale=2", headers: ["Accept: image/png"], body: body)
        XCTAssertEqual(png.status, 200, png.text)
        XCTAssertEqual(png.header("Content-Type"), "image/png")
        XCTAssertEqual(pngSize(png.body)?.width, 2048)

        let described = try fetch(running.port, "POST", "/v1/cards?scale=2", headers: ["Accept: application/json"], body: body)
        XCTAssertEqual(described.status, 200, described.text)
        XCTAssertEqual(described.header("Content-Type"), "application/json")
        let json = try XCTUnwrap(try described.json() as? [String: Any])
        XCTAssertEqual(Set(json.keys), ["shareText", "imageURL", "width", "height", "layout", "foreground", "contrast", "shareURL", "missingGlyphs"])
        XCTAssertEqual(json["missingGlyphs"] as? [String], [])
        XCTAssertEqual(json["width"] as? Int, 2048)
        XCTAssertEqual(json["height"] as? Int, 1152)
        XCTAssertTrue((json["shareText"] as? String)?.contains("Café & crème — 100% “fun”?") == true, "\(json)")
        let layout = try XCTUnwrap(json["layout"] as? [String: Any])
        XCTAssertEqual(Set(layout.keys), ["fontSize", "lines", "truncated", "elements"])
        XCTAssertFalse((layout["lines"] as? [String] ?? []).isEmpty)
        // The resolved card: the title as drawn is the one reported, and the date chip is placed.
        let elements = try XCTUnwrap(layout["elements"] as? [[String: Any]])
        let title = try XCTUnwrap(elements.first { ($0["fields"] as? [String]) == ["title"] })
        XCTAssertEqual(title["lines"] as? [String], layout["lines"] as? [String])
        XCTAssertEqual(title["fontSize"] as? Double, layout["fontSize"] as? Double)
        XCTAssertTrue(elements.contains { $0["kind"] as? String == "chip" && ($0["fields"] as? [String]) == ["date"] }, "\(elements)")
        let imageURL = try XCTUnwrap(json["imageURL"] as? String)
        XCTAssertTrue(imageURL.hasPrefix("/v1/cards/dated.png?title="), imageURL)
        XCTAssertTrue(imageURL.hasSuffix("&scale=2&v=\(running.service.contentVersion)"), imageURL)

        let fetched = try fetch(running.port, "GET", imageURL)
        XCTAssertEqual(fetched.status, 200, fetched.text)
        XCTAssertEqual(fetched.body, png.body)
        XCTAssertEqual(fetched.header("ETag"), png.header("ETag"))

        // defaults are left out of the URL, and the URL still renders the same card
        let plain = try fetch(running.port, "POST", "/v1/cards", headers: ["Accept: application/json"],
                              body: Array(#"{"title":"Plain","color":"user_purple","palette":"default","template":"classic","locale":"en"}"#.utf8))
        XCTAssertEqual((try plain.json() as? [String: Any])?["imageURL"] as? String, "/v1/cards/classic.png?title=Plain&v=\(running.service.contentVersion)")

        // Accept: */* and no Accept at all give the PNG
        for headers in [["Accept: */*"], ["Accept: image/*"], []] {
            let response = try fetch(running.port, "POST", "/v1/cards?scale=2", headers: headers, body: body)
            XCTAssertEqual(response.header("Content-Type"), "image/png", "\(headers)")
            XCTAssertEqual(response.body, png.body)
        }
    }
}
