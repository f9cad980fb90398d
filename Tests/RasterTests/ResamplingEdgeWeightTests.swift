import XCTest
@testable import Raster

/// A blurred photo is resampled a blur's reach past its frame, so some output pixels are
/// centred outside the source. Their weights must stay those of a filter (bounded), or the
/// fixed-point sums overflow `Int32` and the edge of the photo wraps to garbage.
final class ResamplingEdgeWeightTests: XCTestCase {
    private let one = Double(1 << ResamplingAxis.precisionBits)

    /// Every output's weights sum to 1, wherever its centre lies, and its positive weights to
    /// less than 1.5: the C kernels add 255 × weight in `Int32` with 22 fraction bits, which
    /// overflows once the positive (or negative) weights pass about 2.0. A Lanczos-3 window cut
    /// at the edge and renormalised (Pillow's rule, inside the source) stays near 1.3.
    func testWeightsStayBoundedForCentresPastTheEdges() {
        var largest = 0.0
        for step in [1.0, 1.25, 2.5, 3.3] {
            for hundredths in stride(from: -1200, through: 0, by: 7) {
                let origin = Double(hundredths) / 100
                let axis = ResamplingAxis(sourceLength: 300, outputCount: 12, sourceOrigin: origin, sourcePerOutput: step)
                for i in 0..<axis.outputCount {
                    let w = axis.weights[(i * axis.taps)..<((i + 1) * axis.taps)].map(Double.init)
                    let sum = w.reduce(0, +) / one, positive = w.filter { $0 > 0 }.reduce(0, +) / one
                    XCTAssertEqual(sum, 1, accuracy: 1e-5, "step \(step), origin \(origin), output \(i)")
                    XCTAssertLessThan(positive, 1.5, "step \(step), origin \(origin), output \(i)")
                    largest = max(largest, positive)
                }
            }
        }
        XCTAssertGreaterThan(largest, 1, "the scan reaches windows cut by the edge")
    }

    /// An output centred outside the source repeats the nearest edge pixel, as the blur's own
    /// extended edges do.
    func testCentresOutsideTakeTheNearestEdgePixel() {
        let axis = ResamplingAxis(sourceLength: 300, outputCount: 4, sourceOrigin: -6, sourcePerOutput: 1)
        for i in 0..<4 {
            XCTAssertEqual(axis.first[i], 0)
            XCTAssertEqual(axis.weights[i * axis.taps], Int32(one), "output \(i) centred at \(-6 + Double(i) + 0.5)")
        }
        let right = ResamplingAxis(sourceLength: 300, outputCount: 4, sourceOrigin: 301, sourcePerOutput: 1)
        for i in 0..<4 {
            XCTAssertEqual(right.first[i] + right.taps - 1, 299)
            XCTAssertEqual(right.weights[(i + 1) * right.taps - 1], Int32(one))
        }
    }
}
