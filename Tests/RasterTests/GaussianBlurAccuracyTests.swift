import Foundation
@testable import Raster
import TestSupport
import XCTest

/// How far the blur (three box passes, 8-bit between passes) is from the exact Gaussian it
/// stands for: the kernel sampled at whole pixels out to 5σ, normalised, applied separably
/// in floating point with the same edge rule. The bounds asserted are the measured errors
/// rounded up: on a hard black/white edge at most 4 levels (mean ≤ 0.8); on per-pixel noise,
/// which no photo drawn on a card has, single pixels up to 27 levels off (mean ≤ 1.3), the
/// box passes' flat tops and their repeated edges (each pass extends its own input's
/// border, not the original's) showing.
final class GaussianBlurAccuracyTests: XCTestCase {
    var rng = SeededGenerator(seed: 0xB1A5)

    /// The channel values of an opaque grey image (value in every colour channel).
    func greyImage(width: Int, height: Int, _ value: (Int, Int) -> UInt8) throws -> Image {
        let pixels = (0..<width * height).map { i -> UInt32 in
            let v = UInt32(value(i % width, i / width))
            return 0xFF00_0000 | v << 16 | v << 8 | v
        }
        return try Image(width: width, height: height, premultipliedARGB: pixels)
    }

    /// The exact Gaussian blur of one plane, edges extended.
    func exactGaussian(_ plane: [Double], width: Int, height: Int, sigma: Double) -> [Double] {
        let reach = Int((5 * sigma).rounded(.up))
        var kernel = (-reach...reach).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        func pass(_ input: [Double], along horizontal: Bool) -> [Double] {
            var output = [Double](repeating: 0, count: input.count)
            for y in 0..<height {
                for x in 0..<width {
                    var sum = 0.0
                    for k in -reach...reach {
                        let sx = horizontal ? min(max(x + k, 0), width - 1) : x
                        let sy = horizontal ? y : min(max(y + k, 0), height - 1)
                        sum += kernel[k + reach] * input[sy * width + sx]
                    }
                    output[y * width + x] = sum
                }
            }
            return output
        }
        return pass(pass(plane, along: true), along: false)
    }

    /// Largest and mean difference, in levels, between the filter and the exact Gaussian.
    func errors(_ image: Image, sigma: Double) -> (max: Double, mean: Double) {
        let blurred = image.applying(.gaussianBlur(sigma: sigma, extendEdges: true))
        let plane = image.premultipliedARGB.map { Double($0 & 0xFF) }
        let exact = exactGaussian(plane, width: image.width, height: image.height, sigma: sigma)
        let differences = zip(blurred.premultipliedARGB, exact).map { abs(Double($0.0 & 0xFF) - $0.1) }
        return (differences.max()!, differences.reduce(0, +) / Double(differences.count))
    }

    func testHardEdgeIsWithinBoundsOfTheExactGaussian() throws {
        let edge = try greyImage(width: 96, height: 8) { x, _ in x < 48 ? 0 : 255 }
        // σ 1.93: the photo template's blur of 2 on a 1060-pixel photo drawn 1024 wide.
        for (sigma, maxBound, meanBound) in [(1.93, 2.6, 0.2), (2.0, 3.9, 0.24), (4.0, 2.3, 0.27), (12.0, 2.2, 0.78)] {
            let e = errors(edge, sigma: sigma)
            XCTAssertLessThanOrEqual(e.max, maxBound, "σ \(sigma)")
            XCTAssertLessThanOrEqual(e.mean, meanBound, "σ \(sigma)")
        }
    }

    /// With transparent edges, an opaque white square fades at its edges as the exact Gaussian
    /// with nothing around it does: 133 at the edge pixel for σ 10, where the box passes cut
    /// to the image each time gave 88.
    func testTransparentEdgesFadeAsTheExactGaussian() throws {
        let size = 64
        let white = try greyImage(width: size, height: size) { _, _ in 255 }
        // Measured: 8.3 levels at σ 2 (three boxes are a coarse Gaussian there), 3.4 at σ 5, 2.8
        // at σ 10; with the passes cut to the image, 45 at σ 10.
        for (sigma, maxBound) in [(2.0, 8.5), (5.0, 3.5), (10.0, 3.0)] {
            let blurred = white.applying(.gaussianBlur(sigma: sigma, extendEdges: false))
            // The exact blur of ones with zeros around: the kernel's weight inside, per axis.
            let reach = Int((5 * sigma).rounded(.up))
            let kernel = (-reach...reach).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
            let total = kernel.reduce(0, +)
            let inside = (0..<size).map { x in (-reach...reach).filter { (0..<size).contains(x + $0) }.map { kernel[$0 + reach] }.reduce(0, +) / total }
            var worst = 0.0
            for y in 0..<size {
                for x in 0..<size {
                    let exact = 255 * inside[x] * inside[y]
                    worst = max(worst, abs(Double(blurred.premultipliedARGB[y * size + x] >> 24) - exact))
                }
            }
            XCTAssertLessThanOrEqual(worst, maxBound, "σ \(sigma)")
        }
    }

    func testNoiseIsWithinBoundsOfTheExactGaussian() throws {
        let noise = try greyImage(width: 64, height: 64) { _, _ in UInt8.random(in: 0...255, using: &rng) }
        for (sigma, maxBound, meanBound) in [(1.93, 26.5, 1.23), (4.0, 18.8, 0.82), (12.0, 19.3, 1.18)] {
            let e = errors(noise, sigma: sigma)
            XCTAssertLessThanOrEqual(e.max, maxBound, "σ \(sigma)")
            XCTAssertLessThanOrEqual(e.mean, meanBound, "σ \(sigma)")
        }
    }
}
