import Cards
import Foundation
import Scene
import Typesetting
import XCTest

/// The text-shadow budget (`Scene.resolve`) refuses scenes that would blur thousands of
/// canvas-sized masks, and leaves room for every shipped template's shadowed titles at
/// every size the server's default pixel limit lets through.
final class ShadowBudgetCardTests: XCTestCase {
    let title = "The longest title our family has ever given an event, set large on three lines at least"

    /// Renders the card unless the pixel budget refuses it outright; false when it does.
    @discardableResult
    func render(_ template: String, size: CardSize, scale: Int) throws -> Bool {
        let event = try Event(title: title, subtitle: "Our timeline", emoji: "🎉", template: template)
        var card = try Card(event, catalog: CardGoldenTests.catalog.get(), scale: scale, size: size)
        guard card.template.scene.pixelBudgetProblem(size: card.canvasSize, scale: Double(scale)) == nil else { return false }
        if template == "photo" {
            let bytes = Array(try Data(contentsOf: EventPhotoCardTests.fixtures.appendingPathComponent("chelsea-exif6.jpg")))
            card.photo = try EventPhoto(data: bytes, template: card.template, size: card.canvasSize, scale: scale)
        }
        XCTAssertNoThrow(try CardGoldenTests.renderer.get().render(card), "\(template) \(size) at scale \(scale)")
        return true
    }

    func testShippedShadowedTemplatesFitAtEveryPresetAtScaleThree() throws {
        var rendered = 0
        for template in ["photo", "gradient"] {
            for preset in CardSize.presets where try render(template, size: preset.size, scale: 3) { rendered += 1 }
        }
        // All but the photo story, which its photo and the photo's filters already take over the limit.
        XCTAssertEqual(rendered, 9)
    }

    func testShippedShadowedTemplatesFitAtTheLargestCanvasTheBudgetAllows() throws {
        // 2357² × 9 = 49,999,041 device pixels: the largest square canvas under 50 million at scale 3.
        XCTAssertTrue(try render("gradient", size: CardSize(width: 2357, height: 2357), scale: 3))
        XCTAssertTrue(try render("gradient", size: CardSize(width: 4096, height: 1356), scale: 3))
    }

    /// Resolves a 1024×576 scene at scale 4 of two thousand copies of `label` and expects a
    /// refusal whose message holds each of `phrases`, after a few labels rather than after
    /// fitting all of them (about 30 ms each here).
    func assertRefusedBeforeFitting(_ label: String, _ phrases: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let json = ##"{ "size": [1024, 576], "scale": 4, "background": "#ffffff", "elements": ["## + Array(repeating: label, count: 2000).joined(separator: ",") + "] }"
        var parser = SceneParser(baseDirectory: URL(fileURLWithPath: "/"))
        let scene = try parser.parse(Data(json.utf8))
        let started = Date()
        XCTAssertThrowsError(try scene.resolve(text: SceneTextContext(fonts: CardGoldenTests.renderer.get().fonts, glyphCache: GlyphCache())),
                             file: file, line: line) { error in
            for phrase in phrases { XCTAssertTrue("\(error)".contains(phrase), "\(error)", file: file, line: line) }
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, file: file, line: line)
    }

    func testManyCanvasSizedShadowsAreRefusedBeforeTheyAreFitted() throws {
        try assertRefusedBeforeFitting(
            #"{ "type": "label", "text": "Shadow", "frame": [0, 0, 1024, 576], "font": { "family": "Quicksand", "size": 200 }, "shadow": { "blur": 100 } }"#,
            ["the text shadows need more than", "over the limit of 50000000 per render"])
    }

    /// Scrims are charged apart: two thousand canvas-wide bands, each a mask of the canvas,
    /// are refused before they are fitted, while the shipped photo template (six scrimmed
    /// titles, one drawn) fits at scale 3 above.
    func testManyCanvasSizedScrimsAreRefusedBeforeTheyAreFitted() throws {
        try assertRefusedBeforeFitting(
            ##"{ "type": "label", "text": "Scrim", "frame": [0, 400, 1024, 176], "font": { "size": 100, "color": "#ffffff" }, "scrim": { "extent": "band", "feather": 200 } }"##,
            ["the text scrims need more than", "a band's rows across the canvas"])
    }
}
