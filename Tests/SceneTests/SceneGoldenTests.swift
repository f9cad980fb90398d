import Foundation
import Raster
import Scene
import TestSupport
import XCTest

/// One golden image per scene file in Cases/ (the resvg way: a case is a file).
final class SceneGoldenTests: XCTestCase {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let cases = testsDirectory.appendingPathComponent("Cases")
    let golden = GoldenImage(directory: testsDirectory.appendingPathComponent("Golden"))

    func render(_ name: String) throws -> Image {
        try SceneParser.load(contentsOf: Self.cases.appendingPathComponent(name + ".json")).render().makeImage()
    }

    func testRecipeShapes() throws { try golden.check(render("recipe-shapes"), named: "recipe-shapes") }
    func testPaints() throws { try golden.check(render("paints"), named: "paints") }
    func testStrokeJoinsAndCaps() throws { try golden.check(render("strokes"), named: "strokes") }
    func testFillRules() throws { try golden.check(render("fill-rules"), named: "fill-rules") }
    func testContentModesLandscape() throws { try golden.check(render("content-modes-landscape"), named: "content-modes-landscape") }
    func testContentModesPortrait() throws { try golden.check(render("content-modes-portrait"), named: "content-modes-portrait") }
    func testFiltersAndChains() throws { try golden.check(render("filters"), named: "filters") }
    func testSnapshotThreeLevelsDeep() throws { try golden.check(render("snapshot"), named: "snapshot") }
    func testClipping() throws { try golden.check(render("clip"), named: "clip") }
    /// Top row: fitted images (centred with a rule anchored 4 below, at the bottom with rounded
    /// corners, a tall one trailing); bottom row, 120×75 each: scaled to the size, the aspect-fill
    /// thumbnail, aspectFit with its bands, fitted to the left with rounded corners.
    func testImageSizing() throws { try golden.check(render("image-sizing"), named: "image-sizing") }

    /// The README's example is the recipe case.
    func testReadmeExampleIsTheRecipe() throws {
        let example = Self.testsDirectory.appendingPathComponent("../../examples/recipe-shapes.json").standardized
        try golden.check(SceneParser.load(contentsOf: example).render().makeImage(), named: "recipe-shapes")
    }

    /// The recipe's geometry, checked pixel by pixel against the description rather than a
    /// recorded image: green rect, blue ellipse, 85 % grey parallelogram over both.
    func testRecipeGeometry() throws {
        let image = try render("recipe-shapes")
        XCTAssertEqual(image.width, 320)
        XCTAssertEqual(image.height, 460)
        XCTAssertEqual(image.pixel(x: 50, y: 150), 0xFF00_FF00, "green rectangle")
        XCTAssertEqual(image.pixel(x: 177, y: 225), 0xFF00_00FF, "blue ellipse centre")
        XCTAssertEqual(image.pixel(x: 300, y: 400), 0xFFFF_FFFF, "white background")
        // Grey 0.4 at alpha 0.85 over white: 0.4·0.85 + 0.15 = 0.49 → 125.
        let overWhite = image.pixel(x: 110, y: 50)
        XCTAssertEqual(Double(overWhite & 0xFF), 125, accuracy: 1)
        // Over green: red and blue 0.34 → 87, green 0.34 + 0.15 → 125.
        let overGreen = image.pixel(x: 60, y: 50)
        XCTAssertEqual(Double((overGreen >> 16) & 0xFF), 87, accuracy: 1)
        XCTAssertEqual(Double((overGreen >> 8) & 0xFF), 125, accuracy: 1)
        // Outside the parallelogram's slanted left edge (x = 0.4·y).
        XCTAssertEqual(image.pixel(x: 10, y: 90), 0xFF00_FF00)
    }

    func testScaleRendersNativelyAtHigherResolution() throws {
        let scene = try SceneParser.load(contentsOf: Self.cases.appendingPathComponent("recipe-shapes.json"))
        let doubled = Scene(size: scene.size, scale: 2, background: scene.background, elements: scene.elements)
        let image = try doubled.render().makeImage()
        XCTAssertEqual(image.width, 640)
        XCTAssertEqual(image.height, 920)
        XCTAssertEqual(image.pixel(x: 354, y: 450), 0xFF00_00FF)
    }

    func testRenderingIsDeterministic() throws {
        let a = try render("filters").pngData(), b = try render("filters").pngData()
        XCTAssertEqual(a, b)
    }
}
