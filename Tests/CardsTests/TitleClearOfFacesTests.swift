import Cards
import Geometry
import Raster
import Scene
import Typesetting
import XCTest

/// The `photo` template's title band goes where it is clear of the photo's faces: the bottom
/// by default, the top when a face is low, and when neither is clear into a band of the
/// palette colour beside the photo (`PhotoTemplateFallbackTests` has real photos). A 1024×576
/// photo on the 1024×576 card is drawn whole, so face boxes in its pixels are boxes on the
/// card (computed by hand below).
///
/// Bottom band: the label's box is y 248…484 and a one-line title is centred in it, about
/// y 330…400; top band: box 92…328, the line about 175…245. A face box counts 0.3 face
/// heights taller, for the hair.
final class TitleClearOfFacesTests: XCTestCase {
    func titleFrame(_ title: String = "Our first apartment together", faces: [Rect], photo: Bool = true) throws -> Rect {
        let template = try CardGoldenTests.catalog.get().template(named: "photo")
        let renderer = try CardGoldenTests.renderer.get()
        let grey = try Image(width: 1024, height: 576, premultipliedARGB: [UInt32](repeating: 0xFF808080, count: 1024 * 576))
        let bindings = SceneBindings(values: [.title: title], colors: SceneBindings.sample.colors, photo: photo ? grey : nil, photoFaces: faces)
        let resolved = try template.scene.resolve(bindings, text: SceneTextContext(fonts: renderer.fonts, glyphCache: renderer.glyphCache))
        let text = try XCTUnwrap(resolved.placedElements.first { $0.fields == ["title"] })
        return Rect(x: text.frame[0], y: text.frame[1], width: text.frame[2], height: text.frame[3])
    }

    func testAFaceLowInTheFramePutsTheTitleAtTheTop() throws {
        // Face y 330…510, with its hair from 276: under the bottom line, clear of the top one.
        XCTAssertEqual(try titleFrame(faces: [Rect(x: 420, y: 330, width: 180, height: 180)]).minY, 92)
    }

    func testAFaceHighInTheFrameKeepsTheTitleAtTheBottom() throws {
        // Face y 40…200 (hair from −8): under the top line, clear of the bottom one.
        XCTAssertEqual(try titleFrame(faces: [Rect(x: 420, y: 40, width: 160, height: 160)]).minY, 248)
    }

    func testWithoutFacesTheTemplatesDefaultBandIsUsed() throws {
        XCTAssertEqual(try titleFrame(faces: []).minY, 248)
        XCTAssertEqual(try titleFrame(faces: [Rect(x: 420, y: 330, width: 180, height: 180)], photo: false).minY, 248,
                       "faces without a photo drawn are nowhere on the card")
    }

    /// A tall face in the middle (hair from 134, chin at 420) lies across both lines, a
    /// right-to-left title's too: neither band is clear, so the photo moves to the trailing
    /// half and the title into the palette-coloured leading half (x 48…471, y 48…528),
    /// mirrored for a right-to-left title.
    func testWhenBothBandsCoverAFaceTheTitleMovesBesideThePhoto() throws {
        let tall = Rect(x: 420, y: 200, width: 170, height: 220)
        let title = try titleFrame(faces: [tall])
        XCTAssertEqual(title, Rect(x: 48, y: 48, width: 423.04, height: 480))
        XCTAssertEqual(try imageFrames(faces: [tall]), [Rect(x: 0, y: 0, width: 1024, height: 576), Rect(x: 512, y: 0, width: 512, height: 576)],
                       "the softened photo under the band, the photo itself beside it")
        let hebrew = try titleFrame("יום הולדת שמח לסבתא רחל", faces: [tall])
        XCTAssertEqual(hebrew.maxX, 1024 - 48, accuracy: 0.002)
        XCTAssertEqual(try imageFrames("יום הולדת שמח לסבתא רחל", faces: [tall]).last, Rect(x: 0, y: 0, width: 512, height: 576))
    }

    func imageFrames(_ title: String = "Our first apartment together", faces: [Rect]) throws -> [Rect] {
        let template = try CardGoldenTests.catalog.get().template(named: "photo")
        let renderer = try CardGoldenTests.renderer.get()
        let grey = try Image(width: 1024, height: 576, premultipliedARGB: [UInt32](repeating: 0xFF808080, count: 1024 * 576))
        let bindings = SceneBindings(values: [.title: title], colors: SceneBindings.sample.colors, photo: grey, photoFaces: faces)
        let resolved = try template.scene.resolve(bindings, text: SceneTextContext(fonts: renderer.fonts, glyphCache: renderer.glyphCache))
        return resolved.placedElements.filter { $0.kind == "image" }.map { Rect(x: $0.frame[0], y: $0.frame[1], width: $0.frame[2], height: $0.frame[3]) }
    }

    func testRightToLeftTitlesChooseTheSameWayAndStayMirrored() throws {
        let hebrew = "יום הולדת שמח לסבתא רחל"
        let low = try titleFrame(hebrew, faces: [Rect(x: 420, y: 330, width: 180, height: 180)])
        XCTAssertEqual(low.minY, 92)
        XCTAssertEqual(low.minX, 48, "leading and trailing insets are equal, so the box is the same; the text is right-aligned in it")
        XCTAssertEqual(try titleFrame(hebrew, faces: [Rect(x: 420, y: 40, width: 160, height: 160)]).minY, 248)
    }
}
