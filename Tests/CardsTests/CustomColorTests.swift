import Cards
import Foundation
import Raster
import TestSupport
import XCTest

/// Hex colours beyond the palette: parsing, one canonical spelling, the foreground chosen
/// for contrast, and the cards they draw.
final class CustomColorTests: XCTestCase {
    func testParsingAndCanonicalSpelling() throws {
        XCTAssertEqual(try CustomColor("#1E88E5").canonical, "#1e88e5")
        XCTAssertEqual(try CustomColor("#18e").canonical, "#1188ee")
        XCTAssertEqual(try CustomColor("#1e88e5,#8E24AA").canonical, "#1e88e5,#8e24aa")
        XCTAssertEqual(try CustomColor("#1e88e5,#8e24aa").stops.count, 2)
        for bad in ["#", "#12", "#1234", "#12345", "#1234567", "#12345678", "#12345g", "# 12345", "#1e88e5,", ",#1e88e5",
                    "#1e88e5,#8e24aa,#000000", "#1e88e5;#8e24aa", "#１２３", "#1e88e5 "] {
            XCTAssertThrowsError(try CustomColor(bad), bad) { error in
                XCTAssertEqual((error as? EventError)?.field, "color", bad)
            }
        }
        // A stop of two is quoted with the whole value, so an empty one says where it was.
        XCTAssertThrowsError(try CustomColor("#123456,")) {
            XCTAssertEqual("\($0)", ##"color: must be a palette colour name or hex as #rgb or #rrggbb, got "" in "#123456,""##)
        }
        // an event keeps the canonical spelling, so equal colours give equal cards and keys
        let a = try Event(title: "Hex", color: "#18E"), b = try Event(title: "Hex", color: "#1188ee")
        XCTAssertEqual(a.color, "#1188ee")
        XCTAssertEqual(a, b)
        XCTAssertThrowsError(try Event(title: "Hex", color: "#18")) { XCTAssertEqual(($0 as? EventError)?.field, "color") }
    }

    /// Expected choices computed outside this code from WCAG 2's formulas (relative luminance
    /// L, ratio (L1 + 0.05) / (L2 + 0.05)); #121212 has L = 0.0060.
    func testTheForegroundWithTheBestContrastIsChosen() throws {
        let cases: [(String, Color, Double)] = [
            ("#1e88e5", CustomColor.darkForeground, 5.09),  // L 0.2354: white 3.68, near-black 5.09
            ("#8e24aa", .white, 7.04),                      // L 0.0991: white 7.04, near-black 2.66
            ("#ffeb3b", CustomColor.darkForeground, 15.34), // L 0.8099: white 1.22
            ("#000", .white, 21),
            ("#fff", CustomColor.darkForeground, 18.73),
            ("#1e88e5,#8e24aa", .white, 3.68),              // worst spots: white 3.68, near-black 2.66
            ("#ffeb3b,#8e24aa", CustomColor.darkForeground, 2.66), // white 1.22: no choice reaches 3, and it says so
        ]
        for (text, foreground, contrast) in cases {
            let color = try CustomColor(text)
            XCTAssertEqual(color.foreground, foreground, text)
            XCTAssertEqual(color.entry.reportedContrast, contrast, accuracy: 0.011, text)
            let other = foreground == .white ? CustomColor.darkForeground : .white
            XCTAssertGreaterThanOrEqual(color.entry.reportedContrast, color.stops.map { other.contrastRatio(with: $0) }.min()!, text)
        }
    }

    func testCardsInHexColours() throws {
        let catalog = try CardGoldenTests.catalog.get(), renderer = try CardGoldenTests.renderer.get()
        let solid = try Card(Event(title: "Our first apartment together", color: "#1e88e5"), catalog: catalog)
        XCTAssertEqual(solid.color.name, "#1e88e5")
        let image = try renderer.render(solid).canvas.makeImage()
        XCTAssertEqual(image.pixel(x: 2, y: 2), Color(hex: "#1e88e5")!.premultipliedARGB32)
        // the palette does not matter for a hex colour, but must still exist
        XCTAssertEqual(try Card(Event(title: "x", color: "#1e88e5", palette: "dark"), catalog: catalog).color, solid.color)
        XCTAssertThrowsError(try Card(Event(title: "x", color: "#1e88e5", palette: "nope"), catalog: catalog))
        try CardGoldenTests.golden.check(image, named: "hex-solid-1e88e5")
        let gradient = try Card(Event(title: "Our first apartment together", color: "#1e88e5,#8e24aa", template: "gradient"), catalog: catalog)
        try CardGoldenTests.golden.check(try renderer.render(gradient).canvas.makeImage(), named: "hex-gradient-1e88e5-8e24aa")
    }
}
