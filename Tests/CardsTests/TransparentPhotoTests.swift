import Cards
import Foundation
import Raster
import XCTest

/// A photo with transparent parts (a cut-out, a sticker) shows the card's colour through
/// them, as every template's ground is the chosen colour; the `photo` template's was black.
final class TransparentPhotoTests: XCTestCase {
    func testTheChosenColourShowsThroughACutOut() throws {
        let catalog = try CardGoldenTests.catalog.get(), renderer = try CardGoldenTests.renderer.get()
        let event = try Event(title: "Biscuit's new sticker", color: "user_purple", template: "photo")
        var card = try Card(event, catalog: catalog)
        // 451×300, the cat in an ellipse, transparent around it; aspect-filled to 1024×681.
        let cutOut = EventPhotoCardTests.fixtures.appendingPathComponent("chelsea-cutout.png")
        card.photo = try EventPhoto(data: Array(Data(contentsOf: cutOut)), template: card.template, size: card.canvasSize, scale: 1)
        let image = try renderer.render(card).canvas.makeImage()

        var classic = try Card(Event(title: "x", color: "user_purple", template: "classic"), catalog: catalog)
        classic.photo = nil
        let ground = try renderer.render(classic).canvas.makeImage().pixel(x: 2, y: 2)
        // The top corner is outside the cat and above the darkening's start, where its first
        // stop (black at 0x14 alpha) lies over the ground.
        let corner = image.pixel(x: 8, y: 8)
        XCTAssertEqual(corner >> 24, 0xff)
        for shift: UInt32 in [16, 8, 0] {
            let expected = Double((ground >> shift) & 0xff) * (1 - 0x14 / 255.0)
            XCTAssertEqual(Double((corner >> shift) & 0xff), expected, accuracy: 3,
                           "channel at bit \(shift): \(String(corner, radix: 16)) over ground \(String(ground, radix: 16))")
        }
    }
}
