import Geometry
@testable import Raster
import XCTest

/// A rectangle on whole device pixels is painted without a coverage mask: a filled one through
/// the clip alone (`Canvas.fill(_:with:…)`), and an image's `clipsToBounds` by limiting the
/// pixels drawn (`Canvas.clipping(_:to:within:)`). Both claim the bytes of the masked route, so
/// every case draws both ways onto the same busy canvas and compares every pixel.
final class WholePixelRectangleTests: XCTestCase {
    func testARectangleIsFoundOnlyOnWholePixels() {
        let rect = Rect(x: 3, y: -2, width: 40, height: 17)
        let expected = PixelRect(x: 3, y: -2, width: 40, height: 17)
        XCTAssertEqual(Path(rect: rect).wholePixelRectangle, expected)
        XCTAssertEqual(Path(rect: rect).applying(.scale(x: 2, y: 2)).wholePixelRectangle, PixelRect(x: 6, y: -4, width: 80, height: 34))
        XCTAssertEqual(Path(roundedRect: rect, cornerRadius: 0).wholePixelRectangle, expected, "no corner radius")
        XCTAssertEqual(Path(rect: rect).applying(.scale(x: -1, y: -1)).wholePixelRectangle, PixelRect(x: -43, y: -15, width: 40, height: 17),
                       "turned half a turn")

        var verticalFirst = Path()
        verticalFirst.move(to: Point(x: 43, y: 15))
        verticalFirst.line(to: Point(x: 43, y: -2))
        verticalFirst.line(to: Point(x: 3, y: -2))
        verticalFirst.line(to: Point(x: 3, y: 15))
        verticalFirst.line(to: Point(x: 43, y: 15))
        verticalFirst.close()
        XCTAssertEqual(verticalFirst.wholePixelRectangle, expected, "drawn the other way round, with its closing edge written out")

        XCTAssertNil(Path(rect: Rect(x: 3.5, y: -2, width: 40, height: 17)).wholePixelRectangle, "a fractional edge")
        XCTAssertNil(Path(rect: rect).applying(.scale(x: 1.5, y: 1.5)).wholePixelRectangle, "scaled off the grid")
        XCTAssertNil(Path(rect: rect).applying(.rotation(radians: 0.1)).wholePixelRectangle, "turned")
        XCTAssertNil(Path(rect: Rect(x: 3, y: 2, width: 0, height: 17)).wholePixelRectangle, "no area")
        XCTAssertNil(Path(roundedRect: rect, cornerRadius: 4).wholePixelRectangle, "rounded corners")
        XCTAssertNil(Path(ellipseIn: rect).wholePixelRectangle)
        XCTAssertNil(Path(rect: Rect(x: .infinity, y: 0, width: 4, height: 4)).wholePixelRectangle, "an infinite corner")
        XCTAssertNil(Path(rect: Rect(x: .nan, y: 0, width: 4, height: 4)).wholePixelRectangle, "a corner that is not a number")

        var twoContours = Path(rect: rect)
        twoContours.append(contentsOf: Path(rect: Rect(x: 60, y: 0, width: 4, height: 4)))
        XCTAssertNil(twoContours.wholePixelRectangle, "two rectangles")
        var unclosed = Path()
        unclosed.move(to: Point(x: 0, y: 0))
        for point in [Point(x: 8, y: 0), Point(x: 8, y: 8), Point(x: 0, y: 8), Point(x: 0, y: 0)] { unclosed.line(to: point) }
        XCTAssertNil(unclosed.wholePixelRectangle, "not closed")
        var bowtie = Path()
        bowtie.move(to: Point(x: 0, y: 0))
        for point in [Point(x: 8, y: 8), Point(x: 8, y: 0), Point(x: 0, y: 8)] { bowtie.line(to: point) }
        bowtie.close()
        XCTAssertNil(bowtie.wholePixelRectangle, "diagonal edges")
    }

    /// A canvas of translucent noise (or opaque, for the photo's case).
    static func busyCanvas(scale: Double, opaque: Bool = false) throws -> Canvas {
        let canvas = try Canvas(size: Size(width: 96, height: 64), scale: scale)
        let noise = try OpaqueCompositeTests.noise(width: canvas.pixelWidth, height: canvas.pixelHeight) { x, y in
            opaque ? 255 : UInt32((x * 7 + y * 13) % 256)
        }
        canvas.draw(noise, atDevicePixelX: 0, y: 0)
        return canvas
    }

    func testFilledRectanglesAreTheMasksBytes() throws {
        let stops = [GradientStop(offset: 0, color: Color(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.08)),
                     GradientStop(offset: 0.6, color: Color(red: 0.1, green: 0.3, blue: 0.8, alpha: 0.5)),
                     GradientStop(offset: 1, color: Color(red: 0, green: 0, blue: 0, alpha: 0.7))]
        let paints: [(String, Paint)] = [
            ("opaque colour", .solid(Color(red: 0.48, green: 0.27, blue: 0.59))),
            ("translucent colour", .solid(Color(red: 0.1, green: 0.8, blue: 0.3, alpha: 0.37))),
            ("vertical gradient (row by row)", .linearGradient(start: Point(x: 0, y: 10.3), end: Point(x: 0, y: 60), stops: stops)),
            ("diagonal gradient", .linearGradient(start: Point(x: 0, y: 0), end: Point(x: 90, y: 50), stops: stops)),
            ("radial gradient", .radialGradient(center: Point(x: 40, y: 30), radius: 37.5, stops: stops)),
        ]
        let rects = [Rect(x: 0, y: 0, width: 96, height: 64), Rect(x: 7, y: 5, width: 40, height: 21),
                     Rect(x: -10, y: 30, width: 200, height: 50), Rect(x: 90, y: 60, width: 20, height: 20)]
        let clips: [(String, Path?)] = [("no clip", nil), ("a round clip", Path(ellipseIn: Rect(x: 10, y: 4, width: 60, height: 50))),
                                        ("a clip beside it", Path(rect: Rect(x: 200, y: 200, width: 5, height: 5)))]
        var cases = 0
        let combinations = [1.0, 2.0].flatMap { scale in paints.flatMap { paint in rects.flatMap { rect in clips.map { (scale, paint, rect, $0) } } } }
        for (scale, (paintName, paint), rect, (clipName, clipPath)) in combinations {
            let path = Path(rect: rect)
            XCTAssertNotNil(path.applying(.scale(x: scale, y: scale)).wholePixelRectangle)
            var results: [[UInt32]] = []
            for masked in [false, true] {
                let canvas = try Self.busyCanvas(scale: scale)
                let clip = clipPath.map { canvas.makeClip($0) }
                if masked {
                    canvas.fill(canvas.makeClip(path), with: paint, paintTransform: canvas.deviceTransform, clip: clip)
                } else {
                    canvas.fill(path, with: paint, clip: clip)
                }
                results.append(canvas.makeImage().premultipliedARGB)
            }
            let differing = zip(results[0], results[1]).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "\(paintName) in \(rect) with \(clipName) at scale \(scale): \(differing) pixels differ")
            cases += 1
        }
        XCTAssertEqual(cases, 120)
    }

    func testImagesClippedToWholePixelBoundsAreTheMasksBytes() throws {
        let opaque = try OpaqueCompositeTests.noise(width: 37, height: 23)
        let translucent = try OpaqueCompositeTests.noise(width: 37, height: 23) { x, y in UInt32((x * 11 + y * 5) % 256) }
        let large = try OpaqueCompositeTests.noise(width: 301, height: 170)
        // Enlarged (pixman's bilinear path), shrunk (the own kernels), at one to one, each
        // filling a frame larger than its bounds on one axis or both.
        let draws: [(String, Image, Rect, ContentMode)] = [
            ("an enlarged opaque photo, aspect fill", opaque, Rect(x: 0, y: 0, width: 96, height: 64), .aspectFill),
            ("an enlarged translucent picture, aspect fill", translucent, Rect(x: 5, y: 3, width: 60, height: 50), .aspectFill),
            ("a shrunk photo, aspect fill", large, Rect(x: 0, y: 0, width: 48, height: 64), .aspectFill),
            ("a shrunk photo, centred", large, Rect(x: 10, y: 6, width: 70, height: 40), .center),
            ("a picture at its own size, top left", translucent, Rect(x: 3, y: 4, width: 20, height: 12), .topLeft),
        ]
        let clips: [(String, Path?)] = [("no clip", nil), ("a rounded clip", Path(roundedRect: Rect(x: 4, y: 2, width: 80, height: 55), cornerRadius: 9))]
        let combinations = [1.0, 2.0, 3.0].flatMap { scale in draws.flatMap { draw in clips.map { (scale, draw, $0) } } }
        for (scale, (name, image, rect, mode), (clipName, clipPath)) in combinations {
            let frame = mode.frame(for: image.size, in: rect)
            XCTAssertNotEqual(frame.intersection(rect), frame, "\(name): the frame must reach past its bounds")
            var results: [[UInt32]] = []
            for masked in [false, true] {
                let canvas = try Self.busyCanvas(scale: scale)
                let clip = clipPath.map { canvas.makeClip($0) }
                if masked {
                    let t = Transform.scale(x: frame.width / Double(image.width), y: frame.height / Double(image.height))
                        .concatenating(.translation(x: frame.minX, y: frame.minY))
                    canvas.draw(image, transform: t, clip: canvas.makeClip(rect: rect, within: clip))
                } else {
                    XCTAssertNotNil(canvas.clipping(frame, to: rect, within: clip).visible, "\(name): drawn without a mask")
                    canvas.draw(image, in: rect, contentMode: mode, clipsToBounds: true, clip: clip)
                }
                results.append(canvas.makeImage().premultipliedARGB)
            }
            let differing = zip(results[0], results[1]).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "\(name) with \(clipName) at scale \(scale): \(differing) pixels differ")
        }
    }

    func testFilteredPicturesClippedToWholePixelBoundsAreTheMasksBytes() throws {
        // Filters other than an edge-extending blur, on a shrunk picture, go through
        // `drawResampled`; an enlarged one is filtered first and drawn as above.
        let large = try OpaqueCompositeTests.noise(width: 301, height: 170)
        let small = try OpaqueCompositeTests.noise(width: 37, height: 23)
        let pictures: [(Image, [Filter])] = [(large, [.hueRotate(radians: 1.1)]), (small, [.gaussianBlur(sigma: 1.5, extendEdges: true)]),
                                             (large, [.gaussianBlur(sigma: 2, extendEdges: false)])]
        for (scale, (image, filters)) in [1.0, 2.0].flatMap({ scale in pictures.map { (scale, $0) } }) {
            let rect = Rect(x: 2, y: 3, width: 50, height: 58)
            let frame = ContentMode.aspectFill.frame(for: image.size, in: rect)
            var results: [[UInt32]] = []
            for masked in [false, true] {
                let canvas = try Self.busyCanvas(scale: scale)
                if masked {
                    // The masked route: the same filtered draw into a frame that fits, behind a clip of the bounds.
                    let clip = canvas.makeClip(rect: rect)
                    canvas.draw(image, in: frame, contentMode: .scaleToFill, clipsToBounds: false, clip: clip, filters: filters)
                } else {
                    canvas.draw(image, in: rect, contentMode: .aspectFill, clipsToBounds: true, clip: nil, filters: filters)
                }
                results.append(canvas.makeImage().premultipliedARGB)
            }
            let differing = zip(results[0], results[1]).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "\(image.width)×\(image.height) with \(filters) at scale \(scale): \(differing) pixels differ")
        }
    }

    func testAFractionalBoundIsCoveredOnce() throws {
        // Aspect fill matches the bounds on one axis: a 30×30 photo in 20×15 points at x = 4.5
        // has the frame 4.5…24.5 × −0.5…19.5, whose left and right edges are the bounds' own.
        let canvas = try Canvas(size: Size(width: 40, height: 20), scale: 1)
        let image = try OpaqueCompositeTests.noise(width: 30, height: 30)
        let rect = Rect(x: 4.5, y: 2, width: 20, height: 15)
        let frame = ContentMode.aspectFill.frame(for: image.size, in: rect)
        XCTAssertEqual(frame, Rect(x: 4.5, y: -0.5, width: 20, height: 20))
        let limits = canvas.clipping(frame, to: rect, within: nil)
        XCTAssertEqual(limits.visible, PixelRect(x: 4, y: 2, width: 21, height: 15))
        XCTAssertNotNil(limits.clip, "a fractional edge needs a mask")
        canvas.draw(image, in: rect, contentMode: .aspectFill, clipsToBounds: true)
        XCTAssertEqual(canvas.pixel(x: 3, y: 8), 0, "left of the bounds: untouched")
        XCTAssertEqual(canvas.pixel(x: 4, y: 8) >> 24, 128, "half covered, once (the frame's edge and the bound's, multiplied, gave 64)")
        XCTAssertEqual(canvas.pixel(x: 24, y: 8) >> 24, 128, "the right edge likewise")
        XCTAssertEqual(canvas.pixel(x: 10, y: 8) >> 24, 255)
        XCTAssertEqual(canvas.pixel(x: 10, y: 1), 0, "above the bounds")
        XCTAssertEqual(canvas.pixel(x: 10, y: 17), 0, "below the bounds")
        XCTAssertEqual(canvas.pixel(x: 10, y: 16) >> 24, 255)

        let doubled = try Canvas(size: Size(width: 40, height: 20), scale: 2)
        XCTAssertEqual(doubled.clipping(frame, to: rect, within: nil).visible, PixelRect(x: 9, y: 4, width: 40, height: 30),
                       "at scale 2 the same bounds are whole pixels")
        XCTAssertNil(doubled.clipping(frame, to: rect, within: nil).clip)
    }

    /// The coverage of `mask` at canvas pixel (x, y): 0 outside it.
    private func coverage(_ mask: CoverageMask, _ x: Int, _ y: Int) -> UInt32 {
        let b = mask.bounds
        guard x >= b.x, y >= b.y, x < b.x + b.width, y < b.y + b.height else { return 0 }
        return UInt32(mask[x - b.x, y - b.y])
    }

    func testARoundedClipOfTheBoundsIsNotMultipliedByThem() throws {
        // The portrait circle: an opaque photo aspect-filled into fractional bounds (its frame
        // overhangs them left and right, and has their top and bottom edges) and clipped to a
        // circle inside them. The photo covers all of the circle, so each pixel's alpha is the
        // circle's coverage, once: multiplied by the bounds' clip as well, the pixels where the
        // circle meets the bounds (they halve those pixels) got about half of it.
        let image = try OpaqueCompositeTests.noise(width: 40, height: 30)
        let rect = Rect(x: 4.5, y: 3.5, width: 25, height: 25)
        let frame = ContentMode.aspectFill.frame(for: image.size, in: rect)
        XCTAssertEqual(frame.minY, rect.minY)
        XCTAssertEqual(frame.maxY, rect.maxY)
        XCTAssertLessThan(frame.minX, rect.minX)
        func drawn(clipLiesInRect: Bool) throws -> (canvas: Canvas, circle: CoverageMask) {
            let canvas = try Canvas(size: Size(width: 34, height: 32), scale: 1)
            let circle = canvas.makeClip(rect: rect, cornerRadius: 1_000_000)
            canvas.draw(image, in: rect, contentMode: .aspectFill, clipsToBounds: true, clip: circle,
                        clipLiesInRect: clipLiesInRect, filters: [])
            return (canvas, circle)
        }
        let (canvas, circle) = try drawn(clipLiesInRect: true)
        let multiplied = try drawn(clipLiesInRect: false).canvas
        var differing = 0, multipliedDiffering = 0
        for y in 0..<32 {
            for x in 0..<34 {
                differing += canvas.pixel(x: x, y: y) >> 24 == coverage(circle, x, y) ? 0 : 1
                multipliedDiffering += multiplied.pixel(x: x, y: y) >> 24 == coverage(circle, x, y) ? 0 : 1
            }
        }
        XCTAssertEqual(differing, 0, "\(differing) pixels' alpha is not the circle's coverage")
        XCTAssertEqual(multipliedDiffering, 32, "the bounds' clip multiplied in: eight pixels where the circle meets each of the four bounds")
        XCTAssertEqual(coverage(circle, 17, 3), 114)
        XCTAssertEqual(multiplied.pixel(x: 17, y: 3) >> 24, 57)
    }

    func testARoundedClipOverAFrameInsideTheBoundsStillCutsTheFramesEdges() throws {
        // A picture centred (not filled) into the bounds: wider than them, shorter. Its frame's
        // top and bottom edges lie inside the bounds and are cut as before; the circle's edges
        // on the left and right bounds get the circle's coverage once.
        let image = try OpaqueCompositeTests.noise(width: 40, height: 11)
        let rect = Rect(x: 4.5, y: 3.5, width: 25, height: 25)
        let frame = ContentMode.center.frame(for: image.size, in: rect)
        XCTAssertEqual(frame, Rect(x: -3, y: 10.5, width: 40, height: 11))
        let canvas = try Canvas(size: Size(width: 34, height: 32), scale: 1)
        let circle = canvas.makeClip(rect: rect, cornerRadius: 1_000_000)
        let limits = canvas.clipping(frame, to: rect, within: circle, clipLiesInRect: true)
        XCTAssertEqual(limits.visible, PixelRect(x: 4, y: 10, width: 26, height: 12))
        canvas.draw(image, in: rect, contentMode: .center, clipsToBounds: true, clip: circle, clipLiesInRect: true, filters: [])
        XCTAssertEqual(canvas.pixel(x: 17, y: 9), 0, "above the frame")
        XCTAssertEqual(canvas.pixel(x: 17, y: 10) >> 24, 128, "the frame's top edge halves the pixel")
        XCTAssertEqual(canvas.pixel(x: 17, y: 21) >> 24, 128, "and its bottom edge")
        XCTAssertEqual(canvas.pixel(x: 17, y: 15) >> 24, 255)
        XCTAssertLessThan(coverage(circle, 4, 16), 255)
        XCTAssertEqual(canvas.pixel(x: 4, y: 16) >> 24, coverage(circle, 4, 16), "the circle's own edge on the left bound, once")
        XCTAssertEqual(canvas.pixel(x: 29, y: 16) >> 24, coverage(circle, 29, 16), "and on the right")
    }
}
