import Caching
@testable import CardService
import Faces
import Foundation
import HTTPServer
import HTTPTypes
import PhotoFetch
import TestSupport
import XCTest

/// The server's face cache over loopback: photo cards by URL (from an origin on 127.0.0.1
/// started by the test) and by upload detect once per photo, with the same bytes as a cold
/// card, counted in `/metrics`; concurrent first requests detect at most once per worker.
final class FaceCacheServiceTests: XCTestCase {
    var origin: PhotoOriginServer!

    override func setUpWithError() throws {
        origin = try PhotoOriginServer(filesDirectory: Repository.path("Tests/CardsTests/Fixtures"))
    }

    override func tearDown() {
        origin?.stop()
    }

    /// A service fetching from the test's origin, without the PNG cache (so every request
    /// renders and looks its photo's faces up), with `faceCache`.
    func service(faceCache: FaceCache?, workers: Int = 2) throws -> Int {
        var configuration = try Repository.configuration()
        configuration.cacheBytes = 0
        configuration.faceCache = faceCache
        configuration.photoFetcher = PhotoFetcher(origins: [try PhotoOrigin(origin.base)])
        return try startService(configuration, server: try serverConfiguration(workers: workers, maxBodyBytes: 10 << 20)).port
    }

    func card(title: String, size: String? = nil) -> String {
        "/v1/cards/photo.png?title=\(title)&photo=" + QueryEncoding.encode("\(origin.base)/files/three-faces.jpg") + (size.map { "&size=\($0)" } ?? "")
    }

    /// `name`'s value in the `/metrics` text.
    func metric(_ port: Int, _ name: String) throws -> Int {
        let text = try fetch(port, "/metrics").text
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix(name + " ") }, "no \(name) in /metrics")
        return try XCTUnwrap(Int(line.dropFirst(name.count + 1)))
    }

    func testARepeatedPhotoURLDetectsOnceAndDrawsTheSameCard() throws {
        let port = try service(faceCache: try FaceCache(capacity: 16))
        let cold = try fetch(port, card(title: "Reunion"))
        XCTAssertEqual(cold.status, 200, cold.text)
        for (title, size) in [("Reunion", nil), ("Another", nil), ("Reunion", "og"), ("Reunion", "square")] {
            XCTAssertEqual(try fetch(port, card(title: title, size: size)).status, 200)
        }
        XCTAssertEqual(try metric(port, "sharecard_face_cache_misses_total"), 1)
        XCTAssertEqual(try metric(port, "sharecard_face_cache_hits_total"), 4)
        XCTAssertEqual(try metric(port, "sharecard_face_cache_entries"), 1)
        XCTAssertEqual(try fetch(port, card(title: "Reunion")).body, cold.body, "a warm card differs from the cold one")
    }

    /// Eight requests for one new photo at once, on two workers: every card is the same, and at
    /// most one detection per worker ran before the first was kept.
    func testConcurrentRequestsForOnePhoto() throws {
        let port = try service(faceCache: try FaceCache(capacity: 16))
        let bodies = LockedValue<[[UInt8]]>([])
        let target = card(title: "Together")
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let response = try? fetch(port, target)
            bodies.withLock { $0.append(response?.status == 200 ? response!.body : []) }
        }
        let all = bodies.withLock { $0 }
        XCTAssertEqual(all.count, 8)
        XCTAssertFalse(all[0].isEmpty)
        XCTAssertEqual(Set(all).count, 1, "the cards differ")
        let misses = try metric(port, "sharecard_face_cache_misses_total")
        XCTAssertTrue((1...2).contains(misses), "\(misses) detections")
        XCTAssertEqual(misses + (try metric(port, "sharecard_face_cache_hits_total")), 8)
        XCTAssertEqual(try fetch(port, card(title: "Together")).body, all[0])
        XCTAssertEqual(try metric(port, "sharecard_face_cache_misses_total"), misses)
    }

    func testAnUploadedPhotoSeenBeforeDetectsNothing() throws {
        let port = try service(faceCache: try FaceCache(capacity: 16))
        let photo = try PhotoUploadTests.fixture("Tests/CardsTests/Fixtures/three-faces.jpg")
        func post(_ title: String) throws -> HTTPWireResponse {
            try LoopbackHTTPClient(port: port).request(
                "POST", "/v1/cards", headers: ["Content-Type: multipart/form-data; boundary=\(PhotoUploadTests.boundary)", "Accept: image/png"],
                body: PhotoUploadTests.body([PhotoUploadTests.event(#"{"title": "\#(title)", "template": "photo"}"#), PhotoUploadTests.photo(photo)]))
        }
        let cold = try post("Upload")
        XCTAssertEqual(cold.status, 200, cold.text)
        XCTAssertEqual(try post("Upload").body, cold.body)
        XCTAssertEqual(try post("Other").status, 200)
        // The same photo by URL is the same bytes: the same entry.
        XCTAssertEqual(try fetch(port, card(title: "Upload")).status, 200)
        XCTAssertEqual(try metric(port, "sharecard_face_cache_misses_total"), 1)
        XCTAssertEqual(try metric(port, "sharecard_face_cache_hits_total"), 3)
    }

    func testZeroEntriesDetectsEveryTime() throws {
        let port = try service(faceCache: try FaceCache(capacity: 0))
        for title in ["One", "Two", "Three"] { XCTAssertEqual(try fetch(port, card(title: title)).status, 200) }
        XCTAssertEqual(try metric(port, "sharecard_face_cache_misses_total"), 3)
        XCTAssertEqual(try metric(port, "sharecard_face_cache_hits_total"), 0)
        XCTAssertEqual(try metric(port, "sharecard_face_cache_entries"), 0)
    }
}
