import Cards
import Foundation
import Raster
import XCTest

/// A photo card moved to another canvas decodes its photo for that canvas, so it draws
/// exactly as a card made at that size, never a smaller decode stretched.
final class ResizedPhotoCardTests: XCTestCase {
    func card(size: CardSize) throws -> Card {
        let event = try Event(title: "Biscuit's first birthday", template: "photo")
        var card = try Card(event, catalog: CardGoldenTests.catalog.get(), size: size)
        let bytes = try FaceCacheCardTests.threeFacesTwiceAsLarge()
        card.photo = try EventPhoto(data: bytes, template: card.template, size: card.canvasSize, scale: 1)
        return card
    }

    func testResizedCardDrawsAsOneMadeAtItsSize() throws {
        // 1614×1024: for 320×320 the decoder halves it (807×512); 1200×630 needs it whole.
        let small = try card(size: CardSize(width: 320, height: 320))
        XCTAssertEqual(small.photo?.photo.image.width, 807)
        let resized = try small.resized(to: .og)
        let direct = try card(size: .og)
        XCTAssertEqual([resized.photo?.photo.image.width, resized.photo?.photo.image.height], [1614, 1024])
        XCTAssertEqual(resized.photo?.faces, direct.photo?.faces)
        XCTAssertEqual(resized.key(fontsVersion: "f"), direct.key(fontsVersion: "f"))
        let renderer = try CardGoldenTests.renderer.get()
        let a = try renderer.render(resized).canvas.makeImage(), b = try renderer.render(direct).canvas.makeImage()
        XCTAssertEqual([a.width, a.height], [1200, 630])
        XCTAssertTrue(a.premultipliedARGB == b.premultipliedARGB, "the resized card's pixels differ from a card made at 1200×630")
    }

    func testResizingACardWithoutAPhotoKeepsItWithout() throws {
        let event = try Event(title: "Biscuit's first birthday", template: "photo")
        let resized = try Card(event, catalog: CardGoldenTests.catalog.get()).resized(to: .og)
        XCTAssertNil(resized.photo)
        XCTAssertEqual([resized.pixelWidth, resized.pixelHeight], [1200, 630])
    }
}
