import Cards
import Foundation
import Raster
import XCTest

/// Every template's card through each encoder: the PNG decodes (libpng) to exactly the
/// rendered pixels, whether it was written indexed or RGB, at the tier its colour count names;
/// every format is deterministic.
final class CardEncodingTests: XCTestCase {
    func testEveryCardKindRoundTripsThroughLibpng() throws {
        var kinds: Set<UInt8> = []
        var tiers: Set<String> = []
        for template in try CardGoldenTests.catalog.get().templates.map(\.name) {
            for title in CardGoldenTests.titles.prefix(2) + CardGoldenTests.titles.suffix(1) {
                let event = try Event(title: title.title, emoji: "🎉", color: title.color, template: template, locale: title.locale)
                let rendered = try CardGoldenTests.renderer.get().render(Card(event, catalog: CardGoldenTests.catalog.get()))
                let canvas = rendered.canvas
                let png = try canvas.pngData()
                kinds.insert(png[25])
                // The default's tier is the one its colour count names, alone giving the same bytes.
                let colours = Set(canvas.makeImage().premultipliedARGB).count
                let cards = PNGEncoding.DeflateSettings.cards
                let tier = colours <= 256 ? cards : colours <= cards.manyColours!.above ? .init(rgb: cards.rgb, indexed: nil)
                    : colours <= cards.photoColours!.above ? .init(rgb: cards.manyColours!.rows, indexed: nil)
                    : .init(rgb: cards.photoColours!.rows, indexed: nil)
                tiers.insert(colours <= 256 ? "indexed" : colours <= cards.manyColours!.above ? "rgb"
                             : colours <= cards.photoColours!.above ? "many" : "photo")
                // A photo is written with the tier's rows or with its second setting, whichever a
                // sample favours; the scanline tier's rows are sampled against libdeflate when they
                // compress poorly (gradients, the snapshot's dots).
                let second = colours > cards.photoColours!.above
                    ? try canvas.pngData(encoding: .deflate(.init(rgb: cards.photoAlternative!, indexed: nil))) : []
                let check = try cards.deflateCheck.map { try PNGEncoding.DeflateSettings.Rows(level: $0.level, filter: .none) }!
                let checked = colours <= cards.manyColours!.above
                    ? try canvas.pngData(encoding: .deflate(.init(rgb: check, indexed: colours <= 256 ? check : nil))) : []
                if png == checked { tiers.insert("checked") }
                XCTAssertTrue(png == (try canvas.pngData(encoding: .deflate(tier))) || png == second || png == checked,
                              "\(template)/\(title.name): \(colours) colours")
                XCTAssertEqual(try Image(pngData: png).premultipliedARGB, canvas.makeImage().premultipliedARGB, "\(template)/\(title.name)")
                XCTAssertEqual(png, try canvas.pngData(), "\(template)/\(title.name): deterministic")
                for output in [try ImageOutput(format: .jpeg), try ImageOutput(format: .webp)] {
                    let bytes = try rendered.encoded(output)
                    XCTAssertEqual(bytes, try rendered.encoded(output), "\(template)/\(title.name) \(output.token): deterministic")
                    let magic: [UInt8] = output.format == .jpeg ? [0xFF, 0xD8, 0xFF] : Array("RIFF".utf8)
                    XCTAssertEqual(Array(bytes.prefix(magic.count)), magic, "\(template)/\(title.name) \(output.token)")
                }
            }
        }
        // The corpus has both kinds: flat cards (indexed) and photo, gradient or emoji ones (RGB).
        XCTAssertEqual(kinds, [2, 3])
        XCTAssertEqual(tiers, ["indexed", "rgb", "many", "photo", "checked"], "every tier of the default is exercised, and the deflate check")
    }

    /// The deflate check judges by a sample, four bands of rows; when the bands are unlike the
    /// rest, libdeflate's whole stream can come out larger, and the scanline stream is kept. A
    /// `gradients` card at 4096×2304 (long runs, which the scanline compressor codes better than
    /// libdeflate 6) with a grid of dots painted into the four bands (which libdeflate codes far
    /// better) is such an image.
    func testAMisleadingSampleKeepsTheSmallerStream() throws {
        typealias Deflate = PNGEncoding.DeflateSettings
        let event = try Event(title: "Our first apartment together", palette: "gradients")
        let card = try Card(event, catalog: CardGoldenTests.catalog.get(), size: CardSize(parsing: "4096x2304"))
        let image = try CardGoldenTests.renderer.get().render(card).canvas.makeImage()
        let (width, height) = (image.width, image.height)
        var pixels = image.premultipliedARGB
        let band = max(8, height / 64)
        for k in 0..<4 {
            let top = (2 * k + 1) * height / 8 - band / 2
            for y in top..<top + band { for x in 0..<width where x % 28 < 5 { pixels[y * width + x] = (y - top) % 4 == 0 ? 0xFF1E_C80A : 0xFFFF_FFFF } }
        }
        let banded = try Image(width: width, height: height, premultipliedARGB: pixels)
        let cards = Deflate.cards
        let check = try Deflate.DeflateCheck(abovePerMille: 1, level: cards.deflateCheck!.level, atMostPercent: cards.deflateCheck!.atMostPercent)
        let checked = PNGEncoding.deflate(cards.withDeflateCheck(check))
        let scanlines = try banded.pngData(encoding: .deflate(Deflate(rgb: cards.rgb, indexed: cards.indexed)))
        let rows = try Deflate.Rows(level: check.level, filter: .none)
        let deflated = try banded.pngData(encoding: .deflate(Deflate(rgb: rows, indexed: rows)))
        XCTAssertLessThanOrEqual(Set(pixels).count, cards.manyColours!.above, "the scanline tier")
        XCTAssertGreaterThan(deflated.count, scanlines.count, "libdeflate's whole stream is the larger here")
        XCTAssertTrue(try banded.pngData(encoding: checked) == scanlines, "the scanline stream kept")
    }
}
