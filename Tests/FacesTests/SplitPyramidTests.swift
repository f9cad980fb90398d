import Faces
import Foundation
import Geometry
import Raster
import XCTest

/// The split pyramid (faces of twice the cascade's window and larger searched on a half-size
/// copy) against OpenCV's own pyramid with otherwise the standard settings.
final class SplitPyramidTests: XCTestCase {
    func testSplitPyramidFindsTheFacesOpenCVsOwnPyramidFinds() throws {
        // Every labelled face but the smallest is over twice the window at the working size, so
        // it is found on the half-size copy; its box must land where the whole pyramid puts it.
        let split = try FaceDetector()
        let whole = try FaceDetector(settings: try Self.standard(splitPyramid: false))
        XCTAssertTrue(split.settings.splitPyramid)
        for name in try FaceDetectionScoringTests.labels().keys.sorted() {
            let image = try FaceDetectionScoringTests.image(name)
            let a = try split.faces(in: image).map(\.bounds), b = try whole.faces(in: image).map(\.bounds)
            XCTAssertEqual(a.count, b.count, "\(name): split \(a), whole \(b)")
            for box in b {
                let best = a.map { intersectionOverUnion($0, box) }.max() ?? 0
                XCTAssertGreaterThanOrEqual(best, 0.7, "\(name): \(box) of the whole pyramid not matched (best IoU \(best)) in \(a)")
            }
        }
    }

    func testSplitPyramidCostsLessThanOpenCVsOwn() throws {
        // CPU time of the whole process (OpenCV searches on its own threads too), runs
        // interleaved so that load on a shared machine falls on both alike. The measured ratio
        // was about 0.7 with OpenCV's evaluator; with the plug-in's (whose side-by-side windows
        // gain most at the whole pyramid's 1-px stride) 0.77–0.79 optimised and 0.81–0.86 in a
        // debug build (docs/design.md, "Faces").
        let image = try FaceDetectionScoringTests.image("three-faces.png")
        let split = try FaceDetector()
        let whole = try FaceDetector(settings: try Self.standard(splitPyramid: false))
        var splitMilliseconds: [Double] = [], wholeMilliseconds: [Double] = []
        for _ in 0..<7 {
            splitMilliseconds.append(try Self.processCPUMilliseconds { _ = try split.faces(in: image) })
            wholeMilliseconds.append(try Self.processCPUMilliseconds { _ = try whole.faces(in: image) })
        }
        let ratio = Self.median(splitMilliseconds) / Self.median(wholeMilliseconds)
        print(String(format: "split pyramid: %.1f ms, whole pyramid: %.1f ms of CPU, ratio %.2f",
                     Self.median(splitMilliseconds), Self.median(wholeMilliseconds), ratio))
        XCTAssertLessThan(ratio, 0.9)
    }

    /// The standard settings with `splitPyramid` set.
    static func standard(splitPyramid: Bool) throws -> FaceDetector.Settings {
        let s = FaceDetector.Settings.standard
        return try FaceDetector.Settings(frontal: s.frontal, profiles: s.profiles, workingSidePixels: s.workingSidePixels,
                                         scaleFactor: s.scaleFactor, minNeighbors: s.minNeighbors, minFaceFraction: s.minFaceFraction,
                                         profileScaleFactor: s.profileScaleFactor, profileMinNeighbors: s.profileMinNeighbors,
                                         profileMinFaceFraction: s.profileMinFaceFraction, splitPyramid: splitPyramid,
                                         profileSplitPyramid: s.profileSplitPyramid)
    }

    static func processCPUMilliseconds(_ body: () throws -> Void) throws -> Double {
        func now() -> Double {
            var t = timespec()
            guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t) == 0 else { return 0 }
            return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
        }
        let start = now()
        try body()
        return now() - start
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
