import Foundation
import Geometry
import Raster
import Scene
import XCTest

/// Gradient stops in a scene may take palette references, so one template's gradient follows
/// each palette colour; `"lightness"` scales a reference's HSL lightness.
final class GradientReferenceStopTests: XCTestCase {
    func parse(_ json: String) throws -> Scene {
        var parser = SceneParser(baseDirectory: SceneGoldenTests.cases)
        return try parser.parse(Data(json.utf8))
    }

    func colors(_ background: String, _ foreground: String = "#ffffff") -> PaletteColors {
        let ground = Color(hex: background)!
        return PaletteColors(foreground: Color(hex: foreground)!, background: ground, backgroundPaint: .solid(ground))
    }

    func pixels(_ scene: Scene, _ colors: PaletteColors) throws -> (left: UInt32, right: UInt32) {
        let image = try scene.render(SceneBindings(values: SceneBindings.sample.values, colors: colors)).makeImage()
        return (image.pixel(x: 0, y: 5), image.pixel(x: 99, y: 5))
    }

    /// A stop of `"background"` and one of the background at half its lightness: each palette
    /// colour gives its own ends. Both geometries: points only (resolved once when parsed,
    /// unless a stop needs the palette) and canvas fractions.
    func testStopsFollowThePaletteColour() throws {
        for from in ["[0, 0]", #"["0%", 0]"#] {
            let scene = try parse(##"""
            {"width": 100, "height": 10, "elements": [{"type": "rect", "frame": [0, 0, 100, 10],
              "fill": {"linear": {"from": \##(from), "to": [100, 0],
                "stops": [[0, "background"], [1, {"ref": "background", "lightness": 0.5}]]}}}]}
            """##)
            // #808080 at half lightness is #404040; #ff0000 (lightness 0.5) is #800000. The end
            // pixels' centres lie half a pixel inside the gradient, so each end may be a level off.
            let grey = try pixels(scene, colors("#808080"))
            assertNear(grey.left, 0xFF80_8080, from)
            assertNear(grey.right, 0xFF40_4040, from)
            let red = try pixels(scene, colors("#ff0000"))
            assertNear(red.left, 0xFFFF_0000, from)
            assertNear(red.right, 0xFF80_0000, from)
        }
    }

    func assertNear(_ got: UInt32, _ expected: UInt32, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        for shift: UInt32 in [24, 16, 8, 0] {
            let a = Int((got >> shift) & 0xFF), b = Int((expected >> shift) & 0xFF)
            XCTAssertLessThanOrEqual(abs(a - b), 1, "\(message): \(String(got, radix: 16)) against \(String(expected, radix: 16))",
                                     file: file, line: line)
        }
    }

    func testFixedStopsStillResolveOnce() throws {
        let scene = try parse(##"""
        {"width": 100, "height": 10, "elements": [{"type": "rect", "frame": [0, 0, 100, 10],
          "fill": {"linear": {"from": [0, 0], "to": [100, 0], "stops": [[0, "#ff0000"], [1, "#0000ff"]]}}}]}
        """##)
        XCTAssertEqual(try pixels(scene, colors("#808080")).left, try pixels(scene, colors("#00ff00")).left)
    }

    func testTheReferenceIsRead() throws {
        XCTAssertEqual(try JSONNode.parse(Data(#"{"ref": "background", "lightness": 0.55, "alpha": 0.45}"#.utf8)).colorReference(),
                       .scaledLightness(.background(alpha: 0.45), factor: 0.55))
        func error(_ json: String) -> String {
            do { _ = try JSONNode.parse(Data(json.utf8)).colorReference(); return "parsed" } catch { return "\(error)" }
        }
        XCTAssert(error(#"{"ref": "background", "lightness": 5}"#).contains("lightness"), error(#"{"ref": "background", "lightness": 5}"#))
        XCTAssert(error(#"{"ref": "background", "lightness": 5}"#).contains("4"))
        XCTAssert(error(#"{"ref": "background", "lightness": "dark"}"#).contains("lightness"))
        XCTAssert(error(#"{"ref": "background", "shade": 0.5}"#).contains("shade"))
    }

    /// `"backgroundEnd"` is a gradient background's last stop, and a solid one's colour.
    func testTheBackgroundsEnd() throws {
        XCTAssertEqual(try JSONNode.parse(Data(#"["backgroundEnd"]"#.utf8)).array()[0].colorReference(), .backgroundEnd(alpha: 1))
        let first = Color(hex: "#fff176")!, last = Color(hex: "#4a148c")!
        let gradient = PaletteColors(foreground: .black, background: first, backgroundEnd: last,
                                     backgroundPaint: .linearGradient(start: .zero, end: Point(x: 10, y: 10),
                                                                      stops: [GradientStop(offset: 0, color: first), GradientStop(offset: 1, color: last)]))
        XCTAssertEqual(ColorReference.backgroundEnd(alpha: 0.5).resolve(gradient), last.withAlpha(0.5))
        XCTAssertEqual(ColorReference.background(alpha: 1).resolve(gradient), first)
        XCTAssertEqual(ColorReference.backgroundEnd(alpha: 1).resolve(colors("#e9ddf7")), Color(hex: "#e9ddf7"))
    }

    /// `{"ref": "background", "at": [x, y]}` is the background's colour at that point of the
    /// canvas, in lengths: a gradient's colour there at any angle, a solid colour anywhere.
    func testTheBackgroundAtAPoint() throws {
        func reference(_ json: String) throws -> ColorReference { try JSONNode.parse(Data(json.utf8)).colorReference() }
        XCTAssertEqual(try reference(#"{"ref": "background", "at": ["100%", "50%"], "alpha": 0.4}"#),
                       .backgroundAt(x: .share(.container, numerator: 100, denominator: 100),
                                     y: .share(.container, numerator: 50, denominator: 100), alpha: 0.4))
        XCTAssertEqual(try reference(#"{"ref": "background", "at": [0, 12], "lightness": 0.5}"#),
                       .scaledLightness(.backgroundAt(x: .points(0), y: .points(12), alpha: 1), factor: 0.5))
        func error(_ json: String) -> String {
            do { _ = try reference(json); return "parsed" } catch { return "\(error)" }
        }
        XCTAssert(error(#"{"ref": "foreground", "at": [0, 0]}"#).contains(#"give it with ref "background", not "foreground""#),
                  error(#"{"ref": "foreground", "at": [0, 0]}"#))
        XCTAssert(error(#"{"ref": "background", "at": [0]}"#).contains("expected 2 lengths, found 1"))
        XCTAssert(error(#"{"ref": "background", "at": "corner"}"#).contains("at"), error(#"{"ref": "background", "at": "corner"}"#))
        XCTAssert(error(#"{"ref": "background", "at": [0, "wide"]}"#).contains("at[1]"), error(#"{"ref": "background", "at": [0, "wide"]}"#))

        // Yellow to purple at 45° on a 200×100 canvas, laid as a palette lays it (the corners
        // project on the ends): the line runs (25, 125) → (175, −25), so the bottom-right
        // corner is W / (W + H) = 2/3 of the way and the top right the purple.
        let first = Color(hex: "#fff176")!, last = Color(hex: "#4a148c")!
        let canvas = Size(width: 200, height: 100), half = (200 * 0.5.squareRoot() + 100 * 0.5.squareRoot()) / 2
        let d = 0.5.squareRoot()
        let paint = Paint.linearGradient(start: Point(x: 100 - d * half, y: 50 + d * half), end: Point(x: 100 + d * half, y: 50 - d * half),
                                         stops: [GradientStop(offset: 0, color: first), GradientStop(offset: 1, color: last)])
        let colors = PaletteColors(foreground: .white, background: first, backgroundEnd: last, backgroundPaint: paint, canvas: canvas)
        let corner = try reference(#"{"ref": "background", "at": ["100%", "100%"]}"#).resolve(colors)
        XCTAssertEqual(corner.red, first.red + (last.red - first.red) * 2 / 3, accuracy: 1e-9)
        XCTAssertEqual(corner.green, first.green + (last.green - first.green) * 2 / 3, accuracy: 1e-9)
        XCTAssertEqual(corner.blue, first.blue + (last.blue - first.blue) * 2 / 3, accuracy: 1e-9)
        let topRight = try reference(#"{"ref": "background", "at": ["100%", 0], "alpha": 0.5}"#).resolve(colors)
        XCTAssertEqual(topRight.red, last.red, accuracy: 1e-9)
        XCTAssertEqual(topRight.blue, last.blue, accuracy: 1e-9)
        XCTAssertEqual(topRight.alpha, 0.5, accuracy: 1e-12)
        XCTAssertEqual(ColorReference.backgroundEnd(alpha: 1).resolve(colors), last, "backgroundEnd stays the last stop")
        XCTAssertEqual(try reference(#"{"ref": "background", "at": ["37%", "80vh"]}"#).resolve(self.colors("#e9ddf7")), Color(hex: "#e9ddf7"),
                       "a solid background is its colour anywhere")
    }
}
