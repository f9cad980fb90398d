import Faces
import Foundation
import Geometry
import Raster
import XCTest

/// The parallel search (the pyramid's levels divided between two classifiers searching at the
/// same time, the profile search's two directions likewise) against the same search one
/// classifier after the other: every window position is tried as before, so it must find the
/// very same windows, not merely similar faces.
final class ParallelSearchTests: XCTestCase {
    /// `settings` with `parallelSearch` set.
    static func with(_ s: FaceDetector.Settings, parallel: Bool, minNeighbors: Int? = nil, profiles: FaceDetector.Settings.ProfileSearch? = nil,
                     splitPyramid: Bool? = nil) throws -> FaceDetector.Settings {
        try FaceDetector.Settings(frontal: s.frontal, profiles: profiles ?? s.profiles, workingSidePixels: s.workingSidePixels,
                                  scaleFactor: s.scaleFactor, minNeighbors: minNeighbors ?? s.minNeighbors, minFaceFraction: s.minFaceFraction,
                                  profileScaleFactor: s.profileScaleFactor,
                                  profileMinNeighbors: minNeighbors ?? s.profileMinNeighbors,
                                  profileMinFaceFraction: s.profileMinFaceFraction, splitPyramid: splitPyramid ?? s.splitPyramid,
                                  profileSplitPyramid: s.profileSplitPyramid, parallelSearch: parallel)
    }

    func testTheStandardSettingsSearchInParallel() {
        XCTAssertTrue(FaceDetector.Settings.standard.parallelSearch)
    }

    func testParallelSearchFindsExactlyTheBoxesOfTheSequentialOne() throws {
        let standard = FaceDetector.Settings.standard
        let parallel = try FaceDetector(settings: standard)
        let sequential = try FaceDetector(settings: try Self.with(standard, parallel: false))
        for (name, image) in try ConcurrentDetectionTests.photos() {
            XCTAssertEqual(try parallel.faces(in: image), try sequential.faces(in: image), name)
        }
        XCTAssertEqual(sequential.pool.mostThreadsInOneSearch, 1, "a sequential search runs on the calling thread")
    }

    func testParallelSearchFindsTheSameRawWindows() throws {
        // With 0 neighbours nothing is grouped away: every window the cascades accept comes back,
        // so this compares the searches window for window — the whole pyramid and the split one,
        // the profile cascade both ways included.
        let standard = FaceDetector.Settings.standard
        for split in [true, false] {
            let raw = { (parallel: Bool) in
                try FaceDetector(settings: try Self.with(standard, parallel: parallel, minNeighbors: 0, profiles: .always, splitPyramid: split))
            }
            let parallel = try raw(true), sequential = try raw(false)
            var windows = 0
            for (name, image) in try ConcurrentDetectionTests.photos() {
                let a = try parallel.faces(in: image), b = try sequential.faces(in: image)
                XCTAssertEqual(a, b, "\(name), split \(split): \(a.count) windows in parallel, \(b.count) one after the other")
                windows += b.count
            }
            XCTAssertGreaterThan(windows, 100, "the cascades accept windows on the labelled photos")
        }
    }

    func testTheHalvesRunOnTwoThreads() throws {
        // Whether OpenCV's pool takes the second half before the calling thread is free for it is
        // up to the scheduler, so this searches until a search has run on two threads (the first,
        // nearly always), within a bound that only a search never given a second thread reaches.
        let detector = try FaceDetector()
        let image = try FaceDetectionScoringTests.image("three-faces.png")
        let threads = detector.pool.openCVThreads
        var searches = 0
        repeat {
            _ = try detector.faces(in: image)
            searches += 1
        } while detector.pool.mostThreadsInOneSearch < min(threads, 2) && searches < 200
        XCTAssertEqual(detector.pool.mostThreadsInOneSearch, min(threads, 2),
                       "\(searches) searches with OpenCV on \(threads) threads: \(detector.pool)")
    }
}
