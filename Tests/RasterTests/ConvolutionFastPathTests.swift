import CPixman
import Foundation
import Geometry
@testable import Raster
import XCTest

/// An image shrunk without rotation or skew is convolved by the project's own kernel
/// (`Image.convolvedLikePixman`) instead of pixman's general affine fetcher. It claims the
/// same bytes, so every case here draws both ways (`ownKernels: false` is pixman alone) onto
/// the same busy canvas and compares every pixel.
final class ConvolutionFastPathTests: XCTestCase {
    /// A canvas whose pixels all differ, so that a blend or a copy in the wrong place shows.
    static func busyCanvas(width: Double, height: Double, scale: Double = 1) throws -> Canvas {
        let canvas = try Canvas(size: Size(width: width, height: height), scale: scale)
        canvas.draw(try OpaqueCompositeTests.noise(width: canvas.pixelWidth, height: canvas.pixelHeight) { x, y in UInt32((x * 7 + y * 13) % 256) },
                    atDevicePixelX: 0, y: 0)
        return canvas
    }

    /// Draws `image` with `transform` on two copies of the same canvas, once through the
    /// fast path and once through pixman, and requires the same pixels.
    func assertSameAsPixman(_ image: Image, transform: Transform, canvasSize: Size = Size(width: 64, height: 48), scale: Double = 1,
                            clip: ((Canvas) -> CoverageMask)? = nil, extendEdges: Bool = false,
                            _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        var results: [[UInt32]] = []
        for ownKernels in [true, false] {
            let canvas = try Self.busyCanvas(width: canvasSize.width, height: canvasSize.height, scale: scale)
            canvas.draw(image, transform: transform, clip: clip?(canvas), extendEdges: extendEdges, ownKernels: ownKernels)
            results.append(canvas.makeImage().premultipliedARGB)
        }
        let differing = zip(results[0], results[1]).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "\(message): \(differing) pixels differ from pixman's", file: file, line: line)
    }

    static func frame(_ image: Image, into rect: Rect) -> Transform {
        Transform.scale(x: rect.width / Double(image.width), y: rect.height / Double(image.height))
            .concatenating(.translation(x: rect.minX, y: rect.minY))
    }

    func testTheSnapshotsHalvingIsPixmansBytes() throws {
        let card = try OpaqueCompositeTests.noise(width: 128, height: 72)
        try assertSameAsPixman(card, transform: Self.frame(card, into: Rect(x: 64, y: 36, width: 64, height: 36)),
                               canvasSize: Size(width: 128, height: 72), "opaque, whole pixels (copied)")
        let translucent = try OpaqueCompositeTests.noise(width: 128, height: 72) { x, y in UInt32((x * 3 + y) % 256) }
        try assertSameAsPixman(translucent, transform: Self.frame(translucent, into: Rect(x: 64, y: 36, width: 64, height: 36)),
                               canvasSize: Size(width: 128, height: 72), "translucent (blended)")
    }

    func testOddSizesAndFractionalFrames() throws {
        let image = try OpaqueCompositeTests.noise(width: 37, height: 23) { x, y in (x + y) % 5 == 0 ? 90 : 255 }
        let frames = [Rect(x: 3.25, y: 4.6, width: 11.3, height: 7.7), Rect(x: 0.5, y: 0.5, width: 36, height: 22),
                      Rect(x: -5.4, y: 40.1, width: 20.7, height: 13.9), Rect(x: 10, y: 10, width: 18.5, height: 23),
                      Rect(x: 7.125, y: 2, width: 2.3, height: 1.7), Rect(x: 50, y: 30, width: 36, height: 9)]
        for frame in frames {
            try assertSameAsPixman(image, transform: Self.frame(image, into: frame), "frame \(frame)")
        }
        // Shrunk along one axis only, stretched along the other.
        try assertSameAsPixman(image, transform: Self.frame(image, into: Rect(x: 4.3, y: 1.9, width: 13, height: 41.5)), "shrink x, stretch y")
        try assertSameAsPixman(image, transform: Self.frame(image, into: Rect(x: 4.3, y: 1.9, width: 60.2, height: 6.1)), "stretch x, shrink y")
    }

    func testCanvasScalesAndFlips() throws {
        let image = try OpaqueCompositeTests.noise(width: 41, height: 29) { x, _ in x % 3 == 0 ? 200 : 255 }
        for scale in [2.0, 1.5, 0.75] {
            try assertSameAsPixman(image, transform: Self.frame(image, into: Rect(x: 2.2, y: 3.7, width: 17.4, height: 11.1)),
                                   scale: scale, "canvas scale \(scale)")
        }
        // Mirrored: still no rotation or skew, and still pixman's bytes.
        let mirrored = Transform.scale(x: -0.4, y: 0.3).concatenating(.translation(x: 30.5, y: 6.25))
        try assertSameAsPixman(image, transform: mirrored, "mirrored")
    }

    func testClippedDraws() throws {
        let image = try OpaqueCompositeTests.noise(width: 90, height: 70)
        let ellipse: (Canvas) -> CoverageMask = { $0.makeClip(Path(ellipseIn: Rect(x: 8.5, y: 5.25, width: 40, height: 31))) }
        try assertSameAsPixman(image, transform: Self.frame(image, into: Rect(x: 0, y: 0, width: 60, height: 40)), clip: ellipse, "whole-pixel frame, ellipse clip")
        try assertSameAsPixman(image, transform: Self.frame(image, into: Rect(x: 3.3, y: 2.6, width: 50.5, height: 37.2)), clip: ellipse,
                               "fractional frame, ellipse clip")
        // A clip that misses the frame draws nothing either way.
        let elsewhere: (Canvas) -> CoverageMask = { $0.makeClip(rect: Rect(x: 50, y: 40, width: 10, height: 5)) }
        try assertSameAsPixman(image, transform: Self.frame(image, into: Rect(x: 0, y: 0, width: 30, height: 20)), clip: elsewhere, "clip outside")
    }

    func testOnePixelImagesAndHugeFactors() throws {
        let dot = try Image(width: 1, height: 1, premultipliedARGB: [0x8040_2010])
        try assertSameAsPixman(dot, transform: Self.frame(dot, into: Rect(x: 5.5, y: 5.5, width: 0.4, height: 0.7)), "1×1 into less than a pixel")
        let column = try OpaqueCompositeTests.noise(width: 1, height: 60)
        try assertSameAsPixman(column, transform: Self.frame(column, into: Rect(x: 10.3, y: 2, width: 3.7, height: 7.2)), "1×60 column")
        let row = try OpaqueCompositeTests.noise(width: 60, height: 1)
        try assertSameAsPixman(row, transform: Self.frame(row, into: Rect(x: 1, y: 10.8, width: 7.3, height: 0.5)), "60×1 row")
        // Past the convolution's largest factor the image is box-reduced first, then convolved.
        let wide = try OpaqueCompositeTests.noise(width: 5000, height: 3)
        try assertSameAsPixman(wide, transform: Self.frame(wide, into: Rect(x: 2.5, y: 3, width: 2.2, height: 30)), "5000×3 into 2.2 wide")
        let big = try OpaqueCompositeTests.noise(width: 700, height: 500) { x, y in (x / 50 + y / 50) % 2 == 0 ? 255 : 60 }
        try assertSameAsPixman(big, transform: Self.frame(big, into: Rect(x: 20.1, y: 9.9, width: 21, height: 14.6)), "700×500 into 21×14.6")
    }

    func testExtendedEdgesCoverTheCanvas() throws {
        let image = try OpaqueCompositeTests.noise(width: 50, height: 40) { x, _ in x < 10 ? 100 : 255 }
        try assertSameAsPixman(image, transform: Self.frame(image, into: Rect(x: 10.5, y: 7.25, width: 20.2, height: 15.1)), extendEdges: true,
                               "extended edges")
    }

    /// Rotation keeps pixman's path: the kernel declines any matrix with a cross term, and the
    /// draw is then pixman's own.
    func testRotationAndSkewStayWithPixman() throws {
        let image = try OpaqueCompositeTests.noise(width: 50, height: 40)
        let params = try XCTUnwrap(separableParameters(ResamplingFilter(fromDevice: .scale(x: 2, y: 2))))
        var rotated = pixmanTransform(Transform.rotation(radians: 0.3).concatenating(.scale(x: 2, y: 2)))
        XCTAssertNil(image.convolvedLikePixman(parameters: params, matrix: rotated, area: PixelRect(x: 0, y: 0, width: 10, height: 10)))
        rotated.matrix.0.1 = 0
        XCTAssertNil(image.convolvedLikePixman(parameters: params, matrix: rotated, area: PixelRect(x: 0, y: 0, width: 10, height: 10)))
        let straight = pixmanTransform(.scale(x: 2, y: 2))
        XCTAssertNotNil(image.convolvedLikePixman(parameters: params, matrix: straight, area: PixelRect(x: 0, y: 0, width: 10, height: 10)))
        try assertSameAsPixman(image, transform: Transform.rotation(radians: 0.3).concatenating(.scale(x: 0.4, y: 0.4)).concatenating(.translation(x: 20, y: 5)),
                               "rotated")
    }

    /// Parameters the kernel does not take, and coordinates past its range, are declined (pixman
    /// draws), never read out of bounds.
    func testBadParametersAreDeclined() throws {
        let image = try OpaqueCompositeTests.noise(width: 20, height: 20)
        let params = try XCTUnwrap(separableParameters(ResamplingFilter(fromDevice: .scale(x: 3, y: 3))))
        let matrix = pixmanTransform(.scale(x: 3, y: 3))
        let area = PixelRect(x: 0, y: 0, width: 5, height: 5)
        XCTAssertNotNil(image.convolvedLikePixman(parameters: params, matrix: matrix, area: area))
        XCTAssertNil(image.convolvedLikePixman(parameters: Array(params.dropLast()), matrix: matrix, area: area), "one weight short")
        XCTAssertNil(image.convolvedLikePixman(parameters: Array(params.prefix(3)), matrix: matrix, area: area), "no header")
        var wide = params
        wide[0] = 100_000 << 16
        XCTAssertNil(image.convolvedLikePixman(parameters: wide, matrix: matrix, area: area), "kernel width beyond its weights")
        var negative = params
        negative[2] = -1 << 16
        XCTAssertNil(image.convolvedLikePixman(parameters: negative, matrix: matrix, area: area), "negative phase bits")
        let far = pixmanTransform(Transform.scale(x: 3, y: 3).concatenating(.translation(x: 30_000, y: 0)))
        XCTAssertNil(image.convolvedLikePixman(parameters: params, matrix: far, area: area), "coordinates past ±16,384 pixels")
    }

    private func separableParameters(_ filter: ResamplingFilter) -> [pixman_fixed_t]? {
        if case .separableConvolution(let parameters) = filter { return parameters }
        return nil
    }
}
