import Foundation
import Geometry
import Raster
import Scene
import TestSupport
import XCTest

/// The recipes' image operations from a scene: an image that takes its own fitted size
/// (`"sizing": "aspectFit"`), scaling to a size (`scaleToFill`) and the aspect-fill
/// thumbnail (`aspectFill` clipped). Expected frames are worked out by hand in the comments.
final class ImageSizingTests: XCTestCase {
    /// A scene of `size` on black whose elements are `elements` (JSON), images from Cases/.
    func scene(_ elements: String, size: (Double, Double) = (500, 500)) throws -> Scene {
        var parser = SceneParser(baseDirectory: SceneGoldenTests.cases)
        return try parser.parse(Data(##"{"width": \##(size.0), "height": \##(size.1), "background": "#000000", "elements": [\##(elements)]}"##.utf8))
    }

    /// An opaque `width` × `height` image, one colour everywhere, or a gradient when `color` is nil.
    func photo(_ width: Int, _ height: Int, color: UInt32? = nil) throws -> Image {
        try Image(width: width, height: height, premultipliedARGB: (0..<height).flatMap { y in
            (0..<width).map { x in 0xFF00_0000 | (color ?? (UInt32(x * 255 / max(1, width - 1)) << 16 | UInt32(y * 255 / max(1, height - 1)) << 8 | 0x40)) }
        })
    }

    func bindings(photo: Image, title: String = "A title") -> SceneBindings {
        SceneBindings(values: [.title: title], colors: SceneBindings.sample.colors, photo: photo)
    }

    /// The reported frames of the scene's images, as the `layout` report gives them.
    func imageFrames(_ scene: Scene, _ bindings: SceneBindings) throws -> [[Double]] {
        try scene.resolve(bindings).placedElements.filter { $0.kind == "image" }.map(\.frame)
    }

    func fitted(_ alignment: String? = nil, frame: String = "[40, 60, 400, 400]", extra: String = "") -> String {
        let aligned = alignment.map { #", "alignment": "\#($0)""# } ?? ""
        return #"{"id": "photo", "type": "image", "src": {"from": "eventPhoto"}, "frame": \#(frame), "sizing": "aspectFit"\#(aligned)\#(extra)}"#
    }

    func testAWideImageTakesItsFittedSizeCentredInTheBox() throws {
        // 1060×708 into the 400×400 box at (40, 60): the width binds (400/1060 < 400/708), so
        // w = 400 and h = 708 × 400 / 1060 = 267.169811…; centred, y = 60 + (400 − 267.169811)/2
        // = 60 + 66.415094 = 126.415094. Reported to 0.001: (40, 126.415, 400, 267.17).
        let wide = try photo(1060, 708)
        XCTAssertEqual(try imageFrames(scene(fitted()), bindings(photo: wide)), [[40, 126.415, 400, 267.17]])
        // top: y = 60; bottom: y = 60 + 400 − 267.169811 = 192.830189.
        XCTAssertEqual(try imageFrames(scene(fitted("top")), bindings(photo: wide)), [[40, 60, 400, 267.17]])
        XCTAssertEqual(try imageFrames(scene(fitted("bottom")), bindings(photo: wide)), [[40, 192.83, 400, 267.17]])
        // left and right have no room to use across: the image is as wide as the box.
        XCTAssertEqual(try imageFrames(scene(fitted("right")), bindings(photo: wide)), [[40, 126.415, 400, 267.17]])
        XCTAssertEqual(try imageFrames(scene(fitted("bottomRight")), bindings(photo: wide)), [[40, 192.83, 400, 267.17]])
        // The same box with contentMode aspectFit keeps the whole box as the element's frame.
        let banded = #"{"type": "image", "src": {"from": "eventPhoto"}, "frame": [40, 60, 400, 400], "contentMode": "aspectFit"}"#
        XCTAssertEqual(try imageFrames(scene(banded), bindings(photo: wide)), [[40, 60, 400, 400]])
    }

    func testATallImageIsPlacedAcrossAndMirrorsForRightToLeft() throws {
        // 708×1060 into 400×300 at (50, 20): the height binds (300/1060 < 400/708), so h = 300
        // and w = 708 × 300 / 1060 = 200.377358…; the room across is 400 − 200.377358 = 199.622642.
        //   centre: x = 50 + 99.811321 = 149.811321;  leading, left to right: x = 50;
        //   trailing: x = 50 + 199.622642 = 249.622642; right to left they swap.
        let tall = try photo(708, 1060)
        let frame = "[50, 20, 400, 300]"
        XCTAssertEqual(try imageFrames(scene(fitted(frame: frame)), bindings(photo: tall)), [[149.811, 20, 200.377, 300]])
        XCTAssertEqual(try imageFrames(scene(fitted("leading", frame: frame)), bindings(photo: tall)), [[50, 20, 200.377, 300]])
        XCTAssertEqual(try imageFrames(scene(fitted("trailing", frame: frame)), bindings(photo: tall)), [[249.623, 20, 200.377, 300]])
        XCTAssertEqual(try imageFrames(scene(fitted("leading", frame: frame)), bindings(photo: tall, title: "שלום עולם")),
                       [[249.623, 20, 200.377, 300]])
        XCTAssertEqual(try imageFrames(scene(fitted("topTrailing", frame: frame)), bindings(photo: tall, title: "שלום עולם")),
                       [[50, 20, 200.377, 300]])
        XCTAssertEqual(try imageFrames(scene(fitted("left", frame: frame)), bindings(photo: tall, title: "שלום עולם")),
                       [[50, 20, 200.377, 300]])
    }

    func testTheBoxMayBeConstrainedAndLaterFramesAnchorToTheFittedImage() throws {
        // The box is the canvas's width less 50 a side, 300 high, 20 from the top: on 500×500
        // (50, 20, 400, 300). A 1060×708 image: w = 400, h = 708 × 400 / 1060 = 267.169811,
        // y = 20 + (300 − 267.169811)/2 = 36.415094, bottom 303.584906. The caption rule starts 8
        // below that: 311.584906, 10 high, across the image's own width (50 … 450).
        let elements = fitted(frame: #"{"left": 50, "right": 50, "top": 20, "height": 300}"#) + ", " +
            ##"{"type": "rect", "frame": {"left": {"to": "photo.left"}, "right": {"to": "photo.right"}, "top": {"to": "photo.bottom", "offset": 8}, "height": 10}, "fill": "#ffffff"}"##
        let s = try scene(elements)
        let wide = try photo(1060, 708, color: 0xFF0000)
        XCTAssertEqual(try imageFrames(s, bindings(photo: wide)), [[50, 36.415, 400, 267.17]])
        let image = try s.render(bindings(photo: wide)).makeImage()
        XCTAssertEqual(image.pixel(x: 250, y: 316), 0xFFFF_FFFF, "the rule, 8 below the image's bottom")
        XCTAssertEqual(image.pixel(x: 250, y: 308), 0xFF00_0000, "the gap between the image and the rule")
        XCTAssertEqual(image.pixel(x: 250, y: 326), 0xFF00_0000, "below the rule: nothing, though the box goes on to 320")
    }

    func testNoBandsAreDrawnAndTheCornersRoundTheImageItself() throws {
        // Red 1060×708 into (40, 60, 400, 400) on black: red from y 126.415 to 393.585, black
        // above and below inside the box (an aspectFit content mode would draw the same pixels,
        // but its element would be the whole box).
        let red = try photo(1060, 708, color: 0xFF0000)
        let image = try scene(fitted(extra: #", "cornerRadius": 40"#)).render(bindings(photo: red)).makeImage()
        XCTAssertEqual(image.pixel(x: 240, y: 100), 0xFF00_0000, "above the fitted image, inside the box")
        XCTAssertEqual(image.pixel(x: 240, y: 127), 0xFFFF_0000)
        XCTAssertEqual(image.pixel(x: 240, y: 392), 0xFFFF_0000, "the last row wholly inside (393 is 0.585 covered)")
        XCTAssertEqual(image.pixel(x: 240, y: 420), 0xFF00_0000, "below the fitted image, inside the box")
        // The radius rounds the fitted rectangle's corners, (40, 126.415) and (440, 393.585):
        // a point 3 in from the corner is outside a 40-point arc, one 40 in is inside.
        XCTAssertEqual(image.pixel(x: 43, y: 129), 0xFF00_0000)
        XCTAssertEqual(image.pixel(x: 436, y: 390), 0xFF00_0000)
        XCTAssertEqual(image.pixel(x: 80, y: 167), 0xFFFF_0000)
    }

    /// What a scene draws for the three operations is what the `Raster` operations make: an
    /// image's own fitted size, a size, an aspect-fill thumbnail (within one level).
    func testTheOperationsMatchTheRasterAPI() throws {
        let source = try photo(400, 200)
        // 400×200 fitted into 120×75: 120 × 60, drawn at the top of the box on a 120×60 canvas.
        let fit = try scene(fitted("top", frame: "[0, 0, 120, 75]"), size: (120, 60)).render(bindings(photo: source)).makeImage()
        try assertSame(fit, try source.aspectScaled(toFitWidth: 120, height: 75))
        let sized = try scene(#"{"type": "image", "src": {"from": "eventPhoto"}, "frame": [0, 0, 90, 70]}"#, size: (90, 70))
            .render(bindings(photo: source)).makeImage()
        try assertSame(sized, try source.scaled(toWidth: 90, height: 70))
        let thumbnail = try scene(#"{"type": "image", "src": {"from": "eventPhoto"}, "frame": [0, 0, 120, 75], "contentMode": "aspectFill", "clipsToBounds": true}"#,
                                  size: (120, 75)).render(bindings(photo: source)).makeImage()
        try assertSame(thumbnail, try source.aspectFillThumbnail(width: 120, height: 75))
    }

    func assertSame(_ a: Image, _ b: Image, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual([a.width, a.height], [b.width, b.height], file: file, line: line)
        var worst = 0
        for y in 0..<min(a.height, b.height) {
            for x in 0..<min(a.width, b.width) {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                for shift in [0, 8, 16, 24] as [UInt32] {
                    worst = max(worst, abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)))
                }
            }
        }
        XCTAssertLessThanOrEqual(worst, 1, "largest channel difference", file: file, line: line)
    }

    func testAFileImageAndAnEmptyBox() throws {
        // landscape.png is 160×90; into 100×100 at (0, 0): w = 100, h = 90 × 100 / 160 = 56.25,
        // y = (100 − 56.25)/2 = 21.875.
        let file = try scene(#"{"type": "image", "src": "images/landscape.png", "frame": [0, 0, 100, 100], "sizing": "aspectFit"}"#)
        XCTAssertEqual(try imageFrames(file, .sample), [[0, 21.875, 100, 56.25]])
        // A box with no width has no fitted image: an empty frame, nothing drawn.
        let empty = try scene(#"{"type": "image", "src": "images/landscape.png", "frame": [10, 10, 0, 100], "sizing": "aspectFit"}"#)
        XCTAssertEqual(try imageFrames(empty, .sample), [[10, 60, 0, 0]])
        XCTAssertEqual(try empty.render().makeImage().pixel(x: 10, y: 60), 0xFF00_0000)
    }

    func testBadSizingIsAnErrorNamingTheField() {
        let base = #""type": "image", "src": "images/landscape.png", "frame": [0, 0, 10, 10]"#
        for (fields, message) in [
            (#", "sizing": "fit""#, #"elements[0].sizing: expected "frame" or "aspectFit", got "fit""#),
            (#", "sizing": true"#, "elements[0].sizing: expected a string"),
            (#", "alignment": "top""#, #"elements[0].alignment: alignment places an image fitted into its frame: it needs "sizing": "aspectFit""#),
            (#", "sizing": "aspectFit", "alignment": "middle""#, #"elements[0].alignment: expected one of "center", "top""#),
            (#", "sizing": "aspectFit", "contentMode": "aspectFill""#, #"elements[0].contentMode: an image with "sizing": "aspectFit" is its own fitted size"#),
        ] {
            var parser = SceneParser(baseDirectory: SceneGoldenTests.cases)
            XCTAssertThrowsError(try parser.parse(Data(#"{"width": 10, "height": 10, "elements": [{\#(base)\#(fields)}]}"#.utf8))) { error in
                XCTAssertTrue("\(error)".hasPrefix(message), "\(fields): \(error)")
            }
        }
        var parser = SceneParser(baseDirectory: SceneGoldenTests.cases)
        let crop = #"{"width": 10, "height": 10, "elements": [{"type": "image", "src": {"from": "eventPhoto"}, "frame": [0, 0, 10, 10], "sizing": "aspectFit", "crop": "mainFace"}]}"#
        XCTAssertThrowsError(try parser.parse(Data(crop.utf8))) { error in
            XCTAssertEqual("\(error)", #"elements[0].crop: an image with "sizing": "aspectFit" shows the whole photo: it is not cropped"#)
        }
    }
}
