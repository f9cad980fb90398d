import Cards
import Foundation
import Raster
import XCTest

/// The `photo` template's accent bar is `"accent"`: the chosen colour where it shows on the
/// darkened photo, else the palette's text colour. On the `dark` palette the bar was the
/// near-black background, 1.15:1 against the shade it sits on.
final class PhotoAccentBarTests: XCTestCase {
    /// The bar's middle on the default card: leading 48, bottom 68, 96 × 8 points.
    func barPixel(color: String, palette: String) throws -> UInt32 {
        let catalog = try CardGoldenTests.catalog.get(), renderer = try CardGoldenTests.renderer.get()
        let card = try Card(Event(title: "Coffee with Sam", color: color, palette: palette, template: "photo"), catalog: catalog)
        return try renderer.render(card).canvas.makeImage().pixel(x: 96, y: 504)
    }

    func assertPixel(_ pixel: UInt32, is hex: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        let expected = Color(hex: hex)!
        for (shift, component) in [(16, expected.red), (8, expected.green), (0, expected.blue)] {
            // The title's soft shadow reaches the bar faintly.
            XCTAssertEqual(Double((pixel >> UInt32(shift)) & 0xff), component * 255, accuracy: 8,
                           "\(message): \(String(pixel, radix: 16)) against \(hex)", file: file, line: line)
        }
    }

    func testTheBarShowsOnEveryPalette() throws {
        assertPixel(try barPixel(color: "user_purple", palette: "default"), is: "#7b4397", "the default palette's own colour")
        assertPixel(try barPixel(color: "user_purple", palette: "dark"), is: "#d9b8ff", "the dark palette's tinted text colour")
        assertPixel(try barPixel(color: "user_green", palette: "dark"), is: "#8fe3b0", "the dark palette's tinted text colour")
        assertPixel(try barPixel(color: "user_purple", palette: "pastel"), is: "#e9ddf7", "the pastel itself")
        // A custom colour too dark to show gets its automatic text colour, white.
        assertPixel(try barPixel(color: "#202020", palette: "default"), is: "#ffffff", "a near-black custom colour")
        assertPixel(try barPixel(color: "#1e88e5", palette: "default"), is: "#1e88e5", "a custom blue")
    }
}
