import Foundation
import Raster
import Scene
import XCTest

/// `{"ref": "accent"}`: the palette colour's background where it shows against black at 3:1 or
/// more (WCAG 2.1's minimum for graphics), else whichever of background and foreground contrasts
/// more with black. The greys either side of the turn were worked out by hand from the WCAG
/// formula: #595959 has relative luminance 0.0999, 2.998:1 against black (under 3, so the
/// foreground); #5a5a5a has 0.1022, 3.045:1 (the background).
final class AccentReferenceTests: XCTestCase {
    func accent(background: String, foreground: String, alpha: Double = 1) -> Color {
        let ground = Color(hex: background)!
        let colors = PaletteColors(foreground: Color(hex: foreground)!, background: ground, backgroundPaint: .solid(ground))
        return ColorReference.accent(alpha: alpha).resolve(colors)
    }

    func testTheBackgroundUnlessItVanishesAgainstBlack() {
        // The default palette's purple, 3.09:1 against black: the colour itself.
        XCTAssertEqual(accent(background: "#7b4397", foreground: "#ffffff"), Color(hex: "#7b4397"))
        // The dark palette's purple, 1.17:1: its light tinted text colour instead.
        XCTAssertEqual(accent(background: "#1e1030", foreground: "#d9b8ff"), Color(hex: "#d9b8ff"))
        XCTAssertEqual(accent(background: "#595959", foreground: "#ffffff"), .white)
        XCTAssertEqual(accent(background: "#5a5a5a", foreground: "#ffffff"), Color(hex: "#5a5a5a"))
        // A foreground darker still is no better: the background stays.
        XCTAssertEqual(accent(background: "#595959", foreground: "#101010"), Color(hex: "#595959"))
    }

    func testTheOpacityMultipliesTheColoursOwn() {
        XCTAssertEqual(accent(background: "#1e1030", foreground: "#d9b8ff", alpha: 0.5), Color(hex: "#d9b8ff")!.withAlpha(0.5))
        XCTAssertEqual(accent(background: "#7b439780", foreground: "#ffffff", alpha: 0.5), Color(hex: "#7b4397")!.withAlpha(128.0 / 255 * 0.5),
                       "the colour's own alpha, 0x80, times 0.5")
    }

    func testTheReferenceIsReadFromAScene() throws {
        XCTAssertEqual(try JSONNode.parse(Data(#"{"ref": "accent", "alpha": 0.4}"#.utf8)).colorReference(), .accent(alpha: 0.4))
        XCTAssertEqual(try JSONNode.parse(Data(#"["accent"]"#.utf8)).array()[0].colorReference(), .accent(alpha: 1))
        XCTAssertEqual(try JSONNode.parse(Data(#"["accent"]"#.utf8)).array()[0].paintReference(), .color(.accent(alpha: 1)))
    }
}
