import Foundation
import Geometry
import Raster
import Scene
import XCTest

/// `"src": {"from": "eventPhoto"}`: the event's photo when the bindings carry one, else the
/// placeholder, else nothing.
final class EventPhotoSourceTests: XCTestCase {
    func scene(_ src: String) throws -> Scene {
        var parser = SceneParser(baseDirectory: SceneGoldenTests.cases)
        return try parser.parse(Data(##"{"width": 4, "height": 4, "background": "#000000", "elements": [{"type": "image", "src": \##(src), "frame": [0, 0, 4, 4]}]}"##.utf8))
    }

    func render(_ scene: Scene, photo: Image?) throws -> UInt32 {
        let bindings = SceneBindings(values: [:], colors: SceneBindings.sample.colors, photo: photo)
        return try scene.render(bindings).pixel(x: 2, y: 2)
    }

    func testThePhotoIsDrawnAndWithoutOneTheElementIsLeftOut() throws {
        let red = try Image(width: 1, height: 1, premultipliedARGB: [0xFFFF0000])
        let scene = try scene(##"{"from": "eventPhoto"}"##)
        XCTAssertTrue(scene.showsEventPhoto)
        XCTAssertEqual(try render(scene, photo: red), 0xFFFF0000)
        XCTAssertEqual(try render(scene, photo: nil), 0xFF000000)
        XCTAssertTrue(scene.assets.isEmpty)
    }

    func testThePlaceholderStandsInWithoutAPhoto() throws {
        let file = try scene(##""images/landscape.png""##)
        let placeholder = try scene(##"{"from": "eventPhoto", "placeholder": "images/landscape.png"}"##)
        XCTAssertFalse(file.showsEventPhoto)
        XCTAssertEqual(placeholder.assets.count, 1)
        XCTAssertEqual(try render(placeholder, photo: nil), try render(file, photo: nil))
        let green = try Image(width: 1, height: 1, premultipliedARGB: [0xFF00FF00])
        XCTAssertEqual(try render(placeholder, photo: green), 0xFF00FF00)
        // A plain file is never replaced by the photo.
        XCTAssertEqual(try render(file, photo: green), try render(file, photo: nil))
    }

    func testBadSourcesNameTheField() {
        for (src, message) in [
            (##"{"from": "camera"}"##, "elements[0].src.from: the only image source besides a file is \"eventPhoto\""),
            (##"{}"##, "elements[0].src.from: is required"),
            (##"{"from": "eventPhoto", "fallback": "images/landscape.png"}"##, "elements[0].src.fallback: unknown field"),
            (##"{"from": "eventPhoto", "placeholder": "missing.png"}"##, "elements[0].src.placeholder: cannot read image file missing.png: no such file"),
        ] {
            XCTAssertThrowsError(try scene(src)) { error in
                XCTAssertTrue("\(error)".hasPrefix(message), "\(src): \(error)")
            }
        }
    }
}

/// An aspect-filled event photo with faces is cropped to keep them (`Framing`), not about
/// its centre.
final class EventPhotoFramingTests: XCTestCase {
    func testAspectFillKeepsTheFaces() throws {
        // 100×200: red above y = 60, blue below; a face at the top.
        let pixels = (0..<200).flatMap { y in [UInt32](repeating: y < 60 ? 0xFFFF0000 : 0xFF0000FF, count: 100) }
        let photo = try Image(width: 100, height: 200, premultipliedARGB: pixels)
        var parser = SceneParser(baseDirectory: SceneGoldenTests.cases)
        let scene = try parser.parse(Data(##"{"width": 100, "height": 50, "elements": [{"type": "image", "src": {"from": "eventPhoto"}, "frame": [0, 0, 100, 50], "contentMode": "aspectFill"}]}"##.utf8))
        func centre(faces: [Rect]) throws -> UInt32 {
            try scene.render(SceneBindings(values: [:], colors: SceneBindings.sample.colors, photo: photo, photoFaces: faces)).pixel(x: 50, y: 25)
        }
        XCTAssertEqual(try centre(faces: []), 0xFF0000FF, "about the centre: y 75…125, all blue")
        XCTAssertEqual(try centre(faces: [Rect(x: 30, y: 10, width: 40, height: 40)]), 0xFFFF0000, "the face's band, near the top")
    }
}
