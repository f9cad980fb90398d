import Cards
import Foundation
import Raster
import XCTest

/// `gradient` deepens its bottom-right corner with a deeper tone of the palette colour's own
/// hue. Its old layer of 28 % black greyed the pastels: lavender `#e9ddf7` went to `#a89fb2`
/// (HSL saturation 0.65 to 0.12) and butter `#fdf3cf` to khaki `#b7af95`.
final class GradientCornerTests: XCTestCase {
    func corner(palette: String, color: String, catalog: Catalog? = nil) throws -> Color {
        let event = try Event(title: "Summer trip", color: color, palette: palette, template: "gradient", locale: "en")
        let image = try CardGoldenTests.renderer.get().render(Card(event, catalog: catalog ?? CardGoldenTests.catalog.get())).canvas.makeImage()
        let word = image.pixel(x: image.width - 1, y: image.height - 1)
        func byte(_ shift: UInt32) -> Double { Double((word >> shift) & 0xFF) / 255 }
        XCTAssertEqual(word >> 24, 0xFF)
        return Color(red: byte(16), green: byte(8), blue: byte(0))
    }

    /// HSL hue in degrees and saturation.
    func hueAndSaturation(_ c: Color) -> (hue: Double, saturation: Double) {
        let most = max(c.red, c.green, c.blue), least = min(c.red, c.green, c.blue), chroma = most - least
        let lightness = (most + least) / 2
        var hue: Double
        if most == c.red { hue = (c.green - c.blue) / chroma } else if most == c.green { hue = 2 + (c.blue - c.red) / chroma } else { hue = 4 + (c.red - c.green) / chroma }
        hue = (hue * 60 + 360).truncatingRemainder(dividingBy: 360)
        return (hue, chroma / (1 - abs(2 * lightness - 1)))
    }

    /// Deeper, at least 0.7 of the colour's HSL saturation, within 8° of its hue. The black
    /// layer kept the hue but failed the saturation bound on four of the five single colours
    /// (0.15–0.21 of the pastels', 0.63 of the default yellow's); only the default purple,
    /// darker than mid-grey, keeps its saturation under black. A 135° gradient's corner is its
    /// last stop's deeper tone: the first stop's, laid over a yellow-to-purple gradient's
    /// purple corner, turned it brown (`#855e4d`, hue 18°, not the purple's 267°).
    func testTheCornerIsADeeperToneOfTheSameHue() throws {
        try assertDeeperToneOfTheSameHue([("pastel", "user_purple", "#e9ddf7"), ("pastel", "user_yellow", "#fdf3cf"),
                                          ("pastel", "user_red", "#fbe0df"), ("default", "user_purple", "#7b4397"),
                                          ("default", "user_yellow", "#f6c744"), ("gradients", "user_cyan", "#0b5f73"),
                                          ("default", "#fff176,#4a148c", "#4a148c")])
    }

    /// The corner's tone is of the colour the background lays in that corner, read there: a
    /// palette file's gradient at another angle than the shipped 135° does not end in it. At
    /// 45° (bottom left to top right) the corners project on the line's ends, so the
    /// bottom-right corner of a W×H card is W / (W + H) of the way, 0.64 at 1024×576: by hand,
    /// yellow `#fff176` to purple `#4a148c` there is `#8b6484` (hue 311°), a mauve, where
    /// deepening the last stop put a purple (hue 267°) the background does not have there.
    /// At 315° the corner is the first stop, at 180° (top to bottom) the last again.
    func testTheCornerFollowsAPaletteGradientAtAnyAngle() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gradient-corner-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func entry(_ name: String, _ angle: Int) -> String {
            ##"{"name": "\##(name)", "foreground": "#ffffff", "background": {"linear": {"angle": \##(angle), "stops": [[0, "#fff176"], [1, "#4a148c"]]}}}"##
        }
        try Data(#"{"name": "angles", "colors": [\#(entry("a45", 45)), \#(entry("a315", 315)), \#(entry("a180", 180))]}"#.utf8)
            .write(to: folder.appendingPathComponent("angles.json"))
        let catalog = try Catalog(palettesDirectory: folder, templatesDirectory: CardGoldenTests.repository.appendingPathComponent("templates"))
        try assertDeeperToneOfTheSameHue([("angles", "a45", "#8b6484"), ("angles", "a315", "#fff176"), ("angles", "a180", "#4a148c")],
                                         catalog: catalog)
    }

    func assertDeeperToneOfTheSameHue(_ cases: [(palette: String, color: String, background: String)], catalog: Catalog? = nil,
                                      file: StaticString = #filePath, line: UInt = #line) throws {
        for (palette, color, background) in cases {
            let ground = Color(hex: background)!, shown = try corner(palette: palette, color: color, catalog: catalog)
            let (groundHue, groundSaturation) = hueAndSaturation(ground), (hue, saturation) = hueAndSaturation(shown)
            let label = "\(palette) \(color): corner \(shown.hexString)"
            XCTAssertLessThan(shown.relativeLuminance, ground.relativeLuminance * 0.85, "\(label) deeper", file: file, line: line)
            XCTAssertGreaterThan(saturation, groundSaturation * 0.7, "\(label) keeps its saturation", file: file, line: line)
            let turn = abs(hue - groundHue)
            XCTAssertLessThan(min(turn, 360 - turn), 8, "\(label) keeps its hue", file: file, line: line)
        }
    }
}
