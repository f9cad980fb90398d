import Caching
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

    /// A redirect's Location is read whole: one over the 2,048-byte URL limit is refused with
    /// its length (it used to be cut to 2,047 bytes, and that other URL fetched), one of exactly
    /// 2,048 bytes is fetched as sent.
    func testLongRedirectTargetsAreReadWhole() throws {
        let f = try fetcher([base])
        guard case .failed(let m)? = refusal(f, "\(base)/redirect-long?5000") else { return XCTFail() }
        XCTAssertTrue(m.contains("bytes, over the 2048 allowed"), m)
        let exact = PhotoFetcher.maxURLBytes - base.utf8.count
        let body = try f.fetch("\(base)/redirect-long?\(exact)")
        XCTAssertEqual(body.count, exact, "the target the origin received: \(String(decoding: body.prefix(40), as: UTF8.self))…")
    }

    /// The total time-out bounds the whole fetch, redirects included, counted from when it
    /// was asked for: three hops of 0.4 s do not fit in 1 s (each hop had the whole second
    /// before), and a fetch asked for 1 s ago is not started.
    func testTheTotalTimeOutSpansRedirectsAndTheWaitBefore() throws {
        let f = try fetcher([base], limits: PhotoFetcher.Limits(maxBytes: 1 << 20, connectTimeoutMilliseconds: 500, totalTimeoutMilliseconds: 1000))
        XCTAssertEqual(try f.fetch("\(base)/slow-hop?1").count, 1000, "two hops fit")
        let start = Date()
        guard case .timedOut? = refusal(f, "\(base)/slow-hop?3") else { return XCTFail("four hops of 0.4 s fitted in 1 s") }
        XCTAssertLessThan(Date().timeIntervalSince(start), 1.6)
        do {
            _ = try f.fetch("\(base)/photo.jpg?late", since: .now - .seconds(1))
            XCTFail("a fetch whose time had run out was made")
        } catch {
            guard case .timedOut(let m) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(m.contains("waited"), m)
        }
        XCTAssertEqual(try hits(), 1, "only the two-hop fetch reached /photo.jpg")
    }

    /// URLs that differ only in Unicode normalisation are different URLs to the origin (libcurl
    /// sends their bytes), so the cache keeps them apart.
    func testTheCacheTellsURLsApartByTheirBytes() throws {
        let f = try fetcher([base])
        let composed = try f.fetch("\(base)/echo?caf\u{E9}")
        let decomposed = try f.fetch("\(base)/echo?cafe\u{301}")
        XCTAssertNotEqual(composed, decomposed)
        XCTAssertEqual(try hits(), 2)
    }

    /// Eight callers asking at once for a URL being fetched share one fetch: the origin serves
    /// it once (each used to fetch it for itself), and each gets the bytes.
    func testConcurrentCallersForOneURLShareOneFetch() throws {
        let f = try fetcher([base])
        let sizes = LockedValue<[Int]>([])
        let url = "\(base)/slow-hop?0"
        let group = DispatchGroup()
        for _ in 0..<8 {
            group.enter()
            Thread.detachNewThread {
                let size = (try? f.fetch(url))?.count ?? -1
                sizes.withLock { $0.append(size) }
                group.leave()
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(sizes.withLock { $0 }, Array(repeating: 1000, count: 8))
        XCTAssertEqual(try hits(), 1)
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
