import Raster
import XCTest

/// `Color.withLightness(scaledBy:)` against Python's `colorsys` (HLS), an implementation of
/// the same model this code did not come from: `colorsys.hls_to_rgb(h, min(1, l * k), s)` of
/// `colorsys.rgb_to_hls(r, g, b)`, the components printed to six places.
final class ColorLightnessTests: XCTestCase {
    func assertComponents(_ color: Color, _ expected: [Double], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        for (index, got) in [color.red, color.green, color.blue].enumerated() {
            XCTAssertEqual(got, expected[index], accuracy: 1e-6, "\(message): \(["red", "green", "blue"][index])", file: file, line: line)
        }
    }

    func testAgainstColorsys() {
        assertComponents(Color(hex: "#e9ddf7")!.withLightness(scaledBy: 0.55), [0.48112, 0.198095, 0.811317],
                         "pastel lavender: a vivid purple, not the grey a layer of black gives")
        assertComponents(Color(hex: "#7b4397")!.withLightness(scaledBy: 0.55), [0.265294, 0.14451, 0.325686], "the default purple")
        assertComponents(Color(hex: "#7b4397")!.withLightness(scaledBy: 2), [0.873538, 0.798993, 0.910811], "lighter, saturation kept")
        assertComponents(Color(hex: "#3a7bd5")!.withLightness(scaledBy: 1.2), [0.402648, 0.599744, 0.872646], "a blue a little lighter")
        assertComponents(Color(hex: "#808080")!.withLightness(scaledBy: 0.5), [0.25098, 0.25098, 0.25098], "a grey stays grey")
    }

    func testEndsAndIdentity() {
        let yellow = Color(hex: "#f6c744")!
        XCTAssertEqual(yellow.withLightness(scaledBy: 0), .black)
        XCTAssertEqual(yellow.withLightness(scaledBy: 4), .white, "lightness clamped at 1")
        assertComponents(yellow.withLightness(scaledBy: 1), [yellow.red, yellow.green, yellow.blue], "factor 1")
        XCTAssertEqual(Color(hex: "#7b439780")!.withLightness(scaledBy: 0.5).alpha, 128.0 / 255, "alpha kept")
        XCTAssertEqual(yellow.withLightness(scaledBy: .nan), yellow.withLightness(scaledBy: 1), "not a number: unchanged")
    }

    /// Hue is kept: the components keep their order and their proportions about the lightness.
    func testHueIsKept() {
        let light = Color(hex: "#fbe0df")!, deep = light.withLightness(scaledBy: 0.6)
        XCTAssert(deep.red > deep.green && deep.green > deep.blue - 1e-9)
        let ratio = { (c: Color) in (c.green - c.blue) / (c.red - c.blue) }
        XCTAssertEqual(ratio(deep), ratio(light), accuracy: 1e-9)
    }
}
