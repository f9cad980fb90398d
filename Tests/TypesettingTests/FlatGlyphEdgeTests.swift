import Foundation
import Geometry
import Raster
import TestSupport
import Typesetting
import XCTest

/// Glyphs with nearly horizontal edges hundreds of pixels long. FreeType's smooth rasterizer
/// gives up (`Raster_Overflow`) when one row of an outline holds more cells than its pool, and
/// the glyph used to vanish; such glyphs are now drawn in strips (`FreeTypeCoverage`). The
/// fixture font (`Fixtures/make-flat-edge-font.py`) has a wedge and a bar two ems long whose
/// top edges rise 2 units in 1,000 over that length; at an em of 3,000 pixels each crosses
/// 1,000 pixels within a row.
final class FlatGlyphEdgeTests: XCTestCase {
    private static let fontPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/flat-edge.ttf").path

    /// The ink of `text` drawn black on white at `emPixels`, its pen at x = 10 on a baseline
    /// at `baseline`: each column's coverage summed down the column, in pixels.
    private func inkPerColumn(_ text: String, emPixels: Double, baseline: Double, canvasWidth: Double = 6040,
                              canvasHeight: Double) throws -> [Double] {
        let face = try FontFace(path: Self.fontPath)
        let shaped = Shaper.shape(text, face: face, direction: .leftToRight, script: .latin, language: LanguageTag("en")!)
        XCTAssertTrue(shaped.missingGlyphClusters.isEmpty)
        let run = try XCTUnwrap(GlyphRun(shaped, fontSizeInPoints: emPixels, origin: Point(x: 10, y: baseline), paint: .solid(.black)))
        let canvas = try Canvas(size: Size(width: canvasWidth, height: canvasHeight), background: .white)
        canvas.draw([run], cache: GlyphCache())
        return canvas.inkPerColumn()
    }

    func testAWedgeWithAFlatEdgeIsDrawnAtItsHeightInEveryColumn() throws {
        // The wedge's height at a column's centre: 2 units in 2,000 of 3 pixels each, from x = 10.
        let ink = try inkPerColumn("A", emPixels: 3000, baseline: 40, canvasHeight: 60)
        var worst = 0.0
        for x in 10..<6010 {
            let expected = 6 * (Double(x) + 0.5 - 10) / 6000
            worst = max(worst, abs(ink[x] - expected))
        }
        XCTAssertLessThan(worst, 0.03, "largest difference from the wedge's height in a column, in pixels")
        XCTAssertEqual(ink[0..<10].reduce(0, +) + ink[6010...].reduce(0, +), 0, accuracy: 0.01, "nothing outside the wedge")
    }

    func testABarWithATiltedTopIsDrawnAtItsHeightInEveryColumn() throws {
        // 98 units rising to 100 over the two ems, 3 pixels a unit.
        let ink = try inkPerColumn("B", emPixels: 3000, baseline: 320, canvasHeight: 340)
        var worst = 0.0
        for x in 10..<6010 {
            let expected = 294 + 6 * (Double(x) + 0.5 - 10) / 6000
            worst = max(worst, abs(ink[x] - expected))
        }
        XCTAssertLessThan(worst, 0.03, "largest difference from the bar's height in a column, in pixels")
    }

    func testTheSameGlyphAtASizeFreeTypeTakesWholeIsDrawnAsBefore() throws {
        // At an em of 300 pixels the edge crosses 100 pixels a row: drawn in one call.
        let ink = try inkPerColumn("B", emPixels: 300, baseline: 40, canvasWidth: 620, canvasHeight: 50)
        for x in [10, 300, 609] {
            XCTAssertEqual(ink[x], 29.4 + 0.6 * (Double(x) + 0.5 - 10) / 600, accuracy: 0.03, "column \(x)")
        }
    }
}
