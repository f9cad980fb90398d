import Foundation
import Geometry
import Raster
import Scene
import XCTest

/// `"type": "choice"`: lists of elements chosen by the canvas's shape, and the event photo's
/// `"crop": "mainFace"`.
final class ChoiceTests: XCTestCase {
    func parse(_ json: String) throws -> Scene {
        var parser = SceneParser(baseDirectory: SceneGoldenTests.cases)
        return try parser.parse(Data(json.utf8))
    }

    func testCanvasShapePicksTheListForTheCanvas() throws {
        let scene = try parse(##"""
        {"width": 100, "height": 50, "elements": [{"type": "choice", "by": "canvasShape",
          "landscape": [{"type": "rect", "frame": [0, 0, 200, 200], "fill": "#ff0000"}],
          "square": [{"type": "rect", "frame": [0, 0, 200, 200], "fill": "#00ff00"}],
          "portrait": [{"type": "rect", "frame": [0, 0, 200, 200], "fill": "#0000ff"}]}]}
        """##)
        func colour(_ w: Double, _ h: Double) throws -> UInt32 { try scene.render(size: Size(width: w, height: h)).makeImage().pixel(x: 5, y: 5) }
        XCTAssertEqual(try colour(121, 100), 0xFFFF0000, "more than 1.2 times as wide")
        XCTAssertEqual(try colour(120, 100), 0xFF00FF00, "1.2 times is still square")
        XCTAssertEqual(try colour(100, 120), 0xFF00FF00)
        XCTAssertEqual(try colour(100, 121), 0xFF0000FF)
    }

    /// Wide from 2.5:1 (250×100 is wide, 249×100 landscape); without a `wide` list a wide
    /// canvas draws the landscape one.
    func testAWideCanvasDrawsTheWideListOrElseTheLandscapeOne() throws {
        let rect = { (colour: String) in ##"[{"type": "rect", "frame": [0, 0, 2000, 2000], "fill": "\##(colour)"}]"## }
        func scene(wide: Bool) throws -> Scene {
            try parse(##"{"width": 100, "height": 50, "elements": [{"type": "choice", "by": "canvasShape", "landscape": \##(rect("#ff0000")), "square": \##(rect("#00ff00")), "portrait": \##(rect("#0000ff"))\##(wide ? ", \"wide\": " + rect("#ffffff") : "")}]}"##)
        }
        func colour(_ scene: Scene, _ w: Double, _ h: Double) throws -> UInt32 { try scene.render(size: Size(width: w, height: h)).makeImage().pixel(x: 5, y: 5) }
        let withWide = try scene(wide: true), withoutWide = try scene(wide: false)
        XCTAssertEqual(try colour(withWide, 250, 100), 0xFFFFFFFF, "2.5 times as wide is wide")
        XCTAssertEqual(try colour(withWide, 1500, 500), 0xFFFFFFFF, "the banner preset")
        XCTAssertEqual(try colour(withWide, 4096, 320), 0xFFFFFFFF)
        XCTAssertEqual(try colour(withWide, 249, 100), 0xFFFF0000, "just under 2.5 is landscape")
        XCTAssertEqual(try colour(withWide, 1200, 630), 0xFFFF0000, "Open Graph stays landscape")
        XCTAssertEqual(try colour(withWide, 320, 1000), 0xFF0000FF, "a tall strip is portrait, never wide")
        XCTAssertEqual(try colour(withoutWide, 1500, 500), 0xFFFF0000, "no wide list: the landscape one")
    }

    /// Tall from 2.5:1 the other way (100×250 is tall, 100×249 portrait); without a `tall`
    /// list a tall canvas draws the portrait one, and `maxLines` without `tall` the portrait limit.
    func testATallCanvasDrawsTheTallListOrElseThePortraitOne() throws {
        let rect = { (colour: String) in ##"[{"type": "rect", "frame": [0, 0, 5000, 5000], "fill": "\##(colour)"}]"## }
        func scene(tall: Bool) throws -> Scene {
            try parse(##"{"width": 100, "height": 50, "elements": [{"type": "choice", "by": "canvasShape", "landscape": \##(rect("#ff0000")), "portrait": \##(rect("#0000ff"))\##(tall ? ", \"tall\": " + rect("#ffffff") : "")}]}"##)
        }
        func colour(_ scene: Scene, _ w: Double, _ h: Double) throws -> UInt32 { try scene.render(size: Size(width: w, height: h)).makeImage().pixel(x: 5, y: 5) }
        let withTall = try scene(tall: true), withoutTall = try scene(tall: false)
        XCTAssertEqual(try colour(withTall, 100, 250), 0xFFFFFFFF, "2.5 times as tall is tall")
        XCTAssertEqual(try colour(withTall, 320, 4096), 0xFFFFFFFF)
        XCTAssertEqual(try colour(withTall, 100, 249), 0xFF0000FF, "just under 2.5 is portrait")
        XCTAssertEqual(try colour(withTall, 1080, 1920), 0xFF0000FF, "the story preset stays portrait")
        XCTAssertEqual(try colour(withoutTall, 320, 1200), 0xFF0000FF, "no tall list: the portrait one")
        XCTAssertEqual(LineLimit(landscape: 3, square: 4, portrait: 5).lines(for: Size(width: 320, height: 1200)), 5)
        XCTAssertEqual(LineLimit(landscape: 3, square: 4, portrait: 5, tall: 9).lines(for: Size(width: 320, height: 1200)), 9)
    }

    /// A stack's `distribution` is `center` or `equalSpacing` (spread over the frame: checked on
    /// the gradient template in `TallCanvasTests`); another word is refused by name.
    func testAStackDistributionIsCheckedByName() throws {
        XCTAssertNoThrow(try parse(##"{"width": 100, "height": 100, "elements": [{"type": "stack", "frame": [0, 0, 100, 100], "distribution": "equalSpacing", "items": []}]}"##))
        XCTAssertThrowsError(try parse(##"{"width": 100, "height": 100, "elements": [{"type": "stack", "frame": [0, 0, 100, 100], "distribution": "spread", "items": []}]}"##)) {
            XCTAssertTrue("\($0)".contains("equalSpacing"), "\($0)")
        }
    }

    func testLineLimitsByShapeIncludingWide() {
        let limit = LineLimit(landscape: 3, square: 4, portrait: 5, wide: 2)
        XCTAssertEqual(limit.lines(for: Size(width: 1500, height: 500)), 2)
        XCTAssertEqual(limit.lines(for: Size(width: 1024, height: 576)), 3)
        XCTAssertEqual(limit.lines(for: Size(width: 1080, height: 1080)), 4)
        XCTAssertEqual(limit.lines(for: Size(width: 1080, height: 1920)), 5)
        XCTAssertEqual(LineLimit(landscape: 3, square: 4, portrait: 5).lines(for: Size(width: 1500, height: 500)), 3, "wide defaults to landscape")
    }

    func testAnIdMayRecurInEachListAndLaterFramesAnchorToTheOneDrawn() throws {
        let scene = try parse(##"""
        {"width": 100, "height": 50, "background": "#000000", "elements": [{"type": "choice", "by": "canvasShape",
          "landscape": [{"id": "box", "type": "rect", "frame": [0, 0, 10, 10], "fill": "#000000"}],
          "square": [{"id": "box", "type": "rect", "frame": [0, 0, 10, 30], "fill": "#000000"}],
          "portrait": [{"id": "box", "type": "rect", "frame": [0, 0, 10, 10], "fill": "#000000"}]},
          {"type": "rect", "frame": {"left": 0, "width": 5, "top": {"to": "box.bottom"}, "height": 5}, "fill": "#ffffff"}]}
        """##)
        XCTAssertEqual(try scene.render(size: Size(width: 200, height: 100)).makeImage().pixel(x: 2, y: 12), 0xFFFFFFFF)
        XCTAssertEqual(try scene.render(size: Size(width: 100, height: 100)).makeImage().pixel(x: 2, y: 12), 0xFF000000)
        XCTAssertEqual(try scene.render(size: Size(width: 100, height: 100)).makeImage().pixel(x: 2, y: 32), 0xFFFFFFFF)
    }

    func testBadChoicesNameTheField() {
        for (element, message) in [
            (##"{"type": "choice", "by": "weather", "options": []}"##, #"elements[0].by: expected "canvasShape", "clearOfFaces" or "field", got "weather""#),
            (##"{"type": "choice", "by": "clearOfFaces", "options": [[]]}"##, "elements[0].options: give at least two options to choose from"),
            (##"{"type": "choice", "by": "canvasShape", "square": [], "portrait": []}"##, "elements[0].landscape: is required"),
            (##"{"type": "choice", "by": "canvasShape", "landscape": [], "square": [], "portrait": [], "wide": 3}"##, "elements[0].wide: "),
            (##"{"type": "choice", "by": "canvasShape", "landscape": [], "square": [], "portrait": [], "options": []}"##, "elements[0].options: unknown field"),
            (##"{"type": "choice", "by": "clearOfFaces", "options": [[{"type": "rect", "id": "a", "frame": [0, 0, 1, 1], "fill": "#000"}, {"type": "rect", "id": "a", "frame": [0, 0, 1, 1], "fill": "#000"}], []]}"##,
             #"elements[0].options[0][1].id: the id "a" is used twice"#),
            (##"{"type": "image", "src": "images/landscape.png", "frame": [0, 0, 4, 4], "crop": "mainFace"}"##,
             "elements[0].crop: only the event's photo"),
            (##"{"type": "image", "src": {"from": "eventPhoto"}, "frame": [0, 0, 4, 4], "crop": "face"}"##,
             #"elements[0].crop: expected one of "faces", "mainFace", got "face""#),
        ] {
            var parser = SceneParser(baseDirectory: SceneGoldenTests.cases)
            XCTAssertThrowsError(try parser.parse(Data(##"{"width": 4, "height": 4, "elements": [\##(element)]}"##.utf8)), element) { error in
                XCTAssertTrue("\(error)".hasPrefix(message), "\(element): \(error)")
            }
        }
    }

    /// A 200×200 photo, blue with a red face box at (20, 120, 40, 40), into a 100×100 circle.
    func testMainFaceCropFillsTheFrameWithTheFace() throws {
        let face = Rect(x: 20, y: 120, width: 40, height: 40)
        let pixels = (0..<200).flatMap { y in (0..<200).map { x in face.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) ? UInt32(0xFFFF0000) : 0xFF0000FF } }
        let photo = try Image(width: 200, height: 200, premultipliedARGB: pixels)
        func centre(_ crop: String, faces: [Rect]) throws -> UInt32 {
            let scene = try parse(##"{"width": 100, "height": 100, "elements": [{"type": "image", "src": {"from": "eventPhoto"}, "frame": [0, 0, 100, 100], "contentMode": "aspectFill", "cornerRadius": 1000\##(crop)}]}"##)
            return try scene.render(SceneBindings(values: [:], colors: SceneBindings.sample.colors, photo: photo, photoFaces: faces)).pixel(x: 50, y: 50)
        }
        // Crop side 96, centre (40, 136) → (0, 88, 96, 96): the canvas's centre is photo (48, 136), in the face.
        XCTAssertEqual(try centre(#", "crop": "mainFace""#, faces: [face]), 0xFFFF0000)
        XCTAssertEqual(try centre("", faces: [face]), 0xFF0000FF, "every face kept: a square photo in a square frame is whole")
        XCTAssertEqual(try centre(#", "crop": "mainFace""#, faces: []), 0xFF0000FF, "no face: the centre")
    }

    func testALargeCornerRadiusOnASquareFrameIsACircle() throws {
        let scene = try parse(##"{"width": 100, "height": 100, "background": "#000000", "elements": [{"type": "image", "src": {"from": "eventPhoto"}, "frame": [0, 0, 100, 100], "contentMode": "aspectFill", "cornerRadius": 1000000}]}"##)
        let white = try Image(width: 10, height: 10, premultipliedARGB: [UInt32](repeating: 0xFFFFFFFF, count: 100))
        let image = try scene.render(SceneBindings(values: [:], colors: SceneBindings.sample.colors, photo: white)).makeImage()
        XCTAssertEqual(image.pixel(x: 50, y: 2), 0xFFFFFFFF, "top of the circle")
        XCTAssertEqual(image.pixel(x: 8, y: 8), 0xFF000000, "corner outside the circle")
        XCTAssertEqual(image.pixel(x: 16, y: 16), 0xFFFFFFFF, "inside: (16.5, 16.5) is 47.1 from the centre")
        XCTAssertEqual(image.pixel(x: 13, y: 13), 0xFF000000, "outside: (13.5, 13.5) is 51.6 from the centre")
    }
}
