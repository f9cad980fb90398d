import Cards
import Faces
import Foundation
import Raster
import TestSupport
import XCTest

/// Photo cards whose faces come from a face cache: byte for byte the cards a cold detection
/// gives, at every size that decodes the photo alike, and never for another photo or another
/// decoded size.
final class FaceCacheCardTests: XCTestCase {
    func photo(_ bytes: [UInt8], title: String = "Three friends", size: CardSize? = nil, cache: FaceCache?) throws -> Card {
        var card = try Card(try Event(title: title, template: "photo"), catalog: CardGoldenTests.catalog.get(), size: size)
        card.photo = try EventPhoto(data: bytes, template: card.template, size: card.canvasSize, scale: 1, faceCache: cache)
        return card
    }

    func png(_ card: Card) throws -> [UInt8] {
        try CardGoldenTests.renderer.get().encoded(card, as: .png).bytes
    }

    static func threeFaces() throws -> [UInt8] {
        Array(try Data(contentsOf: EventPhotoCardTests.fixtures.appendingPathComponent("three-faces.jpg")))
    }

    func testAWarmCardIsByteIdenticalToAColdOne() throws {
        let bytes = try Self.threeFaces()
        let uncached = try photo(bytes, cache: nil)
        XCTAssertEqual(uncached.photo?.faces.count, 3, "the photo's faces frame the card")
        let cache = try FaceCache(capacity: 8)
        let cold = try photo(bytes, cache: cache)
        let warm = try photo(bytes, cache: cache)
        XCTAssertEqual(cache.statistics, FaceCache.Statistics(hits: 1, misses: 1, entries: 1, capacity: 8))
        XCTAssertEqual(warm.photo?.faces, cold.photo?.faces)
        let coldPNG = try png(cold)
        XCTAssertEqual(try png(warm), coldPNG)
        XCTAssertEqual(try png(uncached), coldPNG)
    }

    /// Another title, another template size that decodes the photo whole (og, square, story:
    /// the 807×512 photo is smaller than each), and a card resized for a share page: all reuse
    /// the one detection.
    func testOtherTitlesAndSizesReuseTheFaces() throws {
        let bytes = try Self.threeFaces()
        let cache = try FaceCache(capacity: 8)
        let first = try photo(bytes, cache: cache)
        for name in ["og", "square", "story"] {
            let card = try photo(bytes, title: "Another title", size: try CardSize(parsing: name), cache: cache)
            XCTAssertEqual(card.photo?.photo.image.width, 807)
            XCTAssertEqual(try png(card), try png(try photo(bytes, title: "Another title", size: try CardSize(parsing: name), cache: nil)), name)
        }
        _ = try first.resized(to: try CardSize(parsing: "og"))
        XCTAssertEqual(cache.statistics, FaceCache.Statistics(hits: 4, misses: 1, entries: 1, capacity: 8))
    }

    /// One byte changed (the JFIF header's horizontal density, which the pixels do not depend
    /// on) is another photo: a miss, although the faces are the same.
    func testOneByteChangedIsAnotherPhoto() throws {
        var bytes = try Self.threeFaces()
        let cache = try FaceCache(capacity: 8)
        let original = try photo(bytes, cache: cache)
        XCTAssertEqual(Array(bytes[6..<11]), Array("JFIF\0".utf8))
        bytes[15] ^= 0x02
        let changed = try photo(bytes, cache: cache)
        XCTAssertEqual(cache.statistics.misses, 2)
        XCTAssertEqual(cache.statistics.hits, 0)
        XCTAssertEqual(changed.photo?.faces, original.photo?.faces)
        XCTAssertNotEqual(changed.photo?.digest, original.photo?.digest)
    }

    /// three-faces.png enlarged to 1614×1024 as a JPEG: decoded whole for the card, halved by
    /// the DCT (807×512) for a 320×320 canvas.
    static func threeFacesTwiceAsLarge() throws -> [UInt8] {
        let png = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FacesTests/Fixtures/three-faces.png")
        return try EnlargedPhoto.jpeg(fromPNGAt: png, width: 1614).bytes
    }

    /// A 320×320 canvas decodes the photo DCT-reduced (4/8: 807×512), where the faces are in
    /// other pixels: a miss, and the card is the one a cold detection draws.
    func testAnotherReductionOfThePhotoIsAMiss() throws {
        let bytes = try Self.threeFacesTwiceAsLarge()
        let cache = try FaceCache(capacity: 8)
        let full = try photo(bytes, cache: cache)
        XCTAssertEqual(full.photo?.photo.image.width, 1614)
        let small = try CardSize(width: 320, height: 320)
        let reduced = try photo(bytes, size: small, cache: cache)
        XCTAssertEqual([reduced.photo?.photo.image.width, reduced.photo?.photo.image.height], [807, 512])
        XCTAssertEqual(cache.statistics.misses, 2)
        XCTAssertNotEqual(reduced.photo?.faces, full.photo?.faces)
        XCTAssertEqual(try png(reduced), try png(try photo(bytes, size: small, cache: nil)))
    }
}
