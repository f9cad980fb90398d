import Foundation
import PhotoFetch
import TestSupport
import XCTest

/// Photos by URL against an origin server on 127.0.0.1 started by the test (origin_server.py):
/// the allow-list, redirects, time-outs, the byte limit, schemes and addresses.
final class PhotoFetcherTests: XCTestCase {
    var server: PhotoOriginServer!
    var port: Int { server.port }
    var base: String { server.base }

    override func setUpWithError() throws {
        server = try PhotoOriginServer()
    }

    override func tearDown() {
        server?.stop()
    }

    func fetcher(_ origins: [String], limits: PhotoFetcher.Limits = PhotoFetcher.Limits(maxBytes: 1 << 20)) throws -> PhotoFetcher {
        PhotoFetcher(origins: try origins.map { try PhotoOrigin($0) }, limits: limits)
    }

    func hits() throws -> Int {
        Int(String(decoding: try fetcher([base]).fetch("\(base)/hits?\(UUID())"), as: UTF8.self)) ?? -1
    }

    func refusal(_ fetcher: PhotoFetcher, _ url: String) -> PhotoFetchError? {
        do { _ = try fetcher.fetch(url); return nil } catch { return error }
    }

    func testListedOriginIsFetchedOnceThenCached() throws {
        let f = try fetcher([base])
        XCTAssertEqual(try f.fetch("\(base)/photo.jpg").count, 1000)
        XCTAssertEqual(try f.fetch("\(base)/photo.jpg").count, 1000)
        XCTAssertEqual(try hits(), 1)
        XCTAssertEqual(try f.fetch("\(base)/redirect-on").count, 1000, "a redirect within the list is followed")
    }

    func testOriginNotOnTheListIsNeverContacted() throws {
        for list in [["http://127.0.0.1:\(port + 1)"], ["https://127.0.0.1:\(port)"], ["https://media.example.com"], []] {
            guard case .notAllowed(let m)? = refusal(try fetcher(list), "\(base)/photo.jpg") else { return XCTFail("\(list)") }
            XCTAssertTrue(m.contains("not on the photo allow-list"), m)
        }
        XCTAssertEqual(try hits(), 0)
    }

    func testRedirectOffTheListIsRefused() throws {
        guard case .notAllowed(let m)? = refusal(try fetcher([base]), "\(base)/redirect-off") else { return XCTFail() }
        XCTAssertTrue(m.contains("127.0.0.2"), m)
    }

    func testSlowOriginTimesOut() throws {
        let f = try fetcher([base], limits: PhotoFetcher.Limits(maxBytes: 1 << 20, connectTimeoutMilliseconds: 500, totalTimeoutMilliseconds: 800))
        let start = Date()
        guard case .timedOut? = refusal(f, "\(base)/slow") else { return XCTFail() }
        XCTAssertLessThan(Date().timeIntervalSince(start), 2.5)
    }

    func testOversizedBodiesAreRefused() throws {
        for path in ["/big", "/big-stream"] {
            guard case .tooLarge? = refusal(try fetcher([base]), base + path) else { return XCTFail(path) }
        }
    }

    func testOtherSchemesAndBadURLsAreRefused() throws {
        let f = try fetcher([base])
        for url in ["file:///etc/passwd", "ftp://127.0.0.1:\(port)/photo.jpg", "gopher://127.0.0.1/", "//127.0.0.1/photo.jpg",
                    "http://user:pw@127.0.0.1:\(port)/photo.jpg", "photo.jpg", ""] {
            guard case .notAllowed? = refusal(f, url) else { return XCTFail(url) }
        }
    }

    func testHostNamesNeverReachInternalAddresses() throws {
        // localhost is on the list by name, but resolves only to loopback: not an address the
        // list names (only an IP-literal origin does that).
        guard case .notAllowed(let m)? = refusal(try fetcher(["http://localhost:\(port)"]), "http://localhost:\(port)/photo.jpg") else {
            return XCTFail()
        }
        XCTAssertTrue(m.contains("internal addresses"), m)
    }

    func testNon200AnswersFail() throws {
        guard case .failed(let m)? = refusal(try fetcher([base]), "\(base)/missing") else { return XCTFail() }
        XCTAssertTrue(m.contains("HTTP 404"), m)
    }

    func testOriginsAreValidated() throws {
        XCTAssertEqual(try PhotoOrigin("HTTPS://Media.Example.com").description, "https://media.example.com")
        XCTAssertEqual(try PhotoOrigin("http://127.0.0.1:8081/").description, "http://127.0.0.1:8081")
        for bad in ["media.example.com", "https://media.example.com/photos", "file:///tmp", "https://u@h.example", "https://h.example?q=1", "ftp://h.example"] {
            XCTAssertThrowsError(try PhotoOrigin(bad), bad)
        }
    }
}
