@testable import CardService
import Cards
import Foundation
import HTTPTypes
import TestSupport
import XCTest

/// Card and preview URLs carry `v`: only the current content version is `immutable`; every
/// URL the service hands out carries it; `v` is part of the ETag; a bad `v` is refused.
final class VersionedURLTests: XCTestCase {
    func testOnlyTheCurrentVersionIsImmutable() throws {
        let running = try startService()
        let v = running.service.contentVersion
        XCTAssertEqual(v, ContentVersion.of(catalog: Repository.catalog, fontsVersion: ContentHash.fontsVersion(directory: Repository.path("fonts"))))
        XCTAssertNotNil(v.range(of: "^[0-9a-f]{12}$", options: .regularExpression), v)
        let base = "/v1/cards/classic.png?title=Versioned"
        let current = try fetch(running.port, base + "&v=\(v)")
        XCTAssertEqual(current.status, 200, current.text)
        XCTAssertEqual(current.header("Cache-Control"), RouteTests.immutable)
        var tags: Set<String> = [try XCTUnwrap(current.header("ETag"))]
        for target in [base, base + "&v=2", base + "&v=old.release_1-2"] {
            let response = try fetch(running.port, target)
            XCTAssertEqual(response.status, 200, target)
            XCTAssertEqual(response.header("Cache-Control"), RouteTests.revalidated, target)
            XCTAssertEqual(response.body, current.body, "the same pixels whatever the v")
            tags.insert(try XCTUnwrap(response.header("ETag")))
            // a 304 carries the same rule
            let again = try fetch(running.port, target, headers: ["If-None-Match: \(response.header("ETag")!)"])
            XCTAssertEqual(again.status, 304)
            XCTAssertEqual(again.header("Cache-Control"), RouteTests.revalidated)
        }
        XCTAssertEqual(tags.count, 4, "each v has its own ETag")
        let again = try fetch(running.port, base + "&v=\(v)", headers: ["If-None-Match: \(current.header("ETag")!)"])
        XCTAssertEqual(again.status, 304)
        XCTAssertEqual(again.header("Cache-Control"), RouteTests.immutable)

        let preview = "/v1/palettes/dark/preview.png"
        XCTAssertEqual(try fetch(running.port, preview).header("Cache-Control"), RouteTests.revalidated)
        let versionedPreview = try fetch(running.port, preview + "?v=\(v)")
        XCTAssertEqual(versionedPreview.status, 200)
        XCTAssertEqual(versionedPreview.header("Cache-Control"), RouteTests.immutable)
        assertError(try fetch(running.port, preview + "?size=2"), 400, "unexpected_query", field: "size")
    }

    func testBadVersionsAreRefused() throws {
        let running = try startService()
        for bad in ["", String(repeating: "a", count: 33), "a%20b", "%C3%A9", "a/b", "1,2"] {
            assertError(try fetch(running.port, "/v1/cards/classic.png?title=Hi&v=\(bad)"), 400, "invalid_parameter", field: "v")
            assertError(try fetch(running.port, "/v1/palettes/default/preview.png?v=\(bad)"), 400, "invalid_parameter", field: "v")
        }
        assertError(try fetch(running.port, "/v1/cards/classic.png?title=Hi&v=1&v=2"), 400, "duplicate_parameter", field: "v")
        // A preview took the first of two (a proxy in front may read the other).
        assertError(try fetch(running.port, "/v1/palettes/default/preview.png?v=a&v=b"), 400, "duplicate_parameter", field: "v")
        XCTAssertEqual(try fetch(running.port, "/v1/cards/classic.png?title=Hi&v=" + String(repeating: "a", count: 32)).status, 200)
    }

    /// Every URL handed out names the current version, and each is served `immutable`.
    func testHandedOutURLsAreVersionedAndImmutable() throws {
        let running = try startService()
        let v = running.service.contentVersion
        var urls: [String] = []
        for item in try XCTUnwrap(try fetch(running.port, "/v1/templates").json() as? [[String: Any]]) {
            urls.append(try XCTUnwrap(item["cardURL"] as? String) + "&title=Handed%20out")
        }
        for item in try XCTUnwrap(try fetch(running.port, "/v1/palettes").json() as? [[String: Any]]) {
            urls.append(try XCTUnwrap(item["previewURL"] as? String))
        }
        let posted = try fetch(running.port, "POST", "/v1/cards", headers: ["Accept: application/json"],
                               body: Array(#"{"title":"Handed out","palette":"pastel","color":"user_green"}"#.utf8))
        urls.append(try XCTUnwrap((try posted.json() as? [String: Any])?["imageURL"] as? String))
        XCTAssertEqual(urls.count, Repository.catalog.templates.count + Repository.catalog.palettes.count + 1)
        for url in urls {
            XCTAssertTrue(url.contains("v=\(v)"), url)
            let response = try fetch(running.port, url)
            XCTAssertEqual(response.status, 200, "\(url): \(response.text)")
            XCTAssertEqual(response.header("Cache-Control"), RouteTests.immutable, url)
        }
    }

    /// A change to any palette gives a new content version; the old `v` then revalidates.
    func testTheVersionFollowsTheData() throws {
        let fonts = ContentHash.fontsVersion(directory: Repository.path("fonts"))
        let before = ContentVersion.of(catalog: Repository.catalog, fontsVersion: fonts)
        XCTAssertNotEqual(before, ContentVersion.of(catalog: Repository.catalog, fontsVersion: fonts + "x"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("versioned-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["palettes", "templates"] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Repository.root.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let pastel = folder.appendingPathComponent("palettes/pastel.json")
        try (try Data(contentsOf: pastel) + Data("\n".utf8)).write(to: pastel)
        let changed = try Catalog(palettesDirectory: folder.appendingPathComponent("palettes"), templatesDirectory: folder.appendingPathComponent("templates"))
        let after = ContentVersion.of(catalog: changed, fontsVersion: fonts)
        XCTAssertNotEqual(after, before)

        var configuration = try Repository.configuration()
        configuration.fontsVersion = fonts
        let service = CardService(catalog: changed, renderer: Repository.renderer, configuration: configuration)
        XCTAssertEqual(service.contentVersion, after)
        let old = service.handle(try HTTPRequestFixture.get("/v1/cards/classic.png?title=Old&v=\(before)"))
        XCTAssertEqual(old.headers["Cache-Control"], RouteTests.revalidated)
        let new = service.handle(try HTTPRequestFixture.get("/v1/cards/classic.png?title=Old&v=\(after)"))
        XCTAssertEqual(new.headers["Cache-Control"], RouteTests.immutable)

        // A reload (`SIGHUP`) that brings the change: the version moves with the catalog, so
        // the URLs handed out from then on name the new design, and the old `v` revalidates.
        let reloaded = CardService(catalog: Repository.catalog, renderer: Repository.renderer, configuration: configuration)
        XCTAssertEqual(reloaded.contentVersion, before)
        reloaded.replaceCatalog(changed)
        XCTAssertEqual(reloaded.contentVersion, after)
        let listed = String(decoding: reloaded.handle(try HTTPRequestFixture.get("/v1/templates")).body, as: UTF8.self)
        XCTAssertTrue(listed.contains("v=\(after)") && !listed.contains("v=\(before)"), listed)
        let stale = reloaded.handle(try HTTPRequestFixture.get("/v1/cards/classic.png?title=Old&v=\(before)"))
        XCTAssertEqual(stale.headers["Cache-Control"], RouteTests.revalidated)
        let current = reloaded.handle(try HTTPRequestFixture.get("/v1/cards/classic.png?title=Old&v=\(after)"))
        XCTAssertEqual(current.headers["Cache-Control"], RouteTests.immutable)
    }

    /// Signed URLs keep the lifetime their expiry allows, with or without `v`.
    func testSignedURLsKeepTheirExpiryBoundedLifetime() throws {
        let running = try startService(try Repository.configuration(signingKeys: [SigningTests.key], now: SigningTests.now))
        for items in [[("title", "Signed")], [("title", "Signed"), ("v", running.service.contentVersion)]] {
            let url = try URLSigner(keys: [SigningTests.key]).sign(path: "/v1/cards/classic.png", items: items, expires: SigningTests.now + 600)
            let response = try fetch(running.port, url)
            XCTAssertEqual(response.status, 200, response.text)
            XCTAssertEqual(response.header("Cache-Control"), "public, max-age=600")
        }
    }
}

/// Requests built as the server builds them, for calling `CardService.handle` directly.
enum HTTPRequestFixture {
    static func get(_ target: String, headers: [(String, String)] = []) throws -> HTTPRequest {
        try HTTPRequest(method: "GET", target: target, headers: HTTPHeaders(headers.map { HTTPField(name: $0.0, value: $0.1) }))
    }
}
