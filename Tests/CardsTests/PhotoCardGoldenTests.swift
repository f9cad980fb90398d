import Cards
import Foundation
import Geometry
import Raster
import TestSupport
import XCTest

/// The photo templates with real photos, one contact sheet per template: rows are a
/// landscape photo, a tall one, one stored turned with EXIF orientation 6, a face near an
/// edge, several faces and no face; columns are the card, square and story presets. Faces
/// are found by the detector, as for any card. Each card is averaged down into a 240-point
/// cell, which keeps the references small and still shows the crop and the title's place.
final class PhotoCardGoldenTests: XCTestCase {
    static let cell = 240.0, gap = 6.0
    static let fixtures = EventPhotoCardTests.fixtures
    static let faceFixtures = fixtures.appendingPathComponent("../../FacesTests/Fixtures").standardized

    /// (row name, file): the files are described in Fixtures/make-photo-cards.py and
    /// Tests/FacesTests/Fixtures/README.md.
    static let photos: [(name: String, url: URL)] = [
        ("landscape", fixtures.appendingPathComponent("astronaut-landscape.jpg")),
        ("tall", faceFixtures.appendingPathComponent("obama2.png")),
        ("exif-rotated", faceFixtures.appendingPathComponent("obama-exif6.jpg")),
        ("face-near-edge", fixtures.appendingPathComponent("camera-edge.jpg")),
        ("several-faces", fixtures.appendingPathComponent("three-faces.jpg")),
        ("no-face", faceFixtures.appendingPathComponent("chelsea.png")),
    ]
    static let presets = ["card", "square", "story"]

    func sheet(_ template: String) throws -> Image {
        let catalog = try CardGoldenTests.catalog.get()
        let renderer = try CardGoldenTests.renderer.get()
        let canvas = try Canvas(size: Size(width: Double(Self.presets.count) * (Self.cell + Self.gap) + Self.gap,
                                           height: Double(Self.photos.count) * (Self.cell + Self.gap) + Self.gap),
                                background: Color(hex: "#dddddd")!)
        for (row, photo) in Self.photos.enumerated() {
            let bytes = Array(try Data(contentsOf: photo.url))
            for (column, preset) in Self.presets.enumerated() {
                let event = try Event(title: "Our first apartment together", color: "user_purple", template: template)
                var card = try Card(event, catalog: catalog, size: CardSize(parsing: preset))
                card.photo = try EventPhoto(data: bytes, template: card.template, size: card.canvasSize, scale: 1)
                let rendered = try renderer.render(card)
                let cell = Rect(x: Self.gap + Double(column) * (Self.cell + Self.gap), y: Self.gap + Double(row) * (Self.cell + Self.gap),
                                width: Self.cell, height: Self.cell)
                canvas.draw(rendered.canvas.makeImage(), in: cell, contentMode: .aspectFit)
            }
        }
        return canvas.makeImage()
    }

    func testPhotoTemplate() throws { try CardGoldenTests.golden.check(sheet("photo"), named: "photo-cards-photo") }
    func testPortraitTemplate() throws { try CardGoldenTests.golden.check(sheet("portrait"), named: "photo-cards-portrait") }

    /// What the sheets rely on: the detector finds the faces the rows are named for.
    func testTheRowsHaveTheFacesTheyAreNamedFor() throws {
        let template = try CardGoldenTests.catalog.get().template(named: "portrait")
        let counts = try Self.photos.map { try EventPhoto(data: Array(Data(contentsOf: $0.url)), template: template, scale: 1).faces.count }
        XCTAssertEqual(counts, [1, 1, 1, 1, 3, 0])
    }
}
