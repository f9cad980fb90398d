import Cards
import Foundation
import Raster
import XCTest

/// `Card.rendererVersion` and `ImageOutput.encoderRevision` are promises: equal card keys (and
/// content versions) mean equal pixels, an equal entity tag equal bytes. Both are pinned here to
/// digests of real cards, so a change that moves one pixel, or one byte of an encoding, fails
/// until its version is raised and the new digest recorded, instead of leaving caches, CDNs and
/// batch runs to serve old cards under keys that say they are current.
final class RendererVersionTests: XCTestCase {
    /// Renderer version → digest of the corpus's pixels.
    static let pixels: [String: String] = [
        "3": "fefa0d907c9c381ca3372447b8906ecebfe1767149ff329fe48b554ea298268c",
    ]
    /// "renderer version, output token and encoder revision" → digest of three of the corpus's
    /// cards encoded so (new pixels are new bytes, so a renderer version records its own).
    static let bytes: [String: String] = [
        "3 png 2": "eb204a626c3eec18720a777c4f8072d8a7cbef521bede96127017d9467bdcd1b",
        "3 jpeg-q90 2": "df4046c729994ee1ff23fed23d596e714099ce9095732d8b47bbe8f01ee0a386",
        "3 webp-q90 1": "46466e5e5e2c3540dc771062b5070f93bfb6cc914848a721faa0db4b201cafa5",
    ]

    static let photos = EventPhotoCardTests.fixtures

    /// Every template with the golden titles at the card size, the photo and portrait templates
    /// with a photo of three faces (found by the detector), and a story and a scale-2 card.
    func corpus() throws -> [(name: String, card: RenderedCard)] {
        let catalog = try CardGoldenTests.catalog.get(), renderer = try CardGoldenTests.renderer.get()
        var cards: [(String, RenderedCard)] = []
        for template in catalog.templates.map(\.name).sorted() {
            for title in CardGoldenTests.titles {
                let event = try Event(title: title.title, date: EventDate(iso8601: "2024-06-01"), subtitle: "Our timeline", emoji: "🎉",
                                      color: title.color, template: template, locale: title.locale)
                cards.append(("\(template)/\(title.name)", try renderer.render(Card(event, catalog: catalog))))
            }
        }
        let photo = Array(try Data(contentsOf: Self.photos.appendingPathComponent("three-faces.jpg")))
        for template in ["photo", "portrait"] {
            var card = try Card(try Event(title: "Coffee with the whole team", template: template), catalog: catalog)
            card.photo = try EventPhoto(data: photo, template: card.template, size: card.canvasSize, scale: 1)
            cards.append(("\(template)/three-faces", try renderer.render(card)))
        }
        let story = try Card(try Event(title: "Our first apartment together", template: "classic"), catalog: catalog,
                             size: CardSize(parsing: "story"))
        cards.append(("classic/story", try renderer.render(story)))
        let scaled = try Card(try Event(title: "Our first apartment together", template: "dated"), catalog: catalog, scale: 2)
        cards.append(("dated/scale-2", try renderer.render(scaled)))
        return cards
    }

    /// SHA-256 over each part's SHA-256, in order.
    static func digest(_ parts: [[UInt8]]) -> String {
        ContentHash.hex(parts.flatMap { ContentHash.sha256($0) })
    }

    static func pixelBytes(_ card: RenderedCard) -> [UInt8] {
        let image = card.canvas.makeImage()
        let header = withUnsafeBytes(of: (UInt32(image.width).bigEndian, UInt32(image.height).bigEndian)) { Array($0) }
        return header + image.premultipliedARGB.withUnsafeBytes { Array($0) }
    }

    func testThePixelsAreTheRendererVersions() throws {
        let cards = try corpus()
        let digest = Self.digest(cards.map { Self.pixelBytes($0.card) })
        let version = Card.rendererVersion
        guard let recorded = Self.pixels[version], !recorded.isEmpty else {
            return XCTFail("no digest recorded for renderer version \(version): record \(digest) in RendererVersionTests.pixels, "
                           + "and the bytes' digests testTheBytesAreTheEncoderRevisions then prints")
        }
        XCTAssertEqual(digest, recorded, """
            the pixels of \(cards.count) cards changed under renderer version \(version). If that is meant, raise \
            Card.rendererVersion and record \(digest) for it in RendererVersionTests.pixels; if not, the change moved pixels
            """)
    }

    func testTheBytesAreTheEncoderRevisions() throws {
        let corpus = try corpus()
        try XCTSkipUnless(Self.digest(corpus.map { Self.pixelBytes($0.card) }) == Self.pixels[Card.rendererVersion],
                          "the pixels are not the renderer version's (testThePixelsAreTheRendererVersions says why)")
        let cards = corpus.filter { ["classic/short", "gradient/emoji-cjk", "photo/three-faces"].contains($0.name) }
        XCTAssertEqual(cards.count, 3)
        for output in [try ImageOutput(format: .png), try ImageOutput(format: .jpeg), try ImageOutput(format: .webp)] {
            let key = "\(Card.rendererVersion) \(output.token) \(output.encoderRevision)"
            let digest = Self.digest(try cards.map { try $0.card.encoded(output) })
            guard let recorded = Self.bytes[key], !recorded.isEmpty else {
                XCTFail("no digest recorded for \(key): record \(digest) in RendererVersionTests.bytes")
                continue
            }
            XCTAssertEqual(digest, recorded, """
                the pixels are the same but their \(output.token) bytes changed under encoder revision \(output.encoderRevision). \
                If that is meant, raise ImageOutput.encoderRevision for \(output.format) and record \(digest) for the new \
                revision in RendererVersionTests.bytes
                """)
        }
    }
}
