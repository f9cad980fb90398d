import BufferText
import CImageEncode
import Foundation
import Raster
import XCTest

/// The scanline compressor matches only the row directly above and runs of a byte or a pixel.
/// A diagonal gradient shifts each row by a pixel and a grid of dots repeats along the row, so
/// the default samples a stream that comes out large against libdeflate and takes libdeflate
/// when it wins by a fifth (`DeflateSettings.DeflateCheck`).
final class PNGDeflateCheckTests: XCTestCase {
    typealias Deflate = PNGEncoding.DeflateSettings

    static let cards = Deflate.cards
    static var check: Deflate.DeflateCheck { cards.deflateCheck! }
    /// The scanline compressor alone, indexed where the colours fit, as the default without its check.
    static let scanlinesAlone = PNGEncoding.deflate(Deflate(rgb: cards.rgb, indexed: cards.indexed))
    /// The check's libdeflate on the same rows, indexed where the colours fit.
    static var deflateAlone: PNGEncoding {
        let rows = try! Deflate.Rows(level: check.level, filter: cards.rgb.filter)
        return .deflate(Deflate(rgb: rows, indexed: try! Deflate.Rows(level: check.level, filter: cards.indexed!.filter)))
    }

    /// A 135° gradient from `from` to `to` across a width×height canvas, as a palette gradient
    /// draws it: colour a function of x + y, each channel rounded.
    static func diagonal(width: Int, height: Int, from: (Int, Int, Int), to: (Int, Int, Int)) -> [UInt32] {
        let span = Double(width + height - 2)
        return (0..<width * height).map { i in
            let t = Double(i % width + i / width) / span
            func channel(_ a: Int, _ b: Int) -> UInt32 { UInt32((Double(a) + Double(b - a) * t).rounded()) }
            return 0xFF00_0000 | channel(from.0, to.0) << 16 | channel(from.1, to.1) << 8 | channel(from.2, to.2)
        }
    }

    /// The scanline stream's share of the RGB rows, in thousandths: what the check's bound reads.
    static func scanlineShare(_ image: Image) throws -> Int {
        let stream = try image.pngData(encoding: scanlinesAlone).count
        return stream * 1000 / (image.height * (3 * image.width + 1))
    }

    /// 300 colours in a 30×10 block near the top left, as a title's anti-aliased edges add them:
    /// the image is then written RGB.
    static func titled(_ pixels: [UInt32], width: Int) -> [UInt32] {
        var pixels = pixels
        for i in 0..<300 { pixels[(20 + i / 30) * width + 40 + i % 30] = 0xFF00_0000 | UInt32(i % 256) << 16 | UInt32(i * 7 % 256) << 8 | UInt32(i / 256 * 100) }
        return pixels
    }

    func testDiagonalGradientIsWrittenByLibdeflate() throws {
        // The `gradients` palette's purple at card size: 209 colours (indexed), 509 with a title (RGB).
        let ground = Self.diagonal(width: 1024, height: 576, from: (0x9d, 0x50, 0xbb), to: (0x4a, 0x1c, 0x6e))
        for (pixels, colourType) in [(ground, UInt8(3)), (Self.titled(ground, width: 1024), UInt8(2))] {
            let image = try Image(width: 1024, height: 576, premultipliedARGB: pixels)
            XCTAssertLessThanOrEqual(Set(pixels).count, Self.cards.manyColours!.above, "the scanline tier")
            let share = try Self.scanlineShare(image)
            XCTAssertTrue((Self.check.abovePerMille...Self.cards.scanlinesFallbackPerMille!).contains(share), "share \(share)‰: checked, not a photo")
            let png = try image.pngData()
            XCTAssertEqual(png[25], colourType)
            XCTAssertTrue(png == (try image.pngData(encoding: Self.deflateAlone)), "colour type \(colourType): written by the check's libdeflate")
            let scanlines = try image.pngData(encoding: Self.scanlinesAlone).count
            XCTAssertLessThan(png.count * 5, scanlines, "\(png.count) bytes against \(scanlines) through scanlines")
            XCTAssertEqual(try Image(pngData: png).premultipliedARGB, pixels)
        }
    }

    func testSteepGradientSentToThePhotoTierIsSampledAsTheCheckWritesIt() throws {
        // A yellow-to-purple hex gradient: each row a run of new colours, a scanline stream of
        // more than a tenth of the rows, so the fall-back sends it to the photo tier; its rows
        // unfiltered at libdeflate 6 are far smaller than either photo setting.
        let pixels = Self.diagonal(width: 1024, height: 576, from: (0xff, 0xf1, 0x76), to: (0x4a, 0x14, 0x8c))
        let image = try Image(width: 1024, height: 576, premultipliedARGB: pixels)
        XCTAssertLessThanOrEqual(Set(pixels).count, Self.cards.manyColours!.above)
        XCTAssertGreaterThan(try Self.scanlineShare(image), Self.cards.scanlinesFallbackPerMille!)
        let png = try image.pngData()
        XCTAssertTrue(png == (try image.pngData(encoding: Self.deflateAlone)), "the check's setting, the smallest sample")
        let photo = try image.pngData(encoding: .deflate(Deflate(rgb: Self.cards.photoColours!.rows, indexed: nil))).count
        let second = try image.pngData(encoding: .deflate(Deflate(rgb: Self.cards.photoAlternative!, indexed: nil))).count
        XCTAssertLessThan(png.count, min(photo, second), "\(png.count) bytes against the photo settings' \(photo) and \(second)")
        XCTAssertEqual(try Image(pngData: png).premultipliedARGB, pixels)
        // Without the check the fall-back writes it with a photo setting, as before.
        let withoutCheck = PNGEncoding.deflate(Self.cards.withDeflateCheck(nil))
        XCTAssertEqual(try image.pngData(encoding: withoutCheck).count, min(photo, second))
    }

    func testDotGridIsWrittenByLibdeflate() throws {
        // The `snapshot` template's ground: a dot of radius 2.5 every 28 pixels in white at 14 %,
        // its edge pixels covered in part (4×4 samples), and a title: 305 colours, RGB.
        let (width, height) = (1024, 576)
        let dot: [[Double]] = (0..<6).map { y in
            (0..<6).map { x in
                let inside = (0..<16).filter { k in
                    let dx = Double(x) + (Double(k % 4) + 0.5) / 4 - 3, dy = Double(y) + (Double(k / 4) + 0.5) / 4 - 3
                    return dx * dx + dy * dy <= 2.5 * 2.5
                }
                return Double(inside.count) / 16
            }
        }
        let ground = (r: 0x7b, g: 0x43, b: 0x97)
        func blend(_ c: Int, _ alpha: Double) -> UInt32 { UInt32((Double(c) * (1 - alpha) + 255 * alpha).rounded()) }
        var pixels = [UInt32](repeating: 0xFF7B_4397, count: width * height)
        for y in 0..<height where y % 28 < 6 {
            for x in 0..<width where x % 28 < 6 && dot[y % 28][x % 28] > 0 {
                let alpha = 0.14 * dot[y % 28][x % 28]
                pixels[y * width + x] = 0xFF00_0000 | blend(ground.r, alpha) << 16 | blend(ground.g, alpha) << 8 | blend(ground.b, alpha)
            }
        }
        pixels = Self.titled(pixels, width: width)
        let image = try Image(width: width, height: height, premultipliedARGB: pixels)
        XCTAssertTrue((257...Self.cards.manyColours!.above).contains(Set(pixels).count), "RGB, the scanline tier")
        XCTAssertGreaterThan(try Self.scanlineShare(image), Self.check.abovePerMille)
        let png = try image.pngData()
        XCTAssertTrue(png == (try image.pngData(encoding: Self.deflateAlone)), "written by the check's libdeflate")
        let scanlines = try image.pngData(encoding: Self.scanlinesAlone).count
        XCTAssertLessThan(png.count * 2, scanlines, "\(png.count) bytes against \(scanlines) through scanlines")
        XCTAssertEqual(try Image(pngData: png).premultipliedARGB, pixels)
    }

    func testTextLikeImagesKeepTheScanlineCompressor() throws {
        // Vertical stripes: every row repeats the one above, a stream under the bound, unchecked.
        let (width, height) = (640, 360)
        let stripes: [UInt32] = (0..<width).map { x in 0xFF00_0000 | UInt32((x * 37 / 11) % 300) * 0x0001_0103 }
        let echoing = try Image(width: width, height: height, premultipliedARGB: (0..<width * height).map { stripes[$0 % width] })
        XCTAssertLessThan(try Self.scanlineShare(echoing), Self.check.abovePerMille, "under the bound")
        XCTAssertTrue(try echoing.pngData() == (try echoing.pngData(encoding: Self.scanlinesAlone)))
        // Glyph-like blocks in 60 colours, scattered densely without a period: checked, and
        // libdeflate finds little the scanline compressor does not (rows echo the row above).
        var state: UInt32 = 0x2545_F491
        func next(_ bound: Int) -> Int {
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            return Int(state % UInt32(bound))
        }
        var pixels = [UInt32](repeating: 0xFF1E_88E5, count: width * height)
        for _ in 0..<2_500 {
            let (x0, y0, w, h) = (next(width), next(height), 1 + next(12), 1 + next(20))
            let colour = 0xFF00_0000 | UInt32(next(60)) * 0x0003_0401
            for y in y0..<min(height, y0 + h) { for x in x0..<min(width, x0 + w) { pixels[y * width + x] = colour } }
        }
        let text = try Image(width: width, height: height, premultipliedARGB: pixels)
        XCTAssertLessThanOrEqual(Set(pixels).count, 256)
        XCTAssertGreaterThan(try Self.scanlineShare(text), Self.check.abovePerMille, "checked")
        let png = try text.pngData()
        XCTAssertTrue(png == (try text.pngData(encoding: Self.scanlinesAlone)), "the scanline compressor kept")
        let deflated = try text.pngData(encoding: Self.deflateAlone).count
        XCTAssertGreaterThan(deflated * 5, png.count * 4, "libdeflate \(deflated) bytes against \(png.count): less than a fifth smaller")
    }

    func testCheckIsValidated() throws {
        for (bound, level, percent) in [(0, 6, 80), (1001, 6, 80), (16, 0, 80), (16, 13, 80), (16, 6, 0), (16, 6, 101)] {
            XCTAssertThrowsError(try Deflate.DeflateCheck(abovePerMille: bound, level: level, atMostPercent: percent), "\(bound) \(level) \(percent)")
        }
        XCTAssertNoThrow(try Deflate.DeflateCheck(abovePerMille: 1000, level: 12, atMostPercent: 100))
        // The C encoder refuses the same values, naming the check, with no output; a bound of 0
        // turns the check off whatever the rest says.
        let bytes = [UInt8](repeating: 0x80, count: 64)
        for (bound, level, percent) in [(UInt32(1001), Int32(6), UInt32(80)), (16, 0, 80), (16, 13, 80), (16, Int32(SC_PNG_LEVEL_SCANLINES), 80),
                                        (16, 6, 0), (16, 6, 101), (0, 0, 0), (0, 13, 101)] {
            var settings = sc_png_settings(indexed_level: -1, indexed_rows: 0, rgb_level: Int32(SC_PNG_LEVEL_SCANLINES), rgb_rows: 0,
                                           many_colors: 4096, many_level: 7, many_rows: 0, photo_colors: 0, photo_level: 0, photo_rows: 0,
                                           photo_also_level: 0, photo_also_rows: 0, scanlines_fallback_permille: 0,
                                           deflate_check_permille: bound, deflate_check_level: level, deflate_check_percent: percent)
            var out: UnsafeMutablePointer<UInt8>?
            var size = 0
            var message = [CChar](repeating: 0, count: 256)
            let status = bytes.withUnsafeBufferPointer { sc_encode_png_tiered($0.baseAddress, 64, 4, 4, 16, &settings, &out, &size, &message, 256) }
            if bound == 0 {
                XCTAssertEqual(status, 0, "\(bound) \(level) \(percent): off")
                sc_encode_free(out)
            } else {
                XCTAssertEqual(status, -1, "\(bound) \(level) \(percent)")
                XCTAssertNil(out)
                XCTAssertTrue(message.stringBeforeNUL.contains("deflate check"), message.stringBeforeNUL)
            }
        }
    }
}
