import Foundation
import Geometry
import Raster
import Scene
import XCTest

/// The `clearOfFaces` rule in the scene language: an option is judged by the faces the card
/// shows once it is drawn (its own images bring theirs, its opaque rectangles hide those under
/// them), the first clear option wins, and the faces after the choice are the kept option's.
///
/// A 400×400 grey photo drawn whole on a 400×400 canvas, with a face at (150, 150, 100, 100):
/// with its hair the face counts from y 120 to 250. "Hi there" at 40 points, centred in a
/// 60-point-tall box at y 160 lies over it; in the box at y 330 it is clear.
final class ClearOfFacesChoiceTests: XCTestCase {
    static let face = Rect(x: 150, y: 150, width: 100, height: 100)
    static let photo = Result { try Image(width: 400, height: 400, premultipliedARGB: [UInt32](repeating: 0xFF808080, count: 400 * 400)) }
    static let image = ##"{"type": "image", "src": {"from": "eventPhoto"}, "frame": [0, 0, 400, 400], "contentMode": "aspectFill", "clipsToBounds": true}"##

    static func label(y: Double) -> String {
        ##"{"type": "label", "frame": [0, \##(y), 400, 60], "text": "{title}", "font": {"size": 40, "color": "#ffffff"}, "maxLines": 1}"##
    }
    static let overFace = label(y: 160), clear = label(y: 330)

    /// Resolves a scene of `elements` with the photo and its face (or `faces`).
    func resolve(_ elements: [String], faces: [Rect] = [face]) throws -> ResolvedScene {
        var parser = SceneParser(baseDirectory: CardGoldenTests.repository)
        let scene = try parser.parse(Data(##"{"width": 400, "height": 400, "elements": [\##(elements.joined(separator: ", "))]}"##.utf8))
        let renderer = try CardGoldenTests.renderer.get()
        let bindings = SceneBindings(values: [.title: "Hi there"], colors: SceneBindings.sample.colors, photo: try Self.photo.get(), photoFaces: faces)
        return try scene.resolve(bindings, text: SceneTextContext(fonts: renderer.fonts, glyphCache: renderer.glyphCache))
    }

    /// The tops of the texts' frames, in drawing order.
    func textTops(_ elements: [String], faces: [Rect] = [face]) throws -> [Double] {
        try resolve(elements, faces: faces).placedElements.filter { $0.kind == "text" }.map { $0.frame[1] }
    }

    static func choice(_ options: [String]...) -> String {
        ##"{"type": "choice", "by": "clearOfFaces", "options": [\##(options.map { "[" + $0.joined(separator: ", ") + "]" }.joined(separator: ", "))]}"##
    }

    func testAnOptionsOwnPhotoBringsItsFaces() throws {
        XCTAssertEqual(try textTops([Self.choice([Self.image, Self.overFace], [Self.image, Self.clear])]), [330],
                       "no image before the choice, but the first option's own photo puts the face under its text")
        XCTAssertEqual(try textTops([Self.choice([Self.image, Self.overFace], [Self.image, Self.clear])], faces: []), [160])
    }

    /// A filter that turns the photo turns its faces with it: upside down, a face at the top
    /// is at the bottom, with its hair below it, whether the image or a group around it turns.
    func testAStraightenedPhotosFacesTurnWithIt() throws {
        let nearTop = [Rect(x: 150, y: 30, width: 100, height: 80)]
        let top = Self.label(y: 20), bottom = Self.label(y: 330)
        func image(_ filters: String) -> String {
            ##"{"type": "image", "src": {"from": "eventPhoto"}, "frame": [0, 0, 400, 400], "contentMode": "aspectFill", "clipsToBounds": true, "filters": [\##(filters)]}"##
        }
        XCTAssertEqual(try textTops([image(""), Self.choice([top], [bottom])], faces: nearTop), [330], "the face is at the top")
        for turned in [image(#"{"straighten": 180}"#), image(#"{"ciStraighten": 3.14159265358979}"#),
                       ##"{"type": "group", "filters": [{"straighten": 180}], "elements": [\##(image(""))]}"##] {
            XCTAssertEqual(try textTops([turned, Self.choice([top], [bottom])], faces: nearTop), [20], turned)
            XCTAssertEqual(try textTops([turned, Self.choice([bottom], [top])], faces: nearTop), [20], turned)
        }
        // A quarter turn puts the face at a side, clear of both bands: the first is kept.
        XCTAssertEqual(try textTops([image(#"{"straighten": 90}"#), Self.choice([bottom], [top])], faces: nearTop), [330])
        XCTAssertEqual(try textTops([image(#"{"straighten": 90}"#), Self.choice([top], [bottom])], faces: nearTop), [20])
    }

    func testAnOpaqueRectangleHidesTheFacesUnderIt() throws {
        func cover(_ extra: String, fill: String = "#000000") -> String {
            ##"{"type": "rect", "frame": [0, 100, 400, 200], "fill": "\##(fill)"\##(extra)}"##
        }
        XCTAssertEqual(try textTops([Self.image, Self.choice([cover(""), Self.overFace], [Self.clear])]), [160],
                       "the band covers the face, so the text on it is clear")
        XCTAssertEqual(try textTops([Self.image, Self.choice([cover("", fill: "palette"), Self.overFace], [Self.clear])]), [160],
                       "the palette colour is opaque")
        XCTAssertEqual(try textTops([Self.image, Self.choice([cover("", fill: "#000000cc"), Self.overFace], [Self.clear])]), [330],
                       "a translucent fill shows the face")
        XCTAssertEqual(try textTops([Self.image, Self.choice([cover(#", "cornerRadius": 8"#), Self.overFace], [Self.clear])]), [330],
                       "only a rectangle with square corners counts")
        let filtered = ##"{"type": "group", "filters": [{"blur": 4}], "elements": [\##(cover(""))]}"##
        XCTAssertEqual(try textTops([Self.image, Self.choice([filtered, Self.overFace], [Self.clear])]), [330],
                       "a filter may soften the cover")
        let clipped = ##"{"type": "group", "clip": {"frame": [0, 0, 400, 110]}, "elements": [\##(cover(""))]}"##
        XCTAssertEqual(try textTops([Self.image, Self.choice([clipped, Self.overFace], [Self.clear])]), [330],
                       "clipped to y 100…110, the cover ends above the hair, which starts at 120")
        XCTAssertEqual(try textTops([Self.image, cover(""), Self.choice([Self.overFace], [Self.clear])]), [160],
                       "a cover before the choice hides the face too")
    }

    /// Text that reaches 1 % of the face's area (hair included) into it is clear, so the first
    /// option is kept although the second covers nothing; 3 % is not.
    func testTheFirstOptionWithinTheClearFractionWins() throws {
        let line = try XCTUnwrap(resolve([Self.overFace], faces: []).elements.compactMap { element -> Rect? in
            if case .text(let text) = element { return text.lineBounds.first }
            return nil
        }.first)
        XCTAssertGreaterThan(line.width, 100)
        // A face 100 by 100 under the line's middle, the top of its hair `fraction` × 130 above the
        // line's foot: the overlap is that share of the 100 × 130 region.
        func face(reaching fraction: Double) -> Rect {
            Rect(x: line.midX - 50, y: line.maxY - fraction * 130 + 30, width: 100, height: 100)
        }
        // The face is now lower (y 240…340), so the other option's line is at the top.
        let top = Self.label(y: 20)
        XCTAssertEqual(try textTops([Self.image, Self.choice([Self.overFace], [top])], faces: [face(reaching: 0.01)]), [160])
        XCTAssertEqual(try textTops([Self.image, Self.choice([Self.overFace], [top])], faces: [face(reaching: 0.03)]), [20])
    }

    func testWhenNoOptionIsClearTheLeastCoveredWinsAndTheEarlierOnATie() throws {
        // The box at y 218 puts the line's lower part below the face's foot at 250: it covers less.
        XCTAssertEqual(try textTops([Self.image, Self.choice([Self.overFace], [Self.label(y: 218)])]), [218])
        XCTAssertEqual(try textTops([Self.image, Self.choice([Self.label(y: 218)], [Self.overFace])]), [218])
        // Moved 2 points right, the centred line still spans the face: the same overlap, so the first.
        let moved = ##"{"type": "label", "frame": [2, 160, 400, 60], "text": "{title}", "font": {"size": 40, "color": "#ffffff"}, "maxLines": 1}"##
        func lefts(_ options: [String]...) throws -> [Double] {
            try resolve([Self.image, Self.choice(options[0], options[1])]).placedElements.filter { $0.kind == "text" }.map { $0.frame[0] }
        }
        XCTAssertEqual(try lefts([moved], [Self.overFace]), [2])
        XCTAssertEqual(try lefts([Self.overFace], [moved]), [0])
    }

    /// A later choice sees the faces the kept option left: not those of an option resolved
    /// and dropped, and not those a kept option covered.
    func testTheFacesAfterAChoiceAreThoseOfTheOptionKept() throws {
        let covered = ##"{"type": "rect", "frame": [0, 0, 400, 400], "fill": "#000000"}"##
        let later = Self.choice([Self.overFace], [Self.clear])
        XCTAssertEqual(try textTops([Self.image, Self.choice([covered], [Self.clear]), later]), [160],
                       "the first choice kept the cover, so the second sees no face")
        XCTAssertEqual(try textTops([Self.choice([Self.image, Self.overFace], [Self.clear]), later]), [330, 160],
                       "the photo of the dropped first option is not on the card")
        XCTAssertEqual(try textTops([Self.choice([Self.image, Self.clear], [Self.overFace]), later]), [330, 330])
    }
}
