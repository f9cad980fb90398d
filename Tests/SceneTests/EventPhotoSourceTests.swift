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
            (##"{"from": "eventPhoto", "placeholder": "missing.png"}"##, "elements[0].src.placeholder: cannot read image file missing.png"),
        ] {
            XCTAssertThrowsError(try scene(src)) { error in
                XCTAssertTrue("\(error)".hasPrefix(message), "\(src): \(error)")
            }
        }
    }
}
