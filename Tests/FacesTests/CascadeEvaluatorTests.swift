@testable import Faces
import Foundation
import Geometry
import Raster
import XCTest

/// The plug-in's Haar evaluator (eight windows at a time, and one at a time) against OpenCV's
/// `detectMultiScale`: the same windows, every one, on the labelled photos and on noise and
/// flat images, for both cascades the detector uses, mirrored, and for the split pyramid's two
/// searches. (`bench/haar_exact.sh` runs a larger grid of sizes, steps and size limits.)
final class CascadeEvaluatorTests: XCTestCase {
    static func cascadePath(_ cascade: FaceCascade) throws -> String {
        guard let path = cascade.path() else { throw XCTSkip("\(cascade.rawValue) not installed (opencv-data)") }
        return path
    }

    /// 0…255 grey noise from a fixed seed (a linear congruential generator), as opaque pixels.
    static func noise(width: Int, height: Int) throws -> Image {
        var state: UInt32 = 20_261_201
        let pixels = (0..<width * height).map { _ -> UInt32 in
            state = state &* 1_664_525 &+ 1_013_904_223
            let v = state >> 24
            return 0xFF00_0000 | v << 16 | v << 8 | v
        }
        return try Image(width: width, height: height, premultipliedARGB: pixels)
    }

    static func flat(width: Int, height: Int) throws -> Image {
        try Image(width: width, height: height, premultipliedARGB: [UInt32](repeating: 0xFF80_8080, count: width * height))
    }

    /// Asserts that the plug-in's evaluators (eight at a time in the widest build this processor
    /// runs and in the AVX2 build, one at a time) return OpenCV's boxes for `search`; returns how
    /// many.
    @discardableResult
    func assertSameWindows(_ search: CascadeSearch, _ image: Image, _ cascade: FaceCascade, _ what: String) throws -> Int {
        let path = try Self.cascadePath(cascade)
        var s = search
        s.evaluator = .openCV
        let expected = try s.boxes(in: image, cascadePath: path)
        for evaluator in [CascadeSearch.Evaluator.eightAtATime, .eightAtATimeAVX2, .oneAtATime] {
            s.evaluator = evaluator
            let found = try s.boxes(in: image, cascadePath: path)
            XCTAssertEqual(found, expected, "\(what), \(cascade), \(evaluator): \(found.count) boxes against OpenCV's \(expected.count)")
        }
        return expected.count
    }

    func testSameWindowsAsOpenCVOnTheLabelledPhotos() throws {
        let names = try FaceDetectionScoringTests.labels().keys.sorted()
        var windows = 0
        for name in names {
            let image = try FaceDetectionScoringTests.image(name)
            for mirrored in [false, true] {
                // The frontal search's split pyramid (below twice the window; the half-size copy)
                // and the profile search's whole pyramid, at the standard working side.
                let side = 352, sixteenth = 22, eighth = 44
                windows += try assertSameWindows(CascadeSearch(evaluator: .openCV, workingSidePixels: side, mirrored: mirrored, scaleFactor: 1.1,
                                                               minSidePixels: sixteenth, maxSidePixels: 39), image, .haarAlt2, "\(name) mirrored \(mirrored)")
                windows += try assertSameWindows(CascadeSearch(evaluator: .openCV, workingSidePixels: side, mirrored: mirrored, half: true, scaleFactor: 1.1,
                                                               minSidePixels: 20), image, .haarAlt2, "\(name) half, mirrored \(mirrored)")
                windows += try assertSameWindows(CascadeSearch(evaluator: .openCV, workingSidePixels: side, mirrored: mirrored, scaleFactor: 1.1,
                                                               minSidePixels: eighth), image, .haarProfile, "\(name) mirrored \(mirrored)")
            }
        }
        // Faces are there to be found: the comparison is not between empty lists.
        XCTAssertGreaterThan(windows, 300)
    }

    func testSameWindowsAsOpenCVAtOtherSizesAndSteps() throws {
        let image = try FaceDetectionScoringTests.image("three-faces.png")
        // Odd and even working sides (an odd number of window rows changes which rows OpenCV's
        // stripes try), coarse and fine steps, size limits that leave one level or none.
        for (side, factor, minSide, maxSide) in [(200, 1.3, 0, 0), (257, 1.05, 0, 60), (389, 1.2, 31, 0), (300, 1.15, 40, 40), (333, 1.25, 100, 0)] {
            let search = CascadeSearch(evaluator: .openCV, workingSidePixels: side, scaleFactor: factor, minSidePixels: minSide, maxSidePixels: maxSide)
            try assertSameWindows(search, image, .haarAlt2, "three-faces at \(side) px, factor \(factor), \(minSide)…\(maxSide)")
            try assertSameWindows(search, image, .haarProfile, "three-faces at \(side) px, factor \(factor), \(minSide)…\(maxSide)")
        }
        // Grouped as the detector's profile search groups them.
        var grouped = CascadeSearch(evaluator: .openCV, workingSidePixels: 352, scaleFactor: 1.1, minSidePixels: 22)
        grouped.minNeighbors = 4
        XCTAssertEqual(try assertSameWindows(grouped, image, .haarAlt2, "three-faces grouped"), 3)
    }

    func testSameWindowsAsOpenCVOnNoiseAndFlatImages() throws {
        // Noise: windows of every variance, a few accepted; flat: every window rejected before
        // its first stage (no variance), which must not skip its neighbour.
        let noise = try Self.noise(width: 320, height: 240), flat = try Self.flat(width: 320, height: 240)
        for cascade in [FaceCascade.haarAlt2, .haarProfile] {
            for factor in [1.05, 1.1] {
                let search = CascadeSearch(evaluator: .openCV, workingSidePixels: 0, scaleFactor: factor, minSidePixels: 0)
                try assertSameWindows(search, noise, cascade, "noise, factor \(factor)")
                XCTAssertEqual(try assertSameWindows(search, flat, cascade, "flat, factor \(factor)"), 0)
            }
        }
    }

    func testACascadeTheEvaluatorDoesNotTakeIsRefusedByNameAndTheDetectorStillSearches() throws {
        // An LBP cascade: the evaluator refuses it, and a detector with it searches with OpenCV's.
        let lbp = try Self.cascadePath(.lbp)
        let image = try FaceDetectionScoringTests.image("obama.png")
        let search = CascadeSearch(evaluator: .eightAtATime, workingSidePixels: 352, scaleFactor: 1.1, minSidePixels: 22)
        XCTAssertThrowsError(try search.boxes(in: image, cascadePath: lbp)) { error in
            XCTAssertTrue("\(error)".contains("not a Haar cascade"), "\(error)")
        }
        let detector = try FaceDetector(settings: try .init(frontal: .lbp, profiles: .never))
        XCTAssertEqual(try detector.faces(in: image).count, 1)
    }

    func testHostileCascadesAreRefusedWithTheirProblemNamed() throws {
        // A Haar cascade whose rectangle lies outside its window, one whose tree leads outside
        // itself, and one that is not a cascade: each refused before any search reads memory.
        let alt2 = try String(contentsOfFile: try Self.cascadePath(.haarAlt2), encoding: .utf8)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-evaluator-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let firstRect = try XCTUnwrap(alt2.range(of: "<rects>\n        <_>\n          "))
        let outside = alt2.replacingCharacters(in: firstRect.upperBound..<alt2.index(firstRect.upperBound, offsetBy: 1), with: "19")
        let firstTree = try XCTUnwrap(alt2.range(of: "<internalNodes>\n            0 1 0"))
        let leading = alt2.replacingCharacters(in: firstTree, with: "<internalNodes>\n            0 7 0")
        let image = try FaceDetectionScoringTests.image("obama.png")
        let search = CascadeSearch(evaluator: .eightAtATime, workingSidePixels: 352, scaleFactor: 1.1, minSidePixels: 22)
        for (name, text, problem) in [("outside.xml", outside, "a rectangle outside the window"), ("leading.xml", leading, "a node leading outside its tree"),
                                      ("empty.xml", "<?xml version=\"1.0\"?>\n<opencv_storage>\n</opencv_storage>\n", "no cascade in the file")] {
            let path = directory.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try search.boxes(in: image, cascadePath: path), name) { error in
                XCTAssertTrue("\(error)".contains(problem), "\(name): \(error)")
            }
        }
    }
}
