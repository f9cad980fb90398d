import Caching
import Faces
import Foundation
import Geometry
import Raster
import XCTest

/// One detector shared by several threads, as the server's workers share it: each search has
/// classifiers of its own from the detector's pool, so searches overlap in time and every
/// result is the one a single thread finds.
final class ConcurrentDetectionTests: XCTestCase {
    /// Every labelled photo, with and without faces (the profile fallback runs on the faceless ones).
    static func photos() throws -> [(name: String, image: Image)] {
        try FaceDetectionScoringTests.labels().keys.sorted().map { ($0, try FaceDetectionScoringTests.image($0)) }
    }

    /// Runs `body(thread)` on `threads` threads started together, and waits for them all.
    static func together(_ threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let started = DispatchSemaphore(value: 0), go = DispatchSemaphore(value: 0), done = DispatchGroup()
        for index in 0..<threads {
            done.enter()
            Thread {
                started.signal()
                go.wait()
                body(index)
                done.leave()
            }.start()
        }
        for _ in 0..<threads { started.wait() }
        for _ in 0..<threads { go.signal() }
        done.wait()
    }

    func testConcurrentSearchesFindWhatOneThreadFindsAndOverlap() throws {
        let photos = try Self.photos()
        let alone = try FaceDetector(maxConcurrentSearches: 1)
        let expected = try photos.map { try alone.faces(in: $0.image) }
        XCTAssertEqual(alone.pool.mostSearching, 1)

        let shared = try FaceDetector(maxConcurrentSearches: 4)
        XCTAssertEqual(shared.pool.classifiers, 1, "only the first classifier set is loaded up front")
        let results = LockedValue<[String: [[Face]]]>([:])
        let failures = LockedValue<[String]>([])
        // Each thread starts at another photo, so different photos are searched at once too.
        Self.together(4) { thread in
            for step in 0..<photos.count {
                let index = (thread * 2 + step) % photos.count
                do {
                    let faces = try shared.faces(in: photos[index].image)
                    results.withLock { $0[photos[index].name, default: []].append(faces) }
                } catch {
                    failures.withLock { $0.append("\(photos[index].name): \(error)") }
                }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, [])
        let found = results.withLock { $0 }
        for (index, photo) in photos.enumerated() {
            XCTAssertEqual(found[photo.name]?.count, 4, "\(photo.name) searched once per thread")
            for faces in found[photo.name] ?? [] {
                XCTAssertEqual(faces, expected[index], "\(photo.name): a concurrent search found other faces")
            }
        }
        let pool = shared.pool
        XCTAssertGreaterThanOrEqual(pool.mostSearching, 2, "searches ran one at a time: \(pool)")
        XCTAssertLessThanOrEqual(pool.mostSearching, 4)
        XCTAssertEqual(pool.classifiers, pool.mostSearching, "a classifier set is loaded only for a search that needs it")
        XCTAssertEqual(pool.searching, 0)
    }

    func testThePoolNeverRunsMoreSearchesThanItsBound() throws {
        let image = try FaceDetectionScoringTests.image("obama.png")
        let detector = try FaceDetector(maxConcurrentSearches: 2)
        let expected = try FaceDetector(maxConcurrentSearches: 1).faces(in: image)
        let wrong = LockedValue(0)
        Self.together(5) { _ in
            for _ in 0..<2 where (try? detector.faces(in: image)) != expected { wrong.withLock { $0 += 1 } }
        }
        XCTAssertEqual(wrong.withLock { $0 }, 0)
        let pool = detector.pool
        XCTAssertEqual(pool.capacity, 2)
        XCTAssertEqual(pool.mostSearching, 2, "five callers share two classifier sets: \(pool)")
        XCTAssertEqual(pool.classifiers, 2)
    }

    func testABadBoundIsRefused() {
        for bound in [0, -1, 257] {
            XCTAssertThrowsError(try FaceDetector(maxConcurrentSearches: bound), "\(bound)") { error in
                guard case FacesError.invalidSettings(let message) = error else { return XCTFail("\(error)") }
                XCTAssertTrue(message.contains("\(bound)"), message)
            }
        }
    }

    /// The default bound follows the core count but stays inside what the plug-in accepts, so
    /// `FaceDetector()` works on a machine with more cores than that.
    func testTheDefaultBoundStaysInsideTheAcceptedRange() {
        XCTAssertEqual(FaceDetector.maxConcurrentSearches(cores: 4), 4)
        XCTAssertEqual(FaceDetector.maxConcurrentSearches(cores: 0), 1)
        XCTAssertEqual(FaceDetector.maxConcurrentSearches(cores: 512), 256)
        XCTAssertNoThrow(try FaceDetector(maxConcurrentSearches: FaceDetector.maxConcurrentSearches(cores: 512)))
    }
}
