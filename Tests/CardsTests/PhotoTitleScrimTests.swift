import Cards
import Foundation
import Raster
import XCTest

/// The `photo` template's white title keeps 4.5:1 at the worst pixel under its lines over any
/// photo: its scrim shades a band under the title as far as a light photo needs. Before, a
/// long title over a light photo read 1.4–2.2:1 (the fixed darkening is 8 % a fifth of the
/// way down).
final class PhotoTitleScrimTests: XCTestCase {
    static let titles = ["Graduation", TitleGroundContrastTests.longTitle]
    static let sizes = ["card", "og", "square", "story", "banner"]

    /// A 1200×800 photo: white, or light noise (every channel 200…255).
    static func photo(noisy: Bool) throws -> [UInt8] {
        var seed: UInt32 = 2026
        let pixels = (0..<(1200 * 800)).map { _ -> UInt32 in
            guard noisy else { return 0xFFFF_FFFF }
            var word: UInt32 = 0xFF00_0000
            for shift: UInt32 in [16, 8, 0] {
                seed = seed &* 1_103_515_245 &+ 12345
                word |= (200 + (seed >> 16) % 56) << shift
            }
            return word
        }
        return try Image(width: 1200, height: 800, premultipliedARGB: pixels).pngData()
    }

    func testTheWhiteTitleReadsOverALightPhotoAtEverySize() throws {
        let catalog = try CardGoldenTests.catalog.get(), renderer = try CardGoldenTests.renderer.get()
        let coffee = Array(try Data(contentsOf: CardGoldenTests.repository.appendingPathComponent("templates/assets/coffee.png")))
        var worst = (card: "", ratio: Double.infinity)
        for (name, bytes) in [("white", try Self.photo(noisy: false)), ("light noise", try Self.photo(noisy: true)), ("coffee", coffee)] {
            for title in Self.titles {
                for size in Self.sizes {
                    var card = try Card(Event(title: title, template: "photo"), catalog: catalog, size: CardSize(parsing: size))
                    card.photo = try EventPhoto(data: bytes, template: card.template, size: card.canvasSize, scale: 1)
                    let rendered = try renderer.render(card)
                    let laidOut = try XCTUnwrap(rendered.title)
                    // The title over the photo (the band of the chosen colour beside a photo
                    // whose faces leave no clear band is not this case: none of these has faces).
                    XCTAssertEqual(laidOut.isSetInForeground, false, "\(name), \(size)")
                    let contrast = try XCTUnwrap(laidOut.contrast, "\(name), \(size)")
                    XCTAssertGreaterThanOrEqual(contrast.ratio, 4.5, "\(name), \(title.prefix(12)) at \(size): white over \(contrast.ground.hexString)")
                    if contrast.ratio < worst.ratio { worst = ("\(name), \(title.prefix(12)) at \(size) over \(contrast.ground.hexString)", contrast.ratio) }
                }
            }
        }
        print("photo title contrast as drawn, least: \(worst.card) \(worst.ratio)")
    }

    /// The accent bar is drawn after the scrim, so the shade does not dull it.
    func testTheAccentBarKeepsItsColourOverTheScrim() throws {
        let catalog = try CardGoldenTests.catalog.get(), renderer = try CardGoldenTests.renderer.get()
        var card = try Card(Event(title: TitleGroundContrastTests.longTitle, color: "user_purple", template: "photo"), catalog: catalog)
        card.photo = try EventPhoto(data: try Self.photo(noisy: false), template: card.template, size: card.canvasSize, scale: 1)
        // The bar's middle: leading 48, bottom 68, 96 × 8 points.
        XCTAssertEqual(try renderer.render(card).canvas.makeImage().pixel(x: 96, y: 504), Color(hex: "#7b4397")!.premultipliedARGB32)
    }
}
