import Cards
import Geometry
import Raster
import Scene
import XCTest

/// The `portrait` template's layout as resolved: the circle beside the title on wide cards
/// (trailing, so mirrored for right-to-left titles), above it on square and tall ones, at the
/// presets and at odd sizes.
final class PortraitTemplateTests: XCTestCase {
    func frames(_ title: String, locale: String = "en", size: String) throws -> (circle: Rect, title: Rect, canvas: Size) {
        let event = try Event(title: title, template: "portrait", locale: locale)
        let card = try Card(event, catalog: CardGoldenTests.catalog.get(), size: CardSize(parsing: size))
        let resolved = try CardGoldenTests.renderer.get().resolve(card.event, template: card.template, color: card.color, size: card.canvasSize)
        let placed = resolved.scene.placedElements
        func rect(_ p: PlacedElement) -> Rect { Rect(x: p.frame[0], y: p.frame[1], width: p.frame[2], height: p.frame[3]) }
        let image = try XCTUnwrap(placed.first { $0.kind == "image" }, "without a photo the placeholder is drawn")
        let text = try XCTUnwrap(placed.first { $0.fields == ["title"] })
        return (rect(image), rect(text), card.canvasSize)
    }

    func testWideCardsPutTheCircleOnTheTrailingSide() throws {
        for size in ["card", "og", "banner", "1400x700"] {
            let ltr = try frames("Our first apartment together", size: size)
            XCTAssertEqual(ltr.circle.width, ltr.circle.height, size)
            XCTAssertGreaterThan(ltr.circle.minX, ltr.title.maxX, "\(size): circle right of the title")
            XCTAssertEqual(ltr.circle.midY, ltr.canvas.height / 2, accuracy: 0.001, size)
            let rtl = try frames("יום הולדת שמח לסבתא רחל", locale: "he", size: size)
            XCTAssertLessThan(rtl.circle.maxX, rtl.title.minX, "\(size): mirrored, circle left of the title")
            XCTAssertEqual(rtl.circle.minX, ltr.canvas.width - ltr.circle.maxX, accuracy: 0.001, "\(size): the same margin")
        }
    }

    func testSquareAndTallCardsPutTheCircleAboveTheTitle() throws {
        for size in ["square", "story", "320x320", "700x1000", "1000x900"] {
            let f = try frames("Our first apartment together", size: size)
            XCTAssertEqual(f.circle.width, f.circle.height, size)
            XCTAssertEqual(f.circle.midX, f.canvas.width / 2, accuracy: 0.001, "\(size): centred")
            XCTAssertGreaterThan(f.title.minY, f.circle.maxY, "\(size): title below the circle")
            XCTAssertLessThanOrEqual(f.title.maxY, f.canvas.height, size)
            XCTAssertGreaterThan(f.circle.minY, 0, size)
        }
    }
}
