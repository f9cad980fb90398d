import Foundation
import Geometry
import Raster
import Scene
import XCTest

/// An event photo's filter lengths are in points (a PNG image's stay in its own pixels): the
/// resolved filters carry them in the pixels of the image drawn, times its pixels per point.
/// Expected values are worked out by hand from the frame and the image's size.
final class EventPhotoFilterLengthTests: XCTestCase {
    static let filters = ##"[{"blur": 2, "extendEdges": true}, {"dropShadow": {"offset": [1, 4], "blur": 3}}]"##

    func scene(src: String, contentMode: String = "aspectFill") throws -> Scene {
        var parser = SceneParser(baseDirectory: SceneGoldenTests.cases)
        return try parser.parse(Data(##"""
            {"width": 100, "height": 50, "background": "#000000", "elements": [{"type": "image", "src": \##(src),
             "frame": [0, 0, 100, 50], "contentMode": "\##(contentMode)", "clipsToBounds": true, "filters": \##(Self.filters)}]}
            """##.utf8))
    }

    func grey(width: Int, height: Int) throws -> Image {
        try Image(width: width, height: height, premultipliedARGB: [UInt32](repeating: 0xFF80_8080, count: width * height))
    }

    /// The resolved image element's filters.
    func resolvedFilters(_ scene: Scene, photo: Image?, scale: Double = 1) throws -> [Filter] {
        let resolved = try scene.resolve(SceneBindings(values: [:], colors: SceneBindings.sample.colors, photo: photo), scale: scale)
        guard case .image(_, _, _, _, _, let filters)? = resolved.elements.first else {
            XCTFail("no image element resolved")
            return []
        }
        return filters
    }

    /// Checks that `filters` are the scene's two with every length multiplied by `k`.
    func assertLengths(_ filters: [Filter], times k: Double, file: StaticString = #filePath, line: UInt = #line) {
        guard filters.count == 2, case .gaussianBlur(let blur, extendEdges: true) = filters[0],
              case .dropShadow(let dx, let dy, let shadowBlur, let color) = filters[1] else {
            return XCTFail("unexpected filters \(filters)", file: file, line: line)
        }
        for (length, points) in [(blur, 2.0), (dx, 1), (dy, 4), (shadowBlur, 3)] {
            XCTAssertEqual(length, points * k, accuracy: 1e-9 * k, "\(filters)", file: file, line: line)
        }
        XCTAssertEqual(color, Color(gray: 0, alpha: 0.5), file: file, line: line)
    }

    func testAPhotoLargerThanItsFrameGetsLengthsInItsPixels() throws {
        let photo = try scene(src: ##"{"from": "eventPhoto"}"##)
        // 400×200 fills 100×50 exactly: 4 photo pixels per point.
        assertLengths(try resolvedFilters(photo, photo: grey(width: 400, height: 200)), times: 4)
        // 50×25 drawn twice its size: half a photo pixel per point.
        assertLengths(try resolvedFilters(photo, photo: grey(width: 50, height: 25)), times: 0.5)
        // 300×300 filled into 100×50 is drawn 100×100 (cropped): 3 per point.
        assertLengths(try resolvedFilters(photo, photo: grey(width: 300, height: 300)), times: 3)
    }

    func testTheCanvasScaleDoesNotChangeThemInThePhotosPixels() throws {
        // Points to photo pixels does not involve device pixels: at scale 2 the same σ in the
        // photo's pixels is twice as many device pixels, as 2 points are.
        let photo = try scene(src: ##"{"from": "eventPhoto"}"##)
        assertLengths(try resolvedFilters(photo, photo: grey(width: 400, height: 200), scale: 2), times: 4)
    }

    func testAStretchedPhotoCountsTheGeometricMeanOfItsAxes() throws {
        // 200×50 stretched into 100×50: 2 pixels per point across, 1 down; √2 together.
        let photo = try scene(src: ##"{"from": "eventPhoto"}"##, contentMode: "scaleToFill")
        let filters = try resolvedFilters(photo, photo: grey(width: 200, height: 50))
        guard case .gaussianBlur(let sigma, _)? = filters.first else { return XCTFail("\(filters)") }
        XCTAssertEqual(sigma, 2 * 2.0.squareRoot(), accuracy: 1e-12)
    }

    func testThePlaceholderFollowsThePhotoAndAFileKeepsItsOwnPixels() throws {
        // images/landscape.png is 160×90: filled into 100×50 it is drawn 100×56.25, so
        // 1.6 pixels per point.
        let placeholder = try scene(src: ##"{"from": "eventPhoto", "placeholder": "images/landscape.png"}"##)
        assertLengths(try resolvedFilters(placeholder, photo: nil), times: 1.6)
        let file = try scene(src: ##""images/landscape.png""##)
        assertLengths(try resolvedFilters(file, photo: nil), times: 1)
    }

    /// The same picture at two resolutions gives the same card: a photo, and that photo with
    /// every pixel made a 4×4 block (which the draw's box reduction turns back into it), each
    /// blurred by 2 points. With lengths in the photo's pixels the larger one would have been
    /// blurred by half a device pixel, which barely softens it (102 levels apart).
    func testTheBlurDoesNotDependOnThePhotosResolution() throws {
        var parser = SceneParser(baseDirectory: SceneGoldenTests.cases)
        let scene = try parser.parse(Data(##"""
            {"width": 64, "height": 32, "background": "#000000", "elements": [{"type": "image", "src": {"from": "eventPhoto"},
             "frame": [0, 0, 64, 32], "contentMode": "aspectFill", "filters": [{"blur": 2, "extendEdges": true}]}]}
            """##.utf8))
        // Black and white squares of 8 pixels: hard edges, which a blur visibly softens.
        var small = [UInt32](repeating: 0xFFFF_FFFF, count: 64 * 32)
        for y in 0..<32 { for x in 0..<64 where (x / 8 + y / 8) % 2 == 0 { small[y * 64 + x] = 0xFF00_0000 } }
        var large = [UInt32](repeating: 0, count: 256 * 128)
        for y in 0..<128 { for x in 0..<256 { large[y * 256 + x] = small[(y / 4) * 64 + x / 4] } }
        func card(_ photo: Image) throws -> [UInt32] {
            try scene.render(SceneBindings(values: [:], colors: SceneBindings.sample.colors, photo: photo)).makeImage().premultipliedARGB
        }
        let fromSmall = try card(Image(width: 64, height: 32, premultipliedARGB: small))
        let fromLarge = try card(Image(width: 256, height: 128, premultipliedARGB: large))
        var worst: UInt32 = 0
        for (a, b) in zip(fromSmall, fromLarge) {
            for shift: UInt32 in [0, 8, 16] {
                let x: UInt32 = (a >> shift) & 0xFF, y: UInt32 = (b >> shift) & 0xFF
                worst = Swift.max(worst, x > y ? x - y : y - x)
            }
        }
        XCTAssertLessThanOrEqual(worst, 3, "the two cards differ by \(worst) levels")
        XCTAssertNotEqual(fromSmall, small, "the blur changed the card")
    }
}
