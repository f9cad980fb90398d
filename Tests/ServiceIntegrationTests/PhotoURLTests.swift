@testable import CardService
import Caching
import Cards
import Foundation
import HTTPServer
import HTTPTypes
import PhotoFetch
import TestSupport
import XCTest

/// `GET /v1/cards/photo.png?…&photo=<url>` against an origin server on 127.0.0.1 started by
/// the test (Tests/PhotoFetchTests/origin_server.py, serving the card fixtures): only
/// allow-listed origins, every refusal a JSON error, and `photo` covered by signatures.
final class PhotoURLTests: XCTestCase {
    var origin: PhotoOriginServer!
    var originPort: Int { origin.port }
    var base: String { origin.base }

    override func setUpWithError() throws {
        origin = try PhotoOriginServer(filesDirectory: Repository.path("Tests/CardsTests/Fixtures"))
    }

    override func tearDown() {
        origin?.stop()
    }

    func service(origins: [String]? = nil, signingKeys: [String] = [], now: Int? = nil) throws -> Int {
        var configuration = try Repository.configuration(signingKeys: signingKeys, now: now)
        let list = try (origins ?? [base]).map { try PhotoOrigin($0) }
        configuration.photoFetcher = list.isEmpty ? nil : PhotoFetcher(
            origins: list, limits: PhotoFetcher.Limits(maxBytes: 1 << 20, connectTimeoutMilliseconds: 500, totalTimeoutMilliseconds: 800))
        return try startService(configuration).port
    }

    func card(_ photo: String) -> String {
        "/v1/cards/photo.png?title=Launch&photo=" + QueryEncoding.encode(photo)
    }

    func testPhotoFromAnAllowedOriginIsOnTheCard() throws {
        let port = try service()
        let with = try fetch(port, card("\(base)/files/rocket-portrait.jpg"))
        XCTAssertEqual(with.status, 200, with.text)
        let without = try fetch(port, "/v1/cards/photo.png?title=Launch")
        XCTAssertNotEqual(with.header("ETag"), without.header("ETag"))
        XCTAssertNotEqual(with.body, without.body)
        let again = try fetch(port, card("\(base)/files/rocket-portrait.jpg"), headers: ["If-None-Match: \(try XCTUnwrap(with.header("ETag")))"])
        XCTAssertEqual(again.status, 304)
    }

    /// A share page's og:image names the photo again (at Open Graph's size), and a photo card
    /// takes a size: the photo is decoded for that canvas and aspect-filled on it.
    func testSharePageAndSizedCardKeepThePhoto() throws {
        let port = try service()
        let photo = "\(base)/files/rocket-portrait.jpg"
        let page = try fetch(port, "/v1/share?template=photo&title=Launch&photo=" + QueryEncoding.encode(photo))
        XCTAssertEqual(page.status, 200, page.text)
        XCTAssertTrue(page.text.contains("size=og&amp;photo=" + QueryEncoding.encode(photo)), page.text)
        let plain = try fetch(port, "/v1/share?template=photo&title=Launch")
        XCTAssertNotEqual(page.header("ETag"), plain.header("ETag"))

        let story = try fetch(port, card(photo) + "&size=story")
        XCTAssertEqual(story.status, 200, story.text)
        // The PNG's IHDR: width and height, big-endian, at bytes 16 and 20.
        let size = [16, 20].map { at in story.body[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual(size, [1080, 1920])
        XCTAssertNotEqual(story.body, try fetch(port, "/v1/cards/photo.png?title=Launch&size=story").body)
    }

    /// The card a share page names is the one it describes: its og:image carries `photo=`
    /// (and, on a signing server, a signature the server accepts) and serves the bytes of that
    /// card at Open Graph's size with the photo.
    func testSharePageImageURLServesThePhotoCard() throws {
        let photo = "\(base)/files/rocket-portrait.jpg"
        func imageURL(_ page: HTTPWireResponse) throws -> String {
            let html = page.text
            let start = try XCTUnwrap(html.range(of: #"<meta property="og:image" content=""#), html).upperBound
            let end = try XCTUnwrap(html[start...].firstIndex(of: "\""))
            return html[start..<end].replacingOccurrences(of: "&amp;", with: "&")
        }
        let plainPort = try service()
        let page = try fetch(plainPort, "/v1/share?template=photo&title=Launch&photo=" + QueryEncoding.encode(photo))
        let url = try imageURL(page)
        XCTAssertTrue(url.contains("&photo=" + QueryEncoding.encode(photo)), url)
        let card = try fetch(plainPort, url)
        XCTAssertEqual(card.status, 200, card.text)
        XCTAssertEqual(card.body, try fetch(plainPort, self.card(photo) + "&size=og").body)
        XCTAssertNotEqual(card.body, try fetch(plainPort, "/v1/cards/photo.png?title=Launch&size=og").body)

        let key = "a-signing-key-of-enough-length", now = 1_700_000_000
        let port = try service(signingKeys: [key], now: now)
        let signer = try URLSigner(keys: [key])
        let signedPage = try fetch(port, try signer.sign(path: "/v1/share", items: [("template", "photo"), ("title", "Launch"), ("photo", photo)],
                                                         expires: now + 600))
        XCTAssertEqual(signedPage.status, 200, signedPage.text)
        let signedURL = try imageURL(signedPage)
        XCTAssertTrue(signedURL.contains("&photo=" + QueryEncoding.encode(photo)) && signedURL.contains("&sig="), signedURL)
        let signedCard = try fetch(port, signedURL)  // the server checks the signature
        XCTAssertEqual(signedCard.status, 200, signedCard.text)
        XCTAssertEqual(signedCard.body, card.body)
    }

    /// A share page's HTML names the photo's URL but not its pixels, so nothing is fetched:
    /// the origin serves /photo.jpg (1,000 bytes that are no image) no time, and the page is
    /// 200 although fetching that photo would be a 415. Refusals that need no network stay.
    func testSharePageFetchesNoPhoto() throws {
        let port = try service()
        let photo = "\(base)/photo.jpg"
        let url = "/v1/share?template=photo&title=Launch&photo=" + QueryEncoding.encode(photo)
        let page = try fetch(port, url)
        XCTAssertEqual(page.status, 200, page.text)
        XCTAssertTrue(page.text.contains("photo=" + QueryEncoding.encode(photo)), page.text)
        XCTAssertEqual(try fetch(port, url, headers: ["If-None-Match: \(try XCTUnwrap(page.header("ETag")))"]).status, 304)
        XCTAssertEqual(try originHits(), 0, "a share page fetched the photo")
        assertError(try fetch(port, "/v1/share?title=Launch&photo=" + QueryEncoding.encode(photo)), 422, "invalid_photo", field: "template")
        assertError(try fetch(port, "/v1/share?template=photo&title=Launch&photo=" + QueryEncoding.encode("file:///etc/passwd")),
                    403, "photo_not_allowed", field: "photo")
        // The card itself does fetch it.
        assertError(try fetch(port, card(photo)), 415, "unsupported_media_type", field: "photo")
        XCTAssertEqual(try originHits(), 1)
    }

    /// How many times the origin served /photo.jpg.
    func originHits() throws -> Int {
        try XCTUnwrap(Int(try fetch(originPort, "/hits").text))
    }

    /// A photo URL over 2,048 bytes on an allowed origin is a 400 naming the limit, not a
    /// 403 blaming the origin; one at the limit is checked as usual (here: not found, 502).
    func testPhotoURLOverTheLengthLimitNamesTheLimit() throws {
        let port = try service()
        let long = "\(base)/" + String(repeating: "a", count: 5000)  // within the test server's 8 KiB target
        let refused = try fetch(port, card(long))
        assertError(refused, 400, "invalid_parameter", field: "photo")
        let message = try refused.errorObject().message
        XCTAssertTrue(message.contains("2048") && message.contains("\(long.utf8.count) bytes"), message)
        let atLimit = "\(base)/" + String(repeating: "a", count: PhotoFetcher.maxURLBytes - base.utf8.count - 1)
        XCTAssertEqual(atLimit.utf8.count, PhotoFetcher.maxURLBytes)
        assertError(try fetch(port, card(atLimit)), 502, "photo_fetch_failed", field: "photo")
        assertError(try fetch(port, card(atLimit + "a")), 400, "invalid_parameter", field: "photo")
    }

    func testRefusals() throws {
        let port = try service()
        assertError(try fetch(try service(origins: []), card("\(base)/files/rocket-portrait.jpg")), 403, "photo_urls_disabled", field: "photo")
        assertError(try fetch(try service(origins: ["https://media.example.com"]), card("\(base)/files/rocket-portrait.jpg")),
                    403, "photo_not_allowed", field: "photo")  // 127.0.0.1, not listed
        assertError(try fetch(port, card("http://127.0.0.1:\(originPort + 1)/files/rocket-portrait.jpg")), 403, "photo_not_allowed", field: "photo")
        assertError(try fetch(port, card("file:///etc/passwd")), 403, "photo_not_allowed", field: "photo")
        assertError(try fetch(port, card("\(base)/redirect-off")), 403, "photo_not_allowed", field: "photo")
        assertError(try fetch(port, card("\(base)/slow")), 504, "photo_timeout", field: "photo")
        assertError(try fetch(port, card("\(base)/big")), 413, "photo_too_large", field: "photo")
        assertError(try fetch(port, card("\(base)/missing")), 502, "photo_fetch_failed", field: "photo")
        assertError(try fetch(port, card("\(base)/photo.jpg")), 415, "unsupported_media_type", field: "photo")  // not an image
        assertError(try fetch(port, "/v1/cards/classic.png?title=Launch&photo=" + QueryEncoding.encode("\(base)/files/rocket-portrait.jpg")),
                    422, "invalid_photo", field: "template")
    }

    /// URLs Foundation and libcurl read as different hosts or ports are refused before any
    /// fetch, with the allow-list's error, and the origin is never contacted.
    func testURLsTheTwoParsersReadDifferentlyAreRefused() throws {
        let port = try service(origins: [base, "http://12.com", "http://k.com"])
        for url in ["http://0x7f.1:\(originPort)/photo.jpg", "http://2130706433:\(originPort)/photo.jpg", "http://127.1:\(originPort)/photo.jpg",
                    "http://[127.0.0.1]:\(originPort)/photo.jpg", "http://127%2e0.0.1:\(originPort)/photo.jpg",
                    "http://127.0.0.1:\(originPort)\(String(repeating: "0", count: 25))/photo.jpg",
                    "http://\u{2460}\u{2461}.com/photo.jpg", "http://\u{212A}.com/photo.jpg", "\(base)/photo.jpg?a=\u{1}"] {
            assertError(try fetch(port, card(url)), 403, "photo_not_allowed", field: "photo")
        }
        let hits = try PhotoFetcher(origins: [try PhotoOrigin(base)]).fetch("\(base)/hits?\(UUID())")
        XCTAssertEqual(String(decoding: hits, as: UTF8.self), "0", "the origin was contacted")
    }

    /// A photo URL is fetched on a fetch thread, not a render worker: while the only worker's
    /// server waits 2.5 s on a slow origin, another card is rendered and answered, the metrics
    /// show the fetch, and a second photo URL finding the one fetch thread and a queue of 0
    /// taken is answered 429 at once. With fetches on the workers, the plain card waited for
    /// the slow origin's time-out.
    func testASlowOriginHoldsNoRenderWorker() throws {
        var configuration = try Repository.configuration()
        configuration.photoFetcher = PhotoFetcher(
            origins: [try PhotoOrigin(base)],
            limits: PhotoFetcher.Limits(maxBytes: 1 << 20, connectTimeoutMilliseconds: 500, totalTimeoutMilliseconds: 2500))
        let server = try HTTPServer.Configuration(host: "127.0.0.1", port: 0, ioThreads: 2, workers: 1, queueLimit: 0, fetchWorkers: 1,
                                                  busyAnswerDelayMilliseconds: 0, maxConnections: 64, maxConnectionsPerIP: 0)
        let port = try startService(configuration, server: server).port

        let slow = LockedValue<HTTPWireResponse?>(nil)  // HTTPWireResponse is Sendable
        let slowDone = DispatchSemaphore(value: 0)
        let slowTarget = card("\(base)/slow")
        Thread.detachNewThread {
            let answer = try? fetch(port, slowTarget)
            slow.withLock { $0 = answer }
            slowDone.signal()
        }
        let deadline = Date().addingTimeInterval(2)
        while !(try fetch(port, "/metrics").text.contains("sharecard_http_fetches_active 1")) {
            guard Date() < deadline else { return XCTFail("the slow fetch never started") }
            Thread.sleep(forTimeInterval: 0.02)
        }
        let plain = try fetch(port, "/v1/cards/classic.png?title=Rendered%20meanwhile&date=2026-12-03")
        XCTAssertEqual(plain.status, 200, plain.text)
        let busy = try fetch(port, card("\(base)/files/rocket-portrait.jpg"))
        assertError(busy, 429, "queue_full")
        XCTAssertTrue(try busy.errorObject().message.contains("fetch threads"), busy.text)
        XCTAssertNil(slow.withLock { $0 }, "the slow photo was answered before the plain card: the card waited for it")

        XCTAssertEqual(slowDone.wait(timeout: .now() + 10), .success)
        assertError(try XCTUnwrap(slow.withLock { $0 }), 504, "photo_timeout", field: "photo")
        // Fetched on the fetch thread, decoded and drawn on the worker.
        XCTAssertEqual(try fetch(port, card("\(base)/files/rocket-portrait.jpg")).status, 200)
    }

    /// A slow origin holds at most its share of the fetch threads: with two threads and one
    /// per origin, two photos from a slow origin (each answered after 3 s) take one thread and
    /// the queue, and a photo from another listed origin is fetched and drawn while the first
    /// slow fetch still waits. Without the share the two slow fetches held both threads and
    /// the other origin's photo waited for one of them. (Judged by order, not by a time: under
    /// ThreadSanitizer drawing the photo card alone takes about 2.5 s.)
    func testASlowOriginLeavesFetchThreadsToOtherOrigins() throws {
        let other = try PhotoOriginServer(filesDirectory: Repository.path("Tests/CardsTests/Fixtures"))
        defer { other.stop() }
        var configuration = try Repository.configuration()
        configuration.photoFetcher = PhotoFetcher(
            origins: [try PhotoOrigin(base), try PhotoOrigin(other.base)],
            limits: PhotoFetcher.Limits(maxBytes: 1 << 20, connectTimeoutMilliseconds: 500, totalTimeoutMilliseconds: 5000))
        let server = try HTTPServer.Configuration(host: "127.0.0.1", port: 0, ioThreads: 2, workers: 1, queueLimit: 4, fetchWorkers: 2,
                                                  fetchWorkersPerSource: 1, busyAnswerDelayMilliseconds: 0, maxConnections: 64,
                                                  maxConnectionsPerIP: 0)
        let port = try startService(configuration, server: server).port

        let slowAnswers = LockedValue<[HTTPWireResponse]>([])
        let slowDone = DispatchSemaphore(value: 0)
        for n in 1...2 {
            let target = card("\(base)/slow?\(n)")
            Thread.detachNewThread {
                if let answer = try? fetch(port, target) { slowAnswers.withLock { $0.append(answer) } }
                slowDone.signal()
            }
        }
        let deadline = Date().addingTimeInterval(2)
        while !(try fetch(port, "/metrics").text.contains("sharecard_http_fetch_queue_depth 1")) {
            guard Date() < deadline else { return XCTFail("the second slow photo never waited: \(try fetch(port, "/metrics").text)") }
            Thread.sleep(forTimeInterval: 0.02)
        }
        XCTAssertTrue(try fetch(port, "/metrics").text.contains("sharecard_http_fetches_active 1"))
        let photo = try fetch(port, card("\(other.base)/files/rocket-portrait.jpg"))
        XCTAssertEqual(photo.status, 200, photo.text)
        XCTAssertTrue(slowAnswers.withLock { $0.isEmpty }, "the other origin's photo waited for the slow one")

        // The first slow body arrives after 3 s (1,000 bytes that are no image: 415); the
        // second, which waited those 3 s for its origin's thread, has 2 s of its 5 left for a
        // 3 s answer: 504.
        for _ in 1...2 { XCTAssertEqual(slowDone.wait(timeout: .now() + 15), .success) }
        XCTAssertEqual(slowAnswers.withLock { $0.map(\.status) }, [415, 504])
    }

    /// With the fetcher naming what it caches (as `serve` makes it), a photo card seen before
    /// is answered on the fast path: its 304 and, from the PNG cache, its 200, with the ETag
    /// and bytes the worker gave; the photo is neither fetched nor decoded again.
    func testACardWhosePhotoWasFetchedBeforeIsAnsweredOnTheFastPath() throws {
        var configuration = try Repository.configuration()
        configuration.photoFetcher = PhotoFetcher(origins: [try PhotoOrigin(base)], limits: PhotoFetcher.Limits(maxBytes: 1 << 20),
                                                  digest: { ContentHash.hex(digest: ContentHash.sha256($0)) })
        let running = try startService(configuration)
        let url = card("\(base)/files/rocket-portrait.jpg")
        let first = try fetch(running.port, url)
        XCTAssertEqual(first.status, 200, first.text)
        let tag = try XCTUnwrap(first.header("ETag"))
        let immediate = running.server.statistics.answeredImmediately

        let again = try fetch(running.port, url)
        XCTAssertEqual(again.status, 200)
        XCTAssertEqual(again.header("ETag"), tag, "the digest the fetcher kept is the one the decoded photo gave")
        XCTAssertEqual(again.body, first.body)
        let notModified = try fetch(running.port, url, headers: ["If-None-Match: \(tag)"])
        XCTAssertEqual(notModified.status, 304)
        XCTAssertEqual(running.server.statistics.answeredImmediately, immediate + 2, "the cached card or its 304 went to a worker")

        // Another size of the same photo is not in the PNG cache: a worker decodes and draws it.
        let story = try fetch(running.port, url + "&size=story")
        XCTAssertEqual(story.status, 200, story.text)
        XCTAssertNotEqual(story.header("ETag"), tag)
        XCTAssertEqual(running.server.statistics.answeredImmediately, immediate + 2)
        XCTAssertEqual(try fetch(running.port, url + "&size=story").body, story.body)
    }

    func testPhotoIsPartOfTheSignature() throws {
        let key = "a-signing-key-of-enough-length", now = 1_700_000_000
        let port = try service(signingKeys: [key], now: now)
        let signer = try URLSigner(keys: [key])
        let photo = "\(base)/files/rocket-portrait.jpg"
        let signed = try signer.sign(path: "/v1/cards/photo.png", items: [("title", "Launch"), ("photo", photo)], expires: now + 600)
        XCTAssertEqual(try fetch(port, signed).status, 200)
        // A photo added to (or swapped in) a URL signed without it breaks the signature.
        let bare = try signer.sign(path: "/v1/cards/photo.png", items: [("title", "Launch")], expires: now + 600)
        assertError(try fetch(port, bare + "&photo=" + QueryEncoding.encode(photo)), 403, "signature_invalid")
    }
}
