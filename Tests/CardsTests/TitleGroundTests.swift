@testable import Cards
import Foundation
import Geometry
import Raster
import XCTest

/// The ground a title's contrast is judged on is what is drawn beneath its lines just before
/// it: elements drawn earlier count, elements drawn later do not; and a hex colour's text
/// colour is chosen again on that ground.
final class TitleGroundTests: XCTestCase {
    var dir: String!

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "title-ground-\(UUID().uuidString)"
        for folder in ["palettes", "templates"] {
            try FileManager.default.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true)
        }
        try Data("""
            {"name": "plain", "description": "One colour.", "colors": [{"name": "grey", "background": "#404040", "foreground": "#ffffff"}]}
            """.utf8).write(to: URL(fileURLWithPath: dir + "/palettes/plain.json"))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// A template whose title fills the card's middle, with `before` drawn under it and
    /// `after` over it.
    func catalog(before: String, after: String) throws -> Catalog {
        try catalog(elements: "\(before), \(Self.titleLabel), \(after)")
    }

    static let titleLabel = """
        {"type": "label", "frame": {"left": 20, "right": 20, "top": 50, "bottom": 50}, "text": "{title}",
         "font": {"family": "Quicksand", "weight": 700, "size": 40, "color": "foreground"}, "maxLines": 1}
        """

    func catalog(elements: String) throws -> Catalog {
        try Data("""
            {"name": "probe", "description": "Test.", "size": [400, 200], "background": "palette", "elements": [\(elements)]}
            """.utf8).write(to: URL(fileURLWithPath: dir + "/templates/probe.json"))
        return try Catalog(palettesDirectory: dir + "/palettes", templatesDirectory: dir + "/templates")
    }

    func title(_ color: String, in catalog: Catalog) throws -> TitleLayout {
        let card = try Card(Event(title: "MMMMMMMM", color: color, palette: "plain", template: "probe"), catalog: catalog)
        return try XCTUnwrap(CardGoldenTests.renderer.get().render(card).title)
    }

    /// A white rect under the left half of the title counts; a black one drawn over everything
    /// afterwards does not. White text on #404040 is 10.36:1 (L = 0.0513, worked out from WCAG
    /// 2's formula); over the white rect it is 1:1.
    func testOnlyWhatIsDrawnBeneathTheTitleCounts() throws {
        let catalog = try catalog(before: ##"{"type": "rect", "frame": {"left": 0, "width": 200, "top": 0, "bottom": 0}, "fill": "#ffffff"}"##,
                                  after: ##"{"type": "rect", "frame": {"left": 0, "right": 0, "top": 0, "bottom": 0}, "fill": "#000000"}"##)
        let contrast = try XCTUnwrap(title("grey", in: catalog).contrast)
        XCTAssertEqual(contrast.color, Color.white)
        XCTAssertEqual(contrast.ground, Color.white)
        XCTAssertEqual(contrast.ratio, 1)
        XCTAssertFalse(contrast.groundIsUniform)

        let clear = try self.catalog(before: ##"{"type": "rect", "frame": {"left": 0, "width": 10, "top": 0, "bottom": 0}, "fill": "#ffffff"}"##,
                                     after: ##"{"type": "rect", "frame": {"left": 0, "right": 0, "top": 0, "bottom": 0}, "fill": "#ffffff"}"##)
        let uniform = try XCTUnwrap(title("grey", in: clear).contrast)
        XCTAssertEqual(uniform.ground, Color(hex: "#404040"))
        XCTAssertTrue(uniform.groundIsUniform)
        XCTAssertEqual(uniform.ratio, 1.05 / (0.051269 + 0.05), accuracy: 0.001)
    }

    /// `#767676` (L = 0.18116, worked out from WCAG 2's formula) alone takes white: 1.05 / 0.23116
    /// = 4.54:1, where the near-black #121212 (L = 0.00605) gives 0.23116 / 0.05605 = 4.12:1.
    /// With half the title on a lighter plate, #a0a0a0 (L = 0.35153), white falls to 1.05 /
    /// 0.40153 = 2.62:1 there while the near-black keeps 4.12:1 on the #767676 half: the card is
    /// drawn again in the near-black.
    func testAHexColourIsChosenAgainOnTheGroundAsDrawn() throws {
        let catalog = try catalog(before: ##"{"type": "rect", "frame": {"left": 0, "width": 200, "top": 0, "bottom": 0}, "fill": "#a0a0a0"}"##,
                                  after: ##"{"type": "rect", "frame": {"left": 0, "width": 1, "top": 0, "height": 1}, "fill": "#000000"}"##)
        XCTAssertEqual(try CustomColor("#767676").foreground, .white, "by its stop alone")
        let title = try title("#767676", in: catalog)
        let contrast = try XCTUnwrap(title.contrast)
        XCTAssertEqual(contrast.color, CustomColor.darkForeground)
        XCTAssertEqual(contrast.ground, Color(hex: "#767676"))
        XCTAssertEqual(contrast.ratio, (0.181164 + 0.05) / (0.006049 + 0.05), accuracy: 0.001)
        XCTAssertLessThan(Color.white.contrastRatio(with: Color(hex: "#a0a0a0")!), contrast.ratio)

        // The pixels agree: the title is drawn in the near-black.
        let card = try Card(Event(title: "MMMMMMMM", color: "#767676", palette: "plain", template: "probe"), catalog: catalog)
        let canvas = try CardGoldenTests.renderer.get().render(card).canvas
        let ink = try XCTUnwrap(canvas.groundExtremes(in: [Rect(x: 20, y: 50, width: 360, height: 100)]))
        XCTAssertEqual(ink.darkest, CustomColor.darkForeground)
    }

    /// A palette colour's text colour is its author's: reported on the ground, never changed.
    func testAPaletteColourKeepsItsTextColour() throws {
        let catalog = try catalog(before: ##"{"type": "rect", "frame": {"left": 0, "width": 200, "top": 0, "bottom": 0}, "fill": "#e0e0e0"}"##,
                                  after: ##"{"type": "rect", "frame": {"left": 0, "width": 1, "top": 0, "height": 1}, "fill": "#000000"}"##)
        let contrast = try XCTUnwrap(title("grey", in: catalog).contrast)
        XCTAssertEqual(contrast.color, Color.white)
        XCTAssertEqual(contrast.ground, Color(hex: "#e0e0e0"))
        XCTAssertLessThan(contrast.ratio, 1.4)
    }

    /// A title in a filtered group is drawn onto a layer of its own, transparent where the
    /// group draws nothing: that is no ground, so none is read (and a hex colour keeps the
    /// choice its stops give), rather than black; a text drawn after the group is not read instead.
    func testATitleInAFilteredGroupHasNoGround() throws {
        let catalog = try catalog(elements: """
            {"type": "group", "filters": [{"dropShadow": {"offset": [0, 2], "blur": 4}}], "elements": [\(Self.titleLabel)]},
            {"type": "label", "frame": {"left": 20, "right": 20, "top": 150, "bottom": 10}, "text": "{title}",
             "font": {"family": "Quicksand", "weight": 700, "size": 20, "color": "foreground"}, "maxLines": 1}
            """)
        XCTAssertNil(try title("grey", in: catalog).contrast)
        XCTAssertNil(try title("#767676", in: catalog).contrast)
    }

    /// A template that tints the ground under the title with the text colour changes the
    /// ground with the choice: on the near-black card (#808080 by its stop alone takes
    /// #121212, 4.74:1 against white's 3.95:1) the half-tinted ground darkens towards #494949,
    /// where white would read better, but white's own card tints it towards #c0c0c0, where
    /// white reads worse (about 1.8:1) than the near-black on its card (about 2.1:1). Each is
    /// judged on its own card, so the near-black stays.
    func testEachTextColourIsJudgedOnItsOwnCard() throws {
        let catalog = try catalog(before: ##"{"type": "rect", "frame": {"left": 0, "right": 0, "top": 0, "bottom": 0}, "fill": {"ref": "foreground", "alpha": 0.5}}"##,
                                  after: ##"{"type": "rect", "frame": {"left": 0, "width": 1, "top": 0, "height": 1}, "fill": "#000000"}"##)
        XCTAssertEqual(try CustomColor("#808080").foreground, CustomColor.darkForeground)
        let contrast = try XCTUnwrap(title("#808080", in: catalog).contrast)
        XCTAssertEqual(contrast.color, CustomColor.darkForeground)
        XCTAssertEqual(contrast.ratio, 2.1, accuracy: 0.1)
        XCTAssertTrue(contrast.groundIsUniform)
    }

    /// The text colour is chosen on the card at scale 1 and kept at 2 and 3: `#c04c81`,
    /// `#a8615e` and `#616fbe` on `gradient`, near the tie between white and the near-black,
    /// took white at scale 2 alone, whose finer pixels read the lit ground a little lower.
    func testEveryScaleShowsTheSameTextColour() throws {
        let catalog = try CardGoldenTests.catalog.get(), renderer = try CardGoldenTests.renderer.get()
        for color in ["#c04c81", "#a8615e", "#616fbe", "#808080", "#1e88e5,#8e24aa"] {
            for template in ["gradient", "snapshot"] {
                var colours: [Color] = []
                for scale in 1...3 {
                    let card = try Card(Event(title: "Contrast", color: color, template: template), catalog: catalog, scale: scale)
                    colours.append(try XCTUnwrap(renderer.render(card).title?.contrast?.color))
                }
                XCTAssertEqual(Set(colours).count, 1, "\(color) on \(template): \(colours.map(\.hexString))")
            }
        }
    }
}
