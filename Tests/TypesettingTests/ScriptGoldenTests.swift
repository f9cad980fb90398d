import Foundation
import Geometry
import Raster
import TestSupport
import Typesetting
import XCTest

/// Titles of `ScriptCorpus` in scripts the fallback chain gained, set on the classic card as a
/// title is: one golden image each (right-to-left order, conjuncts, stacked marks).
final class ScriptGoldenTests: XCTestCase {
    static let scripts = ["Beng", "Taml", "Telu", "Gujr", "Guru", "Orya", "Knda", "Mlym", "Sinh", "Armn", "Geor",
                          "Laoo", "Khmr", "Mymr", "Tibt", "Ethi", "Thaa", "Syrc"]

    /// The classic card: Quicksand Bold 60 pt fitted into (40, 140, 944, 300), ≤ 3 lines, on purple.
    private func card(_ text: String, language: String, cache: GlyphCache) throws -> Image {
        let canvas = try Canvas(size: Size(width: 1024, height: 576), background: Color(hex: "#7b4397")!)
        let paragraph = try Paragraph(AttributedText(text, attributes: TextAttributes()), library: TestFonts.library.get(),
                                      language: try XCTUnwrap(LanguageTag(language)))
        let layout = TextLayout(paragraph, options: try TextLayoutOptions(width: 944, height: 300, maxLines: 3, minimumScaleFactor: 0.3))
        XCTAssertEqual(layout.missingGlyphs, [], text)
        canvas.draw(layout, at: Point(x: 40, y: 140), cache: cache)
        return canvas.makeImage()
    }

    func testScriptsMatchTheirGoldens() throws {
        let cache = GlyphCache()
        var checked = 0
        for script in Self.scripts {
            let title = try XCTUnwrap(ScriptCorpus.titles.first { $0.script == script }, script)
            let image = try card(title.text, language: title.language, cache: cache)
            try TextGoldenTests.golden.check(image, named: "script-\(script.lowercased())")
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 12)
    }
}
