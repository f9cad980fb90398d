import Foundation
import Geometry
import Raster
import Scene
import XCTest

/// A label's `scrim`: a layer of one colour laid under its lines only as strongly as the
/// ground drawn so far needs for the text to reach the contrast asked for, read again at the
/// worst pixel under the lines once it is laid.
///
/// The scenes are 400×200: "Hi there" in white at 40 points in a 60-point-tall box. #767676
/// is the lightest grey with 4.5:1 against white (4.54:1; #777777 has 4.48:1), worked out from
/// WCAG 2's formula.
final class TextScrimTests: XCTestCase {
    static func label(y: Double = 120, color: String = "#ffffff", scrim: String?) -> String {
        ##"{"type": "label", "frame": [20, \##(y), 360, 60], "text": "{title}", "font": {"size": 40, "color": "\##(color)"}, "maxLines": 1"##
            + (scrim.map { ##", "scrim": \##($0)"## } ?? "") + "}"
    }

    /// Draws `elements` over `background`, reading the ground under the label's lines after
    /// its scrim (just before its glyphs).
    func draw(_ elements: [String], background: String = "#ffffff", photo: Image? = nil,
              scale: Double = 1) throws -> (canvas: Canvas, ground: GroundExtremes, text: ResolvedText) {
        var parser = SceneParser(baseDirectory: CardGoldenTests.repository)
        let json = ##"{"width": 400, "height": 200, "background": "\##(background)", "elements": [\##(elements.joined(separator: ", "))]}"##
        let scene = try parser.parse(Data(json.utf8))
        let renderer = try CardGoldenTests.renderer.get()
        let bindings = SceneBindings(values: [.title: "Hi there"], colors: SceneBindings.sample.colors, photo: photo, photoFaces: [])
        let resolved = try scene.resolve(bindings, scale: scale, text: SceneTextContext(fonts: renderer.fonts, glyphCache: renderer.glyphCache))
        let (canvas, ground) = try resolved.draw(measuringGroundOf: { $0.fields.contains(.title) })
        return (canvas, try XCTUnwrap(ground), try XCTUnwrap(resolved.texts.first))
    }

    func contrast(_ ground: GroundExtremes, text: Color = .white) -> Double {
        min(text.contrastRatio(asTextOver: ground.lightest), text.contrastRatio(asTextOver: ground.darkest))
    }

    func testAWhiteGroundIsShadedJustEnough() throws {
        for scale in [1.0, 2.0] {
            let drawn = try draw([Self.label(scrim: #"{"contrast": 4.5}"#)], scale: scale)
            XCTAssertGreaterThanOrEqual(contrast(drawn.ground), 4.5, "scale \(scale)")
            XCTAssertTrue(drawn.ground.isUniform, "a uniform layer over a uniform ground")
            // Just enough: within a step of #767676, not darker.
            let grey = drawn.ground.lightest.red * 255
            XCTAssertGreaterThanOrEqual(grey.rounded(), 0x75, "scale \(scale): \(drawn.ground.lightest.hexString)")
            XCTAssertLessThanOrEqual(grey.rounded(), 0x76, "scale \(scale): \(drawn.ground.lightest.hexString)")
        }
        // A lower minimum asks for less: 3:1 against white is #959595 (3.03:1).
        let lighter = try draw([Self.label(scrim: #"{"contrast": 3}"#)])
        XCTAssertGreaterThanOrEqual(contrast(lighter.ground), 3)
        XCTAssertLessThan(contrast(lighter.ground), 3.1)
    }

    func testAGroundThatAlreadyGivesTheContrastIsLeftAsItIs() throws {
        for background in ["#202020", "#767676", "#7b4397"] {
            let with = try draw([Self.label(scrim: #"{"contrast": 4.5}"#)], background: background)
            let without = try draw([Self.label(scrim: nil)], background: background)
            XCTAssertEqual(try with.canvas.makeImage().pngData(), try without.canvas.makeImage().pngData(), background)
        }
    }

    /// A bright, noisy photo: the extremes the shade is worked out on change as it is laid,
    /// and the ground is read again, so the worst pixel still reaches the minimum.
    func testANoisyLightPhotoReachesTheMinimumAtItsWorstPixel() throws {
        var seed: UInt32 = 12345
        let pixels = (0..<(400 * 200)).map { _ -> UInt32 in
            var word: UInt32 = 0xFF00_0000
            for shift: UInt32 in [16, 8, 0] {
                seed = seed &* 1_103_515_245 &+ 12345
                word |= (150 + (seed >> 16) % 106) << shift
            }
            return word
        }
        let photo = try Image(width: 400, height: 200, premultipliedARGB: pixels)
        let image = ##"{"type": "image", "src": {"from": "eventPhoto"}, "frame": [0, 0, 400, 200]}"##
        for minimum in [3.0, 4.5, 7.0] {
            let drawn = try draw([image, Self.label(scrim: #"{"contrast": \#(minimum), "feather": 8}"#)], photo: photo)
            XCTAssertGreaterThanOrEqual(contrast(drawn.ground), minimum)
            XCTAssertLessThan(contrast(drawn.ground), minimum + 0.25, "not much darker than it needs")
            XCTAssertFalse(drawn.ground.isUniform)
        }
    }

    func testDarkTextGetsALightScrim() throws {
        let drawn = try draw([Self.label(color: "#000000", scrim: ##"{"color": "#ffffff", "contrast": 7}"##)], background: "#000000")
        XCTAssertGreaterThanOrEqual(contrast(drawn.ground, text: .black), 7)
        XCTAssertLessThan(contrast(drawn.ground, text: .black), 7.3)
    }

    /// Translucent white can never reach 21:1: the grey that gives it the most is laid, once.
    /// That is not black: 30 % white shows over black at 2.46:1, over #1c1c1c at 2.73:1.
    func testAMinimumOutOfReachGetsTheBestLayerOnce() throws {
        let text = Color(red: 1, green: 1, blue: 1, alpha: 0.3)
        let drawn = try draw([Self.label(color: "#ffffff4d", scrim: #"{"contrast": 21}"#)], background: "#ffffff")
        let best = (0...255).map { contrast(GroundExtremes(darkest: Color(gray: Double($0) / 255), lightest: Color(gray: Double($0) / 255)), text: text) }.max()!
        XCTAssertEqual(contrast(drawn.ground, text: text), best, accuracy: 0.01, drawn.ground.lightest.hexString)
    }

    func testTheLinesExtentFadesOutWithinTheFeather() throws {
        let drawn = try draw([Self.label(scrim: #"{"contrast": 4.5, "feather": 20}"#)])
        let image = drawn.canvas.makeImage()
        let box = try XCTUnwrap(drawn.text.lineBoxes.first)
        let y = Int(box.midY), right = Int(box.maxX.rounded(.up))
        func grey(_ x: Int, _ y: Int) -> UInt32 { image.pixel(x: x, y: y) & 0xff }
        let inside = grey(Int(box.minX) + 1, Int(box.minY) + 1)
        XCTAssertLessThanOrEqual(inside, 0x76)
        // Lighter step by step across the feather, white from 20 points out.
        var previous = inside
        for dx in stride(from: 2, through: 19, by: 3) {
            let g = grey(right + dx, y)
            XCTAssertGreaterThanOrEqual(g, previous, "\(dx) points beyond the lines")
            previous = g
        }
        XCTAssertGreaterThan(grey(right + 10, y), inside)
        XCTAssertLessThan(grey(right + 10, y), 0xff)
        XCTAssertEqual(grey(right + 21, y), 0xff)
        XCTAssertEqual(grey(Int(box.midX), Int(box.minY) - 21), 0xff)
        XCTAssertEqual(grey(2, 2), 0xff)
    }

    func testABandReachesTheNearerEdgeOfTheCanvas() throws {
        // In the lower half: whole from the lines down to the bottom edge, across the width.
        let low = try draw([Self.label(y: 120, scrim: #"{"contrast": 4.5, "feather": 10, "extent": "band"}"#)])
        let lowImage = low.canvas.makeImage(), lowBox = try XCTUnwrap(low.text.lineBoxes.first)
        let shade = lowImage.pixel(x: Int(lowBox.midX), y: Int(lowBox.midY))
        XCTAssertLessThan(shade & 0xff, 0xff)
        for (x, y) in [(0, 199), (399, 199), (0, Int(lowBox.maxY) + 2), (399, Int(lowBox.midY))] {
            XCTAssertEqual(lowImage.pixel(x: x, y: y), shade, "(\(x), \(y))")
        }
        XCTAssertEqual(lowImage.pixel(x: 200, y: Int(lowBox.minY) - 11), 0xFFFF_FFFF, "above the fade")
        XCTAssertEqual(lowImage.pixel(x: 200, y: 0), 0xFFFF_FFFF)
        // In the upper half: from the top edge down to the lines.
        let high = try draw([Self.label(y: 10, scrim: #"{"contrast": 4.5, "feather": 10, "extent": "band"}"#)])
        let highImage = high.canvas.makeImage(), highBox = try XCTUnwrap(high.text.lineBoxes.first)
        XCTAssertEqual(highImage.pixel(x: 0, y: 0), highImage.pixel(x: Int(highBox.midX), y: Int(highBox.midY)))
        XCTAssertEqual(highImage.pixel(x: 200, y: 199), 0xFFFF_FFFF)
    }

    /// Lines past a clip are neither shaded nor read: the shade inside is the unclipped one,
    /// not three layers laid against white pixels no layer can reach.
    func testAClippedLabelsScrimStaysInsideTheClip() throws {
        let group = ##"{"type": "group", "clip": {"frame": [0, 0, 200, 200]}, "elements": [\##(Self.label(scrim: #"{"contrast": 4.5, "extent": "band"}"#))]}"##
        let drawn = try draw([group])
        let image = drawn.canvas.makeImage()
        let unclipped = try draw([Self.label(scrim: #"{"contrast": 4.5, "extent": "band"}"#)]).canvas.makeImage()
        XCTAssertLessThan(image.pixel(x: 199, y: 199) & 0xff, 0xff)
        XCTAssertEqual(image.pixel(x: 199, y: 199), unclipped.pixel(x: 199, y: 199))
        XCTAssertEqual(image.pixel(x: 200, y: 199), 0xFFFF_FFFF, "outside the clip")
        XCTAssertEqual(image.pixel(x: 399, y: 150), 0xFFFF_FFFF, "outside the clip")
    }

    /// A coloured scrim shades colours unevenly, so a pixel between the extremes can end up
    /// worst. Under white text at 3:1, #c08080 over #00ffc8 (the lightest) and #8080c8 (the
    /// darkest) needs 222/255, which leaves #c8c880 at 2.93:1 (worked out in the canvas's
    /// 8-bit arithmetic): the ground is read again and a second layer laid.
    func testAPixelThatTurnsOutWorstGetsASecondLayer() throws {
        let stripes: [UInt32] = [0xFF00_FFC8, 0xFFC8_C880, 0xFF80_80C8]
        // Stripes 10 pixels wide, so the line's box lies over all three.
        let pixels = (0..<(400 * 200)).map { stripes[($0 % 400) / 10 % 3] }
        let photo = try Image(width: 400, height: 200, premultipliedARGB: pixels)
        let image = ##"{"type": "image", "src": {"from": "eventPhoto"}, "frame": [0, 0, 400, 200]}"##
        let label = ##"{"type": "label", "frame": [0, 120, 400, 60], "text": "{title}", "font": {"size": 40, "color": "#ffffff"}, "maxLines": 1, "scrim": {"color": "#c08080", "contrast": 3, "extent": "band"}}"##
        let drawn = try draw([image, label], photo: photo)
        XCTAssertGreaterThanOrEqual(contrast(drawn.ground), 3, "\(drawn.ground)")
    }

    func testBadScrimsAreRefusedByName() throws {
        for (scrim, expected) in [(#"{"opacity": 0.5}"#, "opacity"), (#"{"contrast": 0.5}"#, "contrast"), (#"{"contrast": 30}"#, "contrast"),
                                  (#"{"feather": -1}"#, "feather"), (#"{"extent": "box"}"#, "box"), (##""#000000""##, "scrim")] {
            var parser = SceneParser(baseDirectory: CardGoldenTests.repository)
            let json = ##"{"width": 400, "height": 200, "elements": [\##(Self.label(scrim: scrim))]}"##
            XCTAssertThrowsError(try parser.parse(Data(json.utf8)), scrim) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(scrim): \(error)")
            }
        }
    }
}
