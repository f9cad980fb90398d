import Foundation
import Raster
import Scene
import XCTest

/// `{"ref": "contrast"}`: black or white, whichever has the higher WCAG 2 contrast with the
/// palette colour's foreground. The two greys either side of the turn were worked out by hand
/// from the WCAG formula: #767676 has relative luminance 0.1812, 4.62:1 against black and 4.54:1
/// against white (so black); #757575 has 0.1779, 4.56:1 against black and 4.61:1 against
/// white (so white).
final class ContrastReferenceTests: XCTestCase {
    func contrast(under foreground: String, alpha: Double = 0.25) -> Color {
        let purple = Color(hex: "#7b4397")!
        let colors = PaletteColors(foreground: Color(hex: foreground)!, background: purple, backgroundPaint: .solid(purple))
        return ColorReference.contrast(alpha: alpha).resolve(colors)
    }

    func testTheShadowIsBlackUnderLightTextAndWhiteUnderDark() {
        XCTAssertEqual(contrast(under: "#ffffff"), Color.black.withAlpha(0.25))
        XCTAssertEqual(contrast(under: "#121212"), Color.white.withAlpha(0.25))
        XCTAssertEqual(contrast(under: "#767676"), Color.black.withAlpha(0.25))
        XCTAssertEqual(contrast(under: "#757575"), Color.white.withAlpha(0.25))
        XCTAssertEqual(contrast(under: "#ffff00", alpha: 1), .black, "yellow is light")
        XCTAssertEqual(contrast(under: "#0000ff", alpha: 1), .white, "blue is dark")
    }

    func testTheReferenceIsReadFromAScene() throws {
        let node = try JSONNode.parse(Data(#"{"ref": "contrast", "alpha": 0.4}"#.utf8))
        XCTAssertEqual(try node.colorReference(), .contrast(alpha: 0.4))
        let list = try JSONNode.parse(Data(#"["contrast"]"#.utf8)).array()
        XCTAssertEqual(try list[0].colorReference(), .contrast(alpha: 1))
    }
}
