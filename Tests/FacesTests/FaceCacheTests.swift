import Caching
import Faces
import Foundation
import Geometry
import Raster
import XCTest

/// The face cache: a key seen before runs no detection, any input the faces depend on tells
/// keys apart, the least recently used entry goes at the bound, 0 keeps nothing, and threads
/// sharing it all get the faces one detection finds.
final class FaceCacheTests: XCTestCase {
    static let settings = FaceDetector.Settings.standard
    static let cascades = ["/cascades/frontal.xml", "/cascades/profile.xml"]
    static let someFaces = [Face(bounds: Rect(x: 10, y: 20, width: 30, height: 30))]

    static func digest(_ last: UInt8 = 0) -> PhotoDigest {
        PhotoDigest(sha256: [UInt8](repeating: 7, count: 31) + [last])!
    }

    static func key(_ digest: PhotoDigest = digest(), width: Int = 807, height: Int = 512,
                    settings: FaceDetector.Settings = settings, cascades: [String] = cascades) -> FaceCache.Key {
        FaceCache.Key(photo: digest, decodedWidth: width, decodedHeight: height, settings: settings, cascadeFiles: cascades)
    }

    /// A detector stand-in that counts its calls and answers `faces`.
    final class CountingDetection: Sendable {
        let calls = LockedValue(0)
        let faces: [Face]
        init(_ faces: [Face] = FaceCacheTests.someFaces) { self.faces = faces }
        func callAsFunction() -> [Face] {
            calls.withLock { $0 += 1 }
            return faces
        }
        var count: Int { calls.withLock { $0 } }
    }

    func testASecondLookupRunsNoDetection() throws {
        let cache = try FaceCache(capacity: 4)
        let detect = CountingDetection()
        XCTAssertEqual(cache.faces(for: Self.key()) { detect() }, Self.someFaces)
        XCTAssertEqual(cache.faces(for: Self.key()) { detect() }, Self.someFaces)
        XCTAssertEqual(detect.count, 1)
        XCTAssertEqual(cache.statistics, FaceCache.Statistics(hits: 1, misses: 1, entries: 1, capacity: 4))
    }

    /// Each input the faces depend on, changed alone, is another key: another photo (its last
    /// digest byte), another decoded size (another DCT reduction), other settings, other cascades.
    func testEveryInputOfTheDetectionIsInTheKey() throws {
        let cache = try FaceCache(capacity: 16)
        let detect = CountingDetection()
        let keys = [Self.key(), Self.key(Self.digest(1)), Self.key(width: 505, height: 320), Self.key(width: 807, height: 513),
                    Self.key(settings: try FaceDetector.Settings(profiles: .never)),
                    Self.key(settings: try FaceDetector.Settings(minNeighbors: 5)),
                    Self.key(cascades: ["/other/frontal.xml", "/cascades/profile.xml"])]
        for key in keys { _ = cache.faces(for: key) { detect() } }
        XCTAssertEqual(detect.count, keys.count, "a changed input was answered from the cache")
        for key in keys { _ = cache.faces(for: key) { detect() } }
        XCTAssertEqual(detect.count, keys.count)
        XCTAssertEqual(cache.statistics.hits, keys.count)
    }

    func testTheLeastRecentlyUsedPhotoIsEvictedAtTheBound() throws {
        let cache = try FaceCache(capacity: 2)
        let detect = CountingDetection()
        let a = Self.key(Self.digest(1)), b = Self.key(Self.digest(2)), c = Self.key(Self.digest(3))
        _ = cache.faces(for: a) { detect() }
        _ = cache.faces(for: b) { detect() }
        _ = cache.faces(for: a) { detect() }  // a is now the most recently used
        _ = cache.faces(for: c) { detect() }  // evicts b
        XCTAssertEqual(detect.count, 3)
        XCTAssertEqual(cache.statistics.entries, 2)
        _ = cache.faces(for: a) { detect() }
        _ = cache.faces(for: c) { detect() }
        XCTAssertEqual(detect.count, 3, "a and c are held")
        _ = cache.faces(for: b) { detect() }
        XCTAssertEqual(detect.count, 4, "b was evicted")
    }

    func testZeroEntriesKeepsNothing() throws {
        let cache = try FaceCache(capacity: 0)
        let detect = CountingDetection()
        for _ in 0..<3 { XCTAssertEqual(cache.faces(for: Self.key()) { detect() }, Self.someFaces) }
        XCTAssertEqual(detect.count, 3)
        XCTAssertEqual(cache.statistics, FaceCache.Statistics(hits: 0, misses: 3, entries: 0, capacity: 0))
    }

    func testAFailedDetectionIsNotKept() throws {
        struct Failure: Error {}
        let cache = try FaceCache(capacity: 4)
        XCTAssertThrowsError(try cache.faces(for: Self.key()) { throw Failure() })
        let detect = CountingDetection()
        XCTAssertEqual(cache.faces(for: Self.key()) { detect() }, Self.someFaces)
        XCTAssertEqual(detect.count, 1)
    }

    func testCapacityOutsideTheRangeIsRefused() {
        for capacity in [-1, FaceCache.maxCapacity + 1] {
            XCTAssertThrowsError(try FaceCache(capacity: capacity)) { error in
                XCTAssertEqual((error as? FacesError)?.description,
                               "face detector settings: face cache entries \(capacity) is outside 0…\(FaceCache.maxCapacity)")
            }
        }
        XCTAssertEqual(try FaceCache().capacity, FaceCache.defaultCapacity)
    }

    func testADigestIsThirtyTwoBytes() {
        XCTAssertNil(PhotoDigest(sha256: [UInt8](repeating: 0, count: 31)))
        XCTAssertNil(PhotoDigest(sha256: [UInt8](repeating: 0, count: 33)))
        XCTAssertEqual(Self.digest(5), Self.digest(5))
        XCTAssertNotEqual(Self.digest(5), Self.digest(6))
        XCTAssertNotEqual(PhotoDigest(sha256: [1] + [UInt8](repeating: 0, count: 31)), PhotoDigest(sha256: [UInt8](repeating: 0, count: 32)))
    }

    /// Eight threads ask for one photo at once: every one gets the faces, each lookup is a hit
    /// or a detection, and afterwards the photo is held.
    func testThreadsSharingTheCacheGetTheSameFaces() throws {
        let cache = try FaceCache(capacity: 4)
        let detect = CountingDetection()
        let answers = LockedValue<[[Face]]>([])
        ConcurrentDetectionTests.together(8) { _ in
            let faces = cache.faces(for: Self.key()) { detect() }
            answers.withLock { $0.append(faces) }
        }
        XCTAssertEqual(answers.withLock { $0 }, [[Face]](repeating: Self.someFaces, count: 8))
        let statistics = cache.statistics
        XCTAssertEqual(statistics.hits + statistics.misses, 8)
        XCTAssertEqual(statistics.misses, detect.count)
        XCTAssertEqual(statistics.entries, 1)
        _ = cache.faces(for: Self.key()) { detect() }
        XCTAssertEqual(cache.statistics.hits, statistics.hits + 1)
    }

    /// With the real detector: the faces kept are the detector's, and a later lookup of the
    /// same photo and size does not detect.
    func testTheRealDetectorsFacesAreKept() throws {
        let detector = try FaceDetector(maxConcurrentSearches: 1)
        let image = try FaceDetectionScoringTests.image("three-faces.png")
        let expected = try detector.faces(in: image)
        XCTAssertEqual(expected.count, 3)
        let cache = try FaceCache(capacity: 4)
        let photo = Self.digest(9)
        XCTAssertEqual(try cache.faces(inPhoto: photo, decoded: image, detector: detector), expected)
        XCTAssertEqual(try cache.faces(inPhoto: photo, decoded: image, detector: detector), expected)
        XCTAssertEqual(cache.statistics, FaceCache.Statistics(hits: 1, misses: 1, entries: 1, capacity: 4))
        let held = cache.faces(for: FaceCache.Key(photo: photo, decoded: image, detector: detector)) { XCTFail("detected again"); return [] }
        XCTAssertEqual(held, expected)
        XCTAssertEqual(detector.cascadeFiles.count, 2)
        XCTAssertTrue(detector.cascadeFiles[0].hasSuffix(FaceCascade.haarAlt2.rawValue), "\(detector.cascadeFiles)")
    }
}
