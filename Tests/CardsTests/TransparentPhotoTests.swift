import Cards
import Foundation
import Raster
import XCTest

/// A photo with transparent parts (a cut-out, a sticker) shows the card's colour through
/// them, shaded by 70 % black so that the template's white title keeps its contrast on a pale
/// colour; the `photo` template's ground was black.
final class TransparentPhotoTests: XCTestCase {
    func testTheChosenColourShowsThroughACutOutShaded() throws {
        let catalog = try CardGoldenTests.catalog.get(), renderer = try CardGoldenTests.renderer.get()
        // 451×300, the cat in an ellipse, transparent around it; aspect-filled to 1024×681.
        let cutOut = Array(try Data(contentsOf: EventPhotoCardTests.fixtures.appendingPathComponent("chelsea-cutout.png")))
        for color in ["user_purple", "#ffffff", "#f6e7a1"] {
            var card = try Card(Event(title: "Biscuit's new sticker", color: color, template: "photo"), catalog: catalog)
            card.photo = try EventPhoto(data: cutOut, template: card.template, size: card.canvasSize, scale: 1)
            let image = try renderer.render(card).canvas.makeImage()
            let ground = try renderer.render(Card(Event(title: "x", color: color, template: "classic"), catalog: catalog))
                .canvas.makeImage().pixel(x: 2, y: 2)
            // The top corner is outside the cat and above the darkening's start: the ground,
            // 70 % black (0xb3) over it, then the darkening's first stop (black at 0x14).
            let corner = image.pixel(x: 8, y: 8)
            XCTAssertEqual(corner >> 24, 0xff)
            var channels: [Double] = []
            for shift: UInt32 in [16, 8, 0] {
                let expected = Double((ground >> shift) & 0xff) * (1 - 0xb3 / 255.0) * (1 - 0x14 / 255.0)
                channels.append(Double((corner >> shift) & 0xff))
                XCTAssertEqual(channels.last!, expected, accuracy: 3,
                               "\(color), channel at bit \(shift): \(String(corner, radix: 16)) over ground \(String(ground, radix: 16))")
            }
            // WCAG 2 contrast of the white title against that ground: at least 4.5:1.
            func linear(_ c: Double) -> Double {
                let v = c / 255
                return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
            }
            let luminance: Double = 0.2126 * linear(channels[0]) + 0.7152 * linear(channels[1]) + 0.0722 * linear(channels[2])
            XCTAssertGreaterThanOrEqual(1.05 / (luminance + 0.05), 4.5, color)
        }
    }
}
