import Cards
import Foundation
import Raster
import XCTest

/// A photo card's PNG stays within the sizes measured for it (docs/design.md, "PNG out for
/// photo cards", 2026-12-01, and "An event photo's filter lengths", 2026-12-02): on the photo
/// template no larger than Pillow's default (`compress_level=6`) writes the same pixels, except
/// the small landscape photo drawn twice its size, within 1.02× (it is 1.015×: its rows echo one
/// another further back than the run-length strategy looks, and libdeflate 4 UP does no
/// better); on the portrait template no larger than the photo tier before (libdeflate 7, UP).
/// The pixels decode exactly and the bytes repeat.
final class PhotoCardPNGSizeTests: XCTestCase {
    static let faceFixtures = EventPhotoCardTests.fixtures.appendingPathComponent("../../FacesTests/Fixtures").standardized

    /// (template, photo, bound in bytes, where the bound comes from).
    static let cards: [(template: String, photo: URL, bound: Int, source: String)] = [
        ("photo", EventPhotoCardTests.fixtures.appendingPathComponent("three-faces.jpg"), 471_824, "Pillow compress_level=6"),
        ("photo", EventPhotoCardTests.fixtures.appendingPathComponent("astronaut-landscape.jpg"), 423_578, "1.02 × Pillow compress_level=6 (415,273)"),
        ("photo", faceFixtures.appendingPathComponent("chelsea.png"), 447_664, "Pillow compress_level=6"),
        ("portrait", EventPhotoCardTests.fixtures.appendingPathComponent("three-faces.jpg"), 226_095, "libdeflate 7, UP (before)"),
        ("portrait", faceFixtures.appendingPathComponent("obama2.png"), 211_530, "libdeflate 7, UP (before)"),
    ]

    func testPhotoCardsStayWithinTheirMeasuredSizes() throws {
        let catalog = try CardGoldenTests.catalog.get(), renderer = try CardGoldenTests.renderer.get()
        for entry in Self.cards {
            let name = "\(entry.template)/\(entry.photo.lastPathComponent)"
            var card = try Card(try Event(title: "Coffee with the whole team", template: entry.template), catalog: catalog)
            card.photo = try EventPhoto(data: Array(try Data(contentsOf: entry.photo)), template: card.template, size: card.canvasSize, scale: 1)
            let canvas = try renderer.render(card).canvas
            let png = try canvas.pngData()
            XCTAssertGreaterThan(Set(canvas.makeImage().premultipliedARGB).count, PNGEncoding.DeflateSettings.cards.photoColours!.above,
                                 "\(name): a photo tier card")
            XCTAssertLessThanOrEqual(png.count, entry.bound, "\(name): \(png.count) bytes against \(entry.bound) (\(entry.source))")
            XCTAssertEqual(try Image(pngData: png).premultipliedARGB, canvas.makeImage().premultipliedARGB, name)
            XCTAssertTrue(png == (try canvas.pngData()), "\(name): deterministic")
        }
    }
}
