import Cards
import Foundation
import Raster
import TestSupport
import XCTest

/// The event's own photo on the `photo` template: decoded at the card's size, upright,
/// aspect-filled, and part of the card's key.
final class EventPhotoCardTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    func photoBytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: Self.fixtures.appendingPathComponent(name))) }

    func card(template: String = "photo", photo name: String?, scale: Int = 1, size: CardSize? = nil) throws -> Card {
        let event = try Event(title: "Biscuit's first birthday", template: template)
        var card = try Card(event, catalog: CardGoldenTests.catalog.get(), scale: scale, size: size)
        if let name { card.photo = try EventPhoto(data: photoBytes(name), template: card.template, size: card.canvasSize, scale: scale) }
        return card
    }

    func testEXIFRotatedLandscapePhotoCard() throws {
        let card = try card(photo: "chelsea-exif6.jpg")
        // Stored 300×451 with orientation 6: upright 451×300, under the card's 1024×576, so decoded whole.
        XCTAssertEqual([card.photo?.photo.image.width, card.photo?.photo.image.height], [451, 300])
        let image = try CardGoldenTests.renderer.get().render(card).canvas.makeImage()
        try CardGoldenTests.golden.check(image, named: "photo-event-exif-rotated")
    }

    func testPortraitPhotoCardIsAspectFilled() throws {
        let image = try CardGoldenTests.renderer.get().render(card(photo: "rocket-portrait.jpg")).canvas.makeImage()
        try CardGoldenTests.golden.check(image, named: "photo-event-portrait")
    }

    func testPhotoIsPartOfTheKey() throws {
        let plain = try card(photo: nil).key(fontsVersion: "f")
        let cat = try card(photo: "chelsea-exif6.jpg").key(fontsVersion: "f")
        let rocket = try card(photo: "rocket-portrait.jpg").key(fontsVersion: "f")
        XCTAssertEqual(Set([plain, cat, rocket]).count, 3)
        XCTAssertEqual(cat, try card(photo: "chelsea-exif6.jpg").key(fontsVersion: "f"))
    }

    func testTemplateWithoutAPhotoSlotRefusesAPhoto() throws {
        XCTAssertThrowsError(try card(template: "classic", photo: "rocket-portrait.jpg")) { error in
            XCTAssertEqual(error as? PhotoInputError, .templateShowsNoPhoto("classic"))
        }
    }

    func testDecodedAtTheScaledFrameSize() throws {
        // 280×427 under 2048×1152 (scale 2): no reduction is small enough, so whole.
        XCTAssertEqual(try card(photo: "rocket-portrait.jpg", scale: 2).photo?.photo.image.width, 280)
    }

    /// On a story the photo fills the portrait canvas (cropped at the sides), decoded for
    /// that canvas, and the key tells the sizes apart.
    func testStoryPhotoCardIsAspectFilledAtItsSize() throws {
        let story = try CardSize(parsing: "story")
        let card = try card(photo: "chelsea-exif6.jpg", size: story)
        let image = try CardGoldenTests.renderer.get().render(card).canvas.makeImage()
        XCTAssertEqual([image.width, image.height], [1080, 1920])
        try CardGoldenTests.golden.check(image, named: "photo-event-story")
        XCTAssertNotEqual(card.key(fontsVersion: "f"), try self.card(photo: "chelsea-exif6.jpg").key(fontsVersion: "f"))
    }

    /// The faces are found in the decoded photo, upright, in its pixels.
    func testFacesAreFoundInThePhoto() throws {
        let jpeg = Self.fixtures.appendingPathComponent("../../FacesTests/Fixtures/obama-exif6.jpg").standardized
        let card = try card(photo: nil)
        let photo = try EventPhoto(data: Array(try Data(contentsOf: jpeg)), template: card.template, scale: 1)
        XCTAssertEqual(photo.faces.count, 1)
        XCTAssertLessThan(try XCTUnwrap(photo.faces.first).maxY, 300, "upright: the face is in the upper part")
        XCTAssertTrue(try self.card(photo: "chelsea-exif6.jpg").photo?.faces.isEmpty == true, "a cat is not a face")
    }
}
