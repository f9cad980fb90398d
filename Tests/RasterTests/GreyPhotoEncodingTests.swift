import Foundation
import Raster
import XCTest

/// A grey photo with a title has a few hundred colours, so its colour count alone sends it to
/// the scanline compressor made for cards of flat ground and text, which codes it at over
/// twice Pillow's size. The default falls back to the photo tier when an RGB scanline stream
/// compresses poorly.
final class GreyPhotoEncodingTests: XCTestCase {
    typealias Deflate = PNGEncoding.DeflateSettings

    /// scikit-image's camera.png (512×512, grey), a face-detection fixture.
    static let camera = Result {
        try Image(pngData: Array(try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("FacesTests/Fixtures/camera.png"))))
    }

    func testGreyPhotosTakeThePhotoTier() throws {
        let camera = try Self.camera.get()
        var pixels = camera.premultipliedARGB
        // Eleven coloured squares, as a title and accent would add: 267 colours, written RGB.
        for i in 0..<11 {
            let colour = 0xFF00_0000 | UInt32(40 + 20 * i) << 16 | 0x30 << 8 | UInt32(200 - 15 * i)
            for y in 0..<6 { for x in 0..<6 { pixels[(8 + y) * 512 + 8 + 8 * i + x] = colour } }
        }
        let titled = try Image(width: 512, height: 512, premultipliedARGB: pixels)
        let cards = Deflate.cards
        let photoAlone = PNGEncoding.deflate(Deflate(rgb: cards.photoColours!.rows, indexed: nil))
        let secondAlone = PNGEncoding.deflate(Deflate(rgb: cards.photoAlternative!, indexed: nil))
        let scanlinesAlone = PNGEncoding.deflate(Deflate(rgb: cards.rgb, indexed: cards.indexed))
        // Alone, the grey photo is written indexed (the scanline stream then is 0.90× Pillow's
        // RGB PNG) and is kept so; with a title it is RGB, where the scanline stream was about twice
        // Pillow's size and is replaced by the photo tier's.
        XCTAssertEqual(Set(camera.premultipliedARGB).count, 256)
        XCTAssertTrue(try camera.pngData() == (try camera.pngData(encoding: scanlinesAlone)), "grey: indexed, as before")
        XCTAssertEqual(Set(titled.premultipliedARGB).count, 267)
        let png = try titled.pngData()
        // A grey pixel filters to three equal bytes, a run too short for zlib's run-length
        // strategy (three bytes after the first) to code: the sample takes the second setting.
        XCTAssertTrue(png == (try titled.pngData(encoding: secondAlone)), "the photo tier's second setting")
        XCTAssertLessThan(png.count, try titled.pngData(encoding: photoAlone).count)
        let before = try titled.pngData(encoding: .deflate(Deflate(rgb: cards.rgb, indexed: nil))).count
        XCTAssertLessThan(Double(png.count), 0.6 * Double(before), "\(png.count) bytes against \(before) through scanlines")
        XCTAssertEqual(try Image(pngData: png).premultipliedARGB, titled.premultipliedARGB)
    }

    func testFlatImagesKeepTheScanlineCompressor() throws {
        // A card-like image: flat ground, a block of text-like strokes in 300 colours. The
        // fall-back leaves it to the scanline compressor (the default's deflate check, off here,
        // would then take libdeflate for these hatched strokes: PNGDeflateCheckTests).
        var pixels = [UInt32](repeating: 0xFF33_2266, count: 400 * 200)
        for y in 60..<140 { for x in 40..<360 where (x / 3 + y / 5) % 4 == 0 { pixels[y * 400 + x] = 0xFF00_0000 | UInt32((x * 7 + y) % 300) * 0x0101 } }
        let image = try Image(width: 400, height: 200, premultipliedARGB: pixels)
        XCTAssertGreaterThan(Set(pixels).count, 256)
        let cards = Deflate.cards
        let fallBackOnly = PNGEncoding.deflate(cards.withDeflateCheck(nil))
        XCTAssertTrue(try image.pngData(encoding: fallBackOnly) == (try image.pngData(encoding: .deflate(Deflate(rgb: cards.rgb, indexed: nil)))))
    }

    func testFallBackBoundIsValidated() throws {
        let cards = Deflate.cards
        for bound in [0, 1001] {
            XCTAssertThrowsError(try Deflate(rgb: cards.rgb, indexed: cards.indexed, manyColours: cards.manyColours,
                                             photoColours: cards.photoColours!, scanlinesFallbackPerMille: bound), "\(bound)")
        }
    }
}
