import Cards
import CTestImageDecode
import Foundation
import Raster
import Scene
import TestSupport
import XCTest

/// A card's JPEG takes its Huffman tables from what the card shows (`ResolvedScene.content`):
/// optimised for cards without a picture and for grey pictures, the standard tables for a
/// picture in colour. The choice never changes the decoded pixels.
final class CardJPEGTablesTests: XCTestCase {
    static let jpeg = try! ImageOutput(format: .jpeg)

    struct DecodeFailure: Error { let status: Int32 }

    func rendered(_ event: Event, photo: String? = nil) throws -> RenderedCard {
        var card = try Card(event, catalog: CardGoldenTests.catalog.get())
        if let photo {
            let bytes = Array(try Data(contentsOf: CardGoldenTests.repository.appendingPathComponent(photo)))
            card.photo = try EventPhoto(data: bytes, template: card.template, size: card.canvasSize, scale: 1)
        }
        return try CardGoldenTests.renderer.get().render(card)
    }

    func encoded(_ card: RenderedCard, _ tables: JPEGEncoding.HuffmanTables) throws -> [UInt8] {
        try card.canvas.makeImage().jpegData(encoding: JPEGEncoding(quality: ImageOutput.defaultJPEGQuality, huffmanTables: tables))
    }

    func decoded(_ jpeg: [UInt8]) throws -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        let status = jpeg.withUnsafeBufferPointer { sc_test_decode_jpeg($0.baseAddress, $0.count, &out, &width, &height) }
        defer { sc_test_decode_free(out) }
        guard status == 0, let out else { throw DecodeFailure(status: status) }
        return Array(UnsafeBufferPointer(start: out, count: Int(width * height * 4)))
    }

    func testAFlatCardIsSmallerWithOptimizedTablesAndDecodesTheSame() throws {
        let card = try rendered(Event(title: "Our first apartment together", emoji: "🎉"))
        XCTAssertEqual(card.resolved.scene.content, .drawing)
        let bytes = try card.encoded(Self.jpeg)
        let standard = try encoded(card, .standard)
        XCTAssertEqual(bytes, try encoded(card, .optimized))
        XCTAssertNotEqual(JPEGHuffmanCounts.of(bytes), JPEGHuffmanCounts.standard)
        // A flat ground's statistics are far from a photograph's: a fifth fewer bytes or more.
        XCTAssertLessThan(bytes.count * 5, standard.count * 4, "\(bytes.count) against \(standard.count)")
        XCTAssertEqual(try decoded(bytes), try decoded(standard), "Huffman coding is lossless")
        XCTAssertEqual(bytes, try card.encoded(Self.jpeg), "deterministic")
    }

    func testAGradientCardIsADrawing() throws {
        let card = try rendered(Event(title: "Summer solstice picnic", emoji: "🌞", palette: "gradients", template: "gradient"))
        XCTAssertEqual(card.resolved.scene.content, .drawing)
        XCTAssertEqual(try card.encoded(Self.jpeg), try encoded(card, .optimized))
    }

    func testAPhotoCardUsesTheStandardTables() throws {
        // The template's own picture (no event photo), then the event's photo.
        for photo in [nil, "Tests/CardsTests/Fixtures/rocket-portrait.jpg"] {
            let card = try rendered(Event(title: "Coffee with the whole team", template: "photo"), photo: photo)
            XCTAssertEqual(card.resolved.scene.content, .colourPicture, photo ?? "placeholder")
            let bytes = try card.encoded(Self.jpeg)
            XCTAssertEqual(JPEGHuffmanCounts.of(bytes), JPEGHuffmanCounts.standard, photo ?? "placeholder")
            XCTAssertEqual(bytes, try encoded(card, .standard), photo ?? "placeholder")
            XCTAssertEqual(bytes, try card.encoded(Self.jpeg), "deterministic")
        }
    }

    func testAGreyPhotoCardUsesOptimizedTables() throws {
        let card = try rendered(Event(title: "Behind the camera at the film school", template: "photo"), photo: "Tests/FacesTests/Fixtures/camera.png")
        XCTAssertEqual(card.resolved.scene.content, .greyPicture)
        let bytes = try card.encoded(Self.jpeg)
        XCTAssertEqual(bytes, try encoded(card, .optimized))
        XCTAssertLessThan(bytes.count, try encoded(card, .standard).count)
    }

    func testEveryCommandAndTheServiceEncodeThroughTheRenderedCard() throws {
        // What `render` and `batch` write (CardRenderer.encoded) is the rendered card's bytes.
        let renderer = try CardGoldenTests.renderer.get()
        for event in [try Event(title: "Launch party"), try Event(title: "Launch party", template: "photo")] {
            let card = try Card(event, catalog: CardGoldenTests.catalog.get())
            XCTAssertEqual(try renderer.encoded(card, as: Self.jpeg).bytes, try renderer.render(card).encoded(Self.jpeg), event.template)
        }
    }

    func testAPalettePreviewIsAsPictureLikeAsItsCards() throws {
        let catalog = try CardGoldenTests.catalog.get()
        let preview = PalettePreview(renderer: try CardGoldenTests.renderer.get())
        let palette = try catalog.palette(named: "default")
        let flat = try preview.render(palette: palette, template: catalog.template(named: "classic"))
        XCTAssertEqual(flat.content, .drawing)
        XCTAssertEqual(try flat.encoded(Self.jpeg), try flat.canvas.makeImage().jpegData(encoding: JPEGEncoding(quality: 90, huffmanTables: .optimized)))
        let photo = try preview.render(palette: palette, template: catalog.template(named: "photo"))
        XCTAssertEqual(photo.content, .colourPicture)
        XCTAssertEqual(try photo.encoded(Self.jpeg), try photo.canvas.makeImage().jpegData(encoding: JPEGEncoding(quality: 90, huffmanTables: .standard)))
    }
}
