import Foundation
import Geometry
@testable import Raster
import XCTest

/// A photo's resampled (and blurred) pixels are copied onto the canvas when they are opaque and
/// no mask cuts them, and blended over it otherwise. The opacity comes from the passes that
/// already touch every pixel, so it must be right both ways: a pixel reported opaque that is
/// not would punch a hole in the card, and a mask ignored would clear a frame's soft edge.
final class OpaqueCompositeTests: XCTestCase {
    /// `width` × `height` pixels of coloured noise, opaque except where `alphaAt` says.
    static func noise(width: Int, height: Int, alphaAt: (Int, Int) -> UInt32 = { _, _ in 255 }) throws -> Image {
        var state: UInt32 = 12345
        var pixels: [UInt32] = []
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_103_515_245 &+ 12345
                let a = alphaAt(x, y)
                func channel(_ shift: UInt32) -> UInt32 { ((state >> shift) & 0xFF) * a / 255 }
                pixels.append(a << 24 | channel(8) << 16 | channel(16) << 8 | channel(20))
            }
        }
        return try Image(width: width, height: height, premultipliedARGB: pixels)
    }

    func testResamplingReportsOpacity() throws {
        let opaque = try Self.noise(width: 300, height: 200)
        let shrunk = opaque.resampledReportingOpacity(columns: 100, rows: 70, originX: 0, originY: 0, stepX: 3, stepY: 2.85)
        XCTAssertTrue(shrunk.isOpaque)
        XCTAssertTrue(shrunk.image.isOpaque)
        // Past a factor of 4 the box reduction runs first; still opaque.
        XCTAssertTrue(opaque.resampledReportingOpacity(columns: 30, rows: 20, originX: 0, originY: 0, stepX: 10, stepY: 10).isOpaque)
        // One clear pixel in the middle reaches the output.
        let holed = try Self.noise(width: 300, height: 200) { x, y in x == 150 && y == 100 ? 0 : 255 }
        let result = holed.resampledReportingOpacity(columns: 100, rows: 70, originX: 0, originY: 0, stepX: 3, stepY: 2.85)
        XCTAssertFalse(result.isOpaque)
        XCTAssertFalse(result.image.isOpaque)
    }

    func testBlurReportsOpacity() throws {
        XCTAssertEqual(try Self.noise(width: 64, height: 48).blurInPlace(sigma: 3, extendEdges: true), true)
        // Without extended edges the outside is transparent, and it blurs in.
        XCTAssertEqual(try Self.noise(width: 64, height: 48).blurInPlace(sigma: 3, extendEdges: false), false)
        XCTAssertEqual(try Self.noise(width: 64, height: 48) { x, _ in x < 2 ? 128 : 255 }.blurInPlace(sigma: 3, extendEdges: true), false)
        // Too small a sigma runs no pass: nothing is known.
        XCTAssertNil(try Self.noise(width: 64, height: 48).blurInPlace(sigma: 0.1, extendEdges: true))
    }

    /// An opaque photo covers what is under it whatever it was; a translucent one still blends.
    func testOpaquePhotosCoverAndTranslucentOnesBlend() throws {
        let opaque = try Self.noise(width: 300, height: 200)
        let translucent = try Self.noise(width: 300, height: 200) { x, _ in x < 150 ? 128 : 255 }
        for filters in [[], [Filter.gaussianBlur(sigma: 2, extendEdges: true)]] {
            func drawn(_ image: Image, on background: Color) throws -> Image {
                let canvas = try Canvas(size: Size(width: 120, height: 80), background: background)
                canvas.draw(image, in: canvas.bounds, contentMode: .aspectFill, clipsToBounds: true, clip: nil, filters: filters)
                return canvas.makeImage()
            }
            XCTAssertEqual(try drawn(opaque, on: .white).premultipliedARGB, try drawn(opaque, on: Color(red: 1, green: 0, blue: 0)).premultipliedARGB)
            let onWhite = try drawn(translucent, on: .white), onBlack = try drawn(translucent, on: Color(red: 0, green: 0, blue: 0))
            XCTAssertEqual(onWhite.pixel(x: 20, y: 40) >> 24, 0xFF, "filters: \(filters)")
            XCTAssertGreaterThan(onWhite.pixel(x: 20, y: 40) & 0xFF, (onBlack.pixel(x: 20, y: 40) & 0xFF) + 100, "filters: \(filters)")
        }
    }

    /// A frame with fractional edges is drawn through a mask: its edge pixels are blended with
    /// the background, not replaced by partly transparent ones.
    func testAMaskedOpaquePhotoKeepsItsSoftEdge() throws {
        let blue = try Image(width: 300, height: 200, premultipliedARGB: [UInt32](repeating: 0xFF00_00FF, count: 300 * 200))
        let canvas = try Canvas(size: Size(width: 120, height: 80), background: Color(red: 1, green: 0, blue: 0))
        canvas.draw(blue, in: Rect(x: 10.5, y: 10, width: 60, height: 40), contentMode: .scaleToFill, clipsToBounds: true, clip: nil, filters: [])
        let edge = canvas.makeImage().pixel(x: 10, y: 30)
        XCTAssertEqual(edge >> 24, 0xFF)
        XCTAssertEqual(Double((edge >> 16) & 0xFF), 128, accuracy: 2)  // half red
        XCTAssertEqual(Double(edge & 0xFF), 128, accuracy: 2)  // half blue
        XCTAssertEqual(canvas.makeImage().pixel(x: 5, y: 30), 0xFFFF_0000)
    }
}
