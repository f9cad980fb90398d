import Cards
import Foundation
import Geometry
import Raster
import XCTest

/// A HEIC photo on a card: the same faces as in its JPEG twin (astronaut-landscape.heic was
/// encoded from astronaut-landscape.jpg by Tests/PhotosTests/Fixtures/make-heic-fixtures.py),
/// and a card that looks like the JPEG's.
final class HEICPhotoCardTests: XCTestCase {
    func card(photo name: String) throws -> Card {
        var card = try Card(try Event(title: "One small step", template: "photo"), catalog: CardGoldenTests.catalog.get())
        let bytes = Array(try Data(contentsOf: EventPhotoCardTests.fixtures.appendingPathComponent(name)))
        card.photo = try EventPhoto(data: bytes, template: card.template, size: card.canvasSize, scale: 1)
        return card
    }

    /// Intersection over union of two boxes.
    func overlap(_ a: Rect, _ b: Rect) -> Double {
        let common = a.intersection(b)
        let shared = common.isEmpty ? 0 : common.width * common.height
        return shared / (a.width * a.height + b.width * b.height - shared)
    }

    func testFacesInAHEICAreThoseOfItsJPEG() throws {
        let jpeg = try card(photo: "astronaut-landscape.jpg"), heic = try card(photo: "astronaut-landscape.heic")
        XCTAssertEqual(heic.photo?.photo.format, .heic)
        XCTAssertEqual([heic.photo?.photo.image.width, heic.photo?.photo.image.height], [512, 288])
        let jpegFaces = jpeg.photo?.faces ?? [], heicFaces = heic.photo?.faces ?? []
        XCTAssertFalse(jpegFaces.isEmpty)
        XCTAssertEqual(heicFaces.count, jpegFaces.count, "\(heicFaces) vs \(jpegFaces)")
        for (h, j) in zip(heicFaces, jpegFaces) {
            XCTAssertGreaterThan(overlap(h, j), 0.8, "\(h) vs \(j)")
        }
    }

    func testAHEICCardLooksLikeItsJPEGCard() throws {
        let renderer = try CardGoldenTests.renderer.get()
        let jpeg = try renderer.render(try card(photo: "astronaut-landscape.jpg")).canvas.makeImage()
        let heic = try renderer.render(try card(photo: "astronaut-landscape.heic")).canvas.makeImage()
        XCTAssertEqual([heic.width, heic.height], [1024, 576])
        var total = 0
        for (p, q) in zip(jpeg.premultipliedARGB, heic.premultipliedARGB) {
            for shift in stride(from: 0, through: 16, by: 8) {
                total += abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF))
            }
        }
        let mean = Double(total) / Double(jpeg.width * jpeg.height * 3)
        XCTAssertLessThan(mean, 3, "mean difference \(mean)")
        // And not the card without a photo.
        let plain = try Card(try Event(title: "One small step", template: "photo"), catalog: CardGoldenTests.catalog.get())
        XCTAssertNotEqual(try renderer.render(plain).canvas.makeImage().premultipliedARGB, heic.premultipliedARGB)
    }
}
