import Foundation
import Geometry
@testable import Raster
import XCTest

/// A blurred picture drawn at its own size (a photo exactly as wide as its card) blurs only
/// what shows plus the blur's reach, and must give the bytes that blurring the whole picture
/// and then drawing it gives.
final class UnscaledBlurTests: XCTestCase {
    struct Case {
        let name: String
        let canvas: Size, scale: Double
        let image: Image
        let rect: Rect, contentMode: ContentMode, clipsToBounds: Bool
        let sigmas: [Double]
    }

    func testTheSameBytesAsBlurringTheWholePicture() throws {
        let opaque = try OpaqueCompositeTests.noise(width: 120, height: 90)
        let translucent = try OpaqueCompositeTests.noise(width: 120, height: 90) { x, y in (x + y) % 7 == 0 ? 90 : 255 }
        let large = try OpaqueCompositeTests.noise(width: 240, height: 180)
        let cases = [
            Case(name: "aspect fill, cropped top and bottom", canvas: Size(width: 120, height: 70), scale: 1, image: opaque,
                 rect: Rect(x: 0, y: 0, width: 120, height: 70), contentMode: .aspectFill, clipsToBounds: true, sigmas: [2]),
            Case(name: "a reach past the crop", canvas: Size(width: 120, height: 70), scale: 1, image: opaque,
                 rect: Rect(x: 0, y: 0, width: 120, height: 70), contentMode: .aspectFill, clipsToBounds: true, sigmas: [6, 3]),
            Case(name: "translucent", canvas: Size(width: 120, height: 70), scale: 1, image: translucent,
                 rect: Rect(x: 0, y: 0, width: 120, height: 70), contentMode: .aspectFill, clipsToBounds: true, sigmas: [2]),
            Case(name: "centred, not clipped, partly off the canvas", canvas: Size(width: 100, height: 80), scale: 1, image: opaque,
                 rect: Rect(x: 20, y: 5, width: 60, height: 40), contentMode: .center, clipsToBounds: false, sigmas: [3]),
            Case(name: "at scale 2", canvas: Size(width: 120, height: 70), scale: 2, image: large,
                 rect: Rect(x: 0, y: 0, width: 120, height: 70), contentMode: .aspectFill, clipsToBounds: true, sigmas: [1.5]),
        ]
        for c in cases {
            let filters = c.sigmas.map { Filter.gaussianBlur(sigma: $0, extendEdges: true) }
            let fast = try Canvas(size: c.canvas, scale: c.scale, background: .white)
            let frame = c.contentMode.frame(for: c.image.size, in: c.rect)
            XCTAssertNotNil(fast.blurAtOwnSize(c.image, frame: frame, rect: c.rect, clipsToBounds: c.clipsToBounds, clip: nil, filters: filters), c.name)
            fast.draw(c.image, in: c.rect, contentMode: c.contentMode, clipsToBounds: c.clipsToBounds, clip: nil, filters: filters)
            let whole = try Canvas(size: c.canvas, scale: c.scale, background: .white)
            whole.draw(c.image.applying(filters), in: c.rect, contentMode: c.contentMode, clipsToBounds: c.clipsToBounds)
            XCTAssertEqual(fast.makeImage().premultipliedARGB, whole.makeImage().premultipliedARGB, c.name)
        }
    }
}
