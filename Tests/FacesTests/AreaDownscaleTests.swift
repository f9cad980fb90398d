@testable import Faces
import XCTest

/// The plug-in's area resampler against OpenCV's `cv::resize(INTER_AREA)`: the same bytes for
/// the sizes the detector meets (photos decoded at four times the working side or more, shrunk
/// to it; the split pyramid's half-size copy) and for any other size, including the ratios
/// OpenCV resamples another way. (`bench/area_exact.sh` runs a larger random grid.)
final class AreaDownscaleTests: XCTestCase {
    /// Grey noise from a fixed seed (a linear congruential generator).
    static func noise(count: Int, seed: UInt32) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(state >> 24)
        }
    }

    func assertSameBytes(_ pixels: [UInt8], width: Int, height: Int, strideBytes: Int? = nil, to outWidth: Int, _ outHeight: Int,
                         file: StaticString = #filePath, line: UInt = #line) throws {
        let ours = try AreaDownscale.grey(pixels, width: width, height: height, strideBytes: strideBytes, outWidth: outWidth,
                                          outHeight: outHeight, by: .plugIn)
        let opencv = try AreaDownscale.grey(pixels, width: width, height: height, strideBytes: strideBytes, outWidth: outWidth,
                                            outHeight: outHeight, by: .openCV)
        let differing = zip(ours, opencv).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "\(width)×\(height) → \(outWidth)×\(outHeight): \(differing) bytes differ", file: file, line: line)
    }

    func testTheDetectorsSizesMakeOpenCVsBytes() throws {
        // Working copies (352 px) of photos decoded at 1–11× that, landscape and portrait, and
        // their half-size copies; a ratio just over 1; whole ratios (OpenCV's own fast path).
        for (width, height, outWidth, outHeight) in [(1024, 683, 352, 235), (1408, 939, 352, 235), (2016, 1512, 352, 264), (4032, 3024, 352, 264),
                                                     (1512, 2016, 264, 352), (3888, 2592, 352, 235), (352, 235, 176, 118), (353, 100, 352, 100),
                                                     (704, 470, 352, 235), (1056, 705, 352, 235), (1500, 7, 352, 2), (41, 3000, 5, 352)] {
            try assertSameBytes(Self.noise(count: width * height, seed: UInt32(width * 7 + height)), width: width, height: height,
                                to: outWidth, outHeight)
        }
    }

    func testExtremesAndRowGapsMakeOpenCVsBytes() throws {
        // All white (a cell's weights sum to a hair over 1), all black, and rows with bytes
        // between them that are not part of the image.
        for value: UInt8 in [0, 255] {
            try assertSameBytes([UInt8](repeating: value, count: 1000 * 667), width: 1000, height: 667, to: 352, 235)
        }
        try assertSameBytes(Self.noise(count: 1030 * 683, seed: 9), width: 1024, height: 683, strideBytes: 1030, to: 352, 235)
    }

    func testRandomSizesMakeOpenCVsBytes() throws {
        var state: UInt32 = 20_261_201
        func next(_ bound: Int) -> Int {
            state = state &* 1_664_525 &+ 1_013_904_223
            return Int(state >> 8) % bound
        }
        for trial in 0..<150 {
            let width = 1 + next(900), height = 1 + next(700)
            let outWidth = 1 + next(width), outHeight = 1 + next(height)
            try assertSameBytes(Self.noise(count: width * height, seed: UInt32(trial)), width: width, height: height, to: outWidth, outHeight)
        }
    }

    func testBadArgumentsAreRefused() throws {
        XCTAssertThrowsError(try AreaDownscale.grey([0, 0, 0], width: 2, height: 2, outWidth: 1, outHeight: 1, by: .plugIn))
        XCTAssertThrowsError(try AreaDownscale.grey([0, 0, 0, 0], width: 2, height: 2, outWidth: 0, outHeight: 1, by: .plugIn))
    }
}
