import BufferText
import CImageEncode
import CTestImageDecode
import Foundation
import Raster
import TestSupport
import XCTest

/// The libdeflate PNG writer against libpng's reader (random images, palette sizes at every
/// bit-depth boundary, translucent pixels), and JPEG/WebP against libjpeg-turbo's and libwebp's
/// decoders within stated errors.
final class ImageEncodingTests: XCTestCase {
    struct DecodeFailure: Error {}

    typealias Deflate = PNGEncoding.DeflateSettings

    static func encodings() throws -> [PNGEncoding] {
        var all: [PNGEncoding] = [.cards]
        for filter in Deflate.RowFilter.allCases {
            for level in [0, 1, 8, 12] {
                let rows = try Deflate.Rows(level: level, filter: filter)
                all.append(.deflate(Deflate(rgb: rows, indexed: nil)))
                all.append(.deflate(Deflate(rgb: rows, indexed: rows)))
            }
            for rows in [Deflate.Rows.scanlines(filter: filter), .runBlocks(filter: filter), .runLength(filter: filter)] {
                all.append(.deflate(Deflate(rgb: rows, indexed: nil)))
                all.append(.deflate(Deflate(rgb: rows, indexed: rows)))
            }
        }
        let indexed = try Deflate.Rows(level: 4, filter: .none)
        for (above, rgb, many) in [(256, (1, Deflate.RowFilter.none), (8, Deflate.RowFilter.minimumSum)), (300, (6, .repeatFlatOrPaeth), (0, .paeth))] {
            let tiers = try Deflate.ManyColours(above: above, rows: .init(level: many.0, filter: many.1))
            all.append(.deflate(Deflate(rgb: try .init(level: rgb.0, filter: rgb.1), indexed: indexed, manyColours: tiers)))
            all.append(.deflate(Deflate(rgb: try .init(level: rgb.0, filter: rgb.1), indexed: nil, manyColours: tiers)))
        }
        let many = try Deflate.ManyColours(above: 256, rows: .init(level: 1, filter: .sub))
        let photos = try Deflate.ManyColours(above: 300, rows: .init(level: 7, filter: .up))
        all.append(.deflate(try Deflate(rgb: .scanlines(filter: .none), indexed: indexed, manyColours: many, photoColours: photos)))
        all.append(.deflate(try Deflate(rgb: try .init(level: 6, filter: .none), indexed: nil, manyColours: many, photoColours: photos)))
        all.append(.deflate(try Deflate(rgb: .scanlines(filter: .none), indexed: .scanlines(filter: .none), manyColours: many,
                                        photoColours: photos, scanlinesFallbackPerMille: 1)))
        // A photo tier with a second setting, chosen by a sample (or, under 64 rows, by all rows).
        let runs = try Deflate.ManyColours(above: 300, rows: .runLength(filter: .repeatFlatOrPaeth))
        all.append(.deflate(try Deflate(rgb: .scanlines(filter: .none), indexed: indexed, manyColours: many, photoColours: runs,
                                        photoAlternative: try .init(level: 1, filter: .up), scanlinesFallbackPerMille: 1)))
        all.append(.deflate(try Deflate(rgb: try .init(level: 2, filter: .none), indexed: nil, manyColours: many, photoColours: photos,
                                        photoAlternative: .runLength(filter: .minimumSum))))
        let runBlocks = try Deflate.ManyColours(above: 300, rows: .runBlocks(filter: .repeatFlatOrPaeth))
        all.append(.deflate(try Deflate(rgb: .scanlines(filter: .none), indexed: indexed, manyColours: many, photoColours: runBlocks,
                                        photoAlternative: try .init(level: 1, filter: .up), scanlinesFallbackPerMille: 1)))
        all.append(.deflate(try Deflate(rgb: try .init(level: 2, filter: .none), indexed: nil, manyColours: many, photoColours: photos,
                                        photoAlternative: .runBlocks(filter: .paeth))))
        return all
    }

    /// A random image: noise, repeated rows, flat runs, or exactly `colours` distinct colours.
    static func randomImage(colours: Int?, using rng: inout SeededGenerator) throws -> [UInt32] {
        let w = Int.random(in: 1...300, using: &rng), h = Int.random(in: 1...24, using: &rng)
        var pixels = [UInt32](repeating: 0, count: w * h)
        if let colours {
            let palette = (0..<colours).map { UInt32($0) &* 0x9E37_79B1 & 0xFF_FFFF | 0xFF00_0000 }
            let distinct = Set(palette)
            precondition(distinct.count == colours)
            for i in pixels.indices { pixels[i] = palette[i < colours ? i : Int.random(in: 0..<colours, using: &rng)] }
            return [UInt32(w), UInt32(h)] + pixels
        }
        for y in 0..<h {
            let mode = Int.random(in: 0..<4, using: &rng)
            for x in 0..<w {
                switch mode {
                case 0: pixels[y * w + x] = 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &rng)
                case 1: pixels[y * w + x] = y > 0 ? pixels[(y - 1) * w + x] : 0xFF12_3456
                case 2: pixels[y * w + x] = x < w / 3 ? 0xFF00_0000 : 0xFFFF_FFFF
                default: pixels[y * w + x] = 0xFF00_0000 | UInt32((x / 7) % 3 == 0 ? 0x0101_01 : 0)
                }
            }
        }
        return [UInt32(w), UInt32(h)] + pixels
    }

    /// IHDR's bit depth and colour type.
    func header(_ png: [UInt8]) -> (depth: UInt8, colourType: UInt8) { (png[24], png[25]) }

    func testPNGDecodesIdenticallyThroughLibpngAtEverySetting() throws {
        var rng = SeededGenerator(seed: 0x5EED)
        let encodings = try Self.encodings()
        let colourCounts: [Int?] = [nil, nil, nil, 1, 2, 3, 4, 5, 16, 17, 255, 256, 257]
        for (trial, colours) in (colourCounts + colourCounts).enumerated() {
            let raw = try Self.randomImage(colours: colours, using: &rng)
            let pixels = Array(raw.dropFirst(2))
            let image = try Image(width: Int(raw[0]), height: Int(raw[1]), premultipliedARGB: pixels)
            let distinct = Set(pixels).count
            for (e, encoding) in encodings.enumerated() {
                let png = try image.pngData(encoding: encoding)
                XCTAssertEqual(try Image(pngData: png).premultipliedARGB, pixels, "trial \(trial) encoding \(e): \(raw[0])×\(raw[1])")
                guard case .deflate(let settings) = encoding else { continue }
                let (depth, type) = header(png)
                if settings.indexed != nil && distinct <= 256 {
                    XCTAssertEqual(type, 3, "trial \(trial): \(distinct) colours are written indexed")
                    XCTAssertEqual(depth, distinct <= 2 ? 1 : distinct <= 4 ? 2 : distinct <= 16 ? 4 : 8, "trial \(trial): \(distinct) colours")
                } else {
                    XCTAssertEqual(type, 2, "trial \(trial): \(distinct) colours are written RGB")
                    XCTAssertEqual(depth, 8)
                }
            }
        }
    }

    /// An RGB image uses the many-colours rows exactly when it has more colours than the
    /// bound: the same bytes as that tier alone, and stored (level 0) versus deflated shows it.
    func testRGBTierFollowsTheColourCount() throws {
        let stored = try Deflate.Rows(level: 0, filter: .none), deflated = try Deflate.Rows(level: 9, filter: .up)
        let tiered = PNGEncoding.deflate(Deflate(rgb: stored, indexed: try .init(level: 4, filter: .none),
                                                 manyColours: try .init(above: 1000, rows: deflated)))
        let (width, height) = (100, 40)
        for colours in [257, 999, 1000, 1001, 4000] {
            let palette = (0..<colours).map { UInt32($0) &* 0x9E37_79B1 & 0xFF_FFFF | 0xFF00_0000 }
            XCTAssertEqual(Set(palette).count, colours)
            let pixels = (0..<width * height).map { palette[$0 % colours] }
            let image = try Image(width: width, height: height, premultipliedARGB: pixels)
            let png = try image.pngData(encoding: tiered)
            XCTAssertEqual(try Image(pngData: png).premultipliedARGB, pixels, "\(colours) colours")
            XCTAssertEqual(header(png).colourType, 2, "\(colours) colours are written RGB")
            let expected = colours > 1000 ? deflated : stored
            XCTAssertTrue(png == (try image.pngData(encoding: .deflate(Deflate(rgb: expected, indexed: nil)))), "\(colours) colours")
            let raw = height * (3 * width + 1)
            XCTAssertEqual(png.count > raw, colours <= 1000, "\(colours) colours: \(png.count) bytes against \(raw) raw")
        }
        XCTAssertThrowsError(try Deflate.ManyColours(above: 255, rows: stored))
        XCTAssertThrowsError(try Deflate.ManyColours(above: 65536, rows: stored))
        let settings = sc_png_settings(indexed_level: 4, indexed_rows: 0, rgb_level: 6, rgb_rows: 0, many_colors: 100, many_level: 8, many_rows: 5,
                                       photo_colors: 0, photo_level: 0, photo_rows: 0, photo_also_level: 0, photo_also_rows: 0,
                                       scanlines_fallback_permille: 0, deflate_check_permille: 0, deflate_check_level: 0, deflate_check_percent: 0)
        assertTierRefusals(settings, naming: "many-colours") { $0.many_colors = 256; $0.many_rows = 10 }
    }

    /// The C encoder refuses `settings` with a message naming `bound`, and refuses them again,
    /// as invalid rows, once `badRows` has fixed the bound; neither refusal leaves output.
    func assertTierRefusals(_ settings: sc_png_settings, naming bound: String, badRows: (inout sc_png_settings) -> Void,
                            file: StaticString = #filePath, line: UInt = #line) {
        var settings = settings
        let refused = encodeTiered(&settings)
        XCTAssertEqual(refused.status, -1, file: file, line: line)
        XCTAssertTrue(refused.message.contains(bound), refused.message, file: file, line: line)
        badRows(&settings)
        let invalid = encodeTiered(&settings)
        XCTAssertEqual(invalid.status, -1, file: file, line: line)
        XCTAssertTrue(invalid.message.contains("invalid"), invalid.message, file: file, line: line)
        XCTAssertNil(refused.output, file: file, line: line)
        XCTAssertNil(invalid.output, file: file, line: line)
    }

    /// The C encoder's status, error message and output for a 4×4 grey image under `settings`.
    func encodeTiered(_ settings: inout sc_png_settings) -> (status: Int32, message: String, output: UnsafeMutablePointer<UInt8>?) {
        let bytes = [UInt8](repeating: 0x80, count: 64)
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 128)
        let status = bytes.withUnsafeBufferPointer { sc_encode_png_tiered($0.baseAddress, 64, 4, 4, 16, &settings, &out, &size, &message, 128) }
        return (status, message.stringBeforeNUL, out)
    }

    /// With a photo tier, an RGB image takes the rows of the highest bound it is above: the
    /// same bytes as that tier's rows alone, for counts either side of each bound.
    func testPhotoTierFollowsTheColourCount() throws {
        let stored = try Deflate.Rows(level: 0, filter: .none), many = try Deflate.Rows(level: 9, filter: .up)
        let photo = try Deflate.Rows(level: 1, filter: .sub)
        let tiered = PNGEncoding.deflate(try Deflate(rgb: stored, indexed: try .init(level: 4, filter: .none),
                                                     manyColours: try .init(above: 1000, rows: many),
                                                     photoColours: try .init(above: 2000, rows: photo)))
        let (width, height) = (100, 40)
        for colours in [999, 1000, 1001, 2000, 2001, 4000] {
            let palette = (0..<colours).map { UInt32($0) &* 0x9E37_79B1 & 0xFF_FFFF | 0xFF00_0000 }
            XCTAssertEqual(Set(palette).count, colours)
            let pixels = (0..<width * height).map { palette[$0 % colours] }
            let image = try Image(width: width, height: height, premultipliedARGB: pixels)
            let png = try image.pngData(encoding: tiered)
            XCTAssertEqual(try Image(pngData: png).premultipliedARGB, pixels, "\(colours) colours")
            let expected = colours > 2000 ? photo : colours > 1000 ? many : stored
            for rows in [stored, many, photo] {
                let alone = try image.pngData(encoding: .deflate(Deflate(rgb: rows, indexed: nil)))
                XCTAssertEqual(png == alone, rows == expected, "\(colours) colours against \(rows.compressorName) \(rows.filter)")
            }
        }
        XCTAssertThrowsError(try Deflate(rgb: stored, indexed: nil, manyColours: try .init(above: 2000, rows: many),
                                         photoColours: try .init(above: 2000, rows: photo)))
        XCTAssertThrowsError(try Deflate(rgb: stored, indexed: nil, manyColours: nil, photoColours: try .init(above: 2000, rows: photo)))
        let settings = sc_png_settings(indexed_level: 4, indexed_rows: 0, rgb_level: 6, rgb_rows: 0, many_colors: 300, many_level: 8, many_rows: 5,
                                       photo_colors: 300, photo_level: 7, photo_rows: 2, photo_also_level: 0, photo_also_rows: 0,
                                       scanlines_fallback_permille: 0, deflate_check_permille: 0, deflate_check_level: 0, deflate_check_percent: 0)
        assertTierRefusals(settings, naming: "photo-colours") { $0.photo_colors = 301; $0.photo_rows = 10 }
    }

    /// A 135° gradient repeats the row above one pixel along, which deflate matches only in
    /// unfiltered rows: shifted-or-up leaves those rows unfiltered and is much smaller than UP
    /// everywhere, and a band that does not shift (text) still decodes exactly.
    func testShiftedRowsOfADiagonalGradientAreLeftUnfiltered() throws {
        let (width, height) = (400, 120)
        var pixels = (0..<width * height).map { i -> UInt32 in
            let t = UInt32(i % width + i / width)
            return 0xFF00_0000 | (t * 3 / 4 % 256) << 16 | (t / 3 % 256) << 8 | (255 - t / 2 % 256)
        }
        for y in 50..<60 { for x in 100..<300 where (x / 3 + y) % 4 == 0 { pixels[y * width + x] = 0xFFFF_FFFF } }
        let image = try Image(width: width, height: height, premultipliedARGB: pixels)
        let shifted = try image.pngData(encoding: .deflate(Deflate(rgb: try .init(level: 7, filter: .shiftedOrUp), indexed: nil)))
        let up = try image.pngData(encoding: .deflate(Deflate(rgb: try .init(level: 7, filter: .up), indexed: nil)))
        XCTAssertEqual(try Image(pngData: shifted).premultipliedARGB, pixels)
        XCTAssertLessThan(Double(shifted.count), 0.85 * Double(up.count), "\(shifted.count) bytes against \(up.count) with UP")
    }

    /// Translucent pixels at the alpha edges are flattened over the matte exactly as the libpng
    /// path does it, so both decode to the same opaque pixels.
    func testTranslucentPixelsDecodeAsThroughLibpng() throws {
        var pixels: [UInt32] = []
        for alpha: UInt32 in [0, 1, 2, 127, 128, 254, 255] {
            for value: UInt32 in [0, 1, alpha / 2, alpha] where value <= alpha {
                pixels.append(alpha << 24 | value << 16 | (alpha - value) << 8 | value)
            }
        }
        let image = try Image(width: pixels.count, height: 1, premultipliedARGB: pixels)
        let libpng = PNGEncoding.libpng(try .init(zlibLevel: 6, filter: .none))
        for matte in [Color.white, .black, Color(hex: "#7b4397")!] {
            let expected = try Image(pngData: image.pngData(encoding: libpng, matte: matte)).premultipliedARGB
            XCTAssertTrue(expected.allSatisfy { $0 >> 24 == 0xFF })
            for encoding in try Self.encodings() {
                XCTAssertEqual(try Image(pngData: image.pngData(encoding: encoding, matte: matte)).premultipliedARGB, expected, "\(encoding)")
            }
        }
    }

    // MARK: JPEG and WebP

    static func decode(_ data: [UInt8], _ decoder: (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>,
                                                     UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>) -> Int32) throws -> (width: Int, height: Int, bgra: [UInt8]) {
        var out: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        let status = data.withUnsafeBufferPointer { decoder($0.baseAddress, $0.count, &out, &width, &height) }
        defer { sc_test_decode_free(out) }
        guard status == 0, let out else { throw DecodeFailure() }
        return (Int(width), Int(height), Array(UnsafeBufferPointer(start: out, count: Int(width * height * 4))))
    }

    /// Peak signal-to-noise ratio over R, G and B, in dB, and the largest channel error.
    static func error(_ image: Image, _ bgra: [UInt8]) -> (psnr: Double, maxError: Int) {
        var squared = 0.0, maxError = 0
        for (i, p) in image.premultipliedARGB.enumerated() {
            for (c, shift) in [(0, 0), (1, 8), (2, 16)] as [(Int, UInt32)] {
                let d = abs(Int((p >> shift) & 0xFF) - Int(bgra[i * 4 + c]))
                squared += Double(d * d)
                maxError = max(maxError, d)
            }
        }
        let mse = squared / Double(image.width * image.height * 3)
        return (mse == 0 ? .infinity : 10 * log10(255 * 255 / mse), maxError)
    }

    /// A card-like picture: white and dark text-like strokes (one and two pixels wide) on a
    /// saturated colour, a soft gradient and a photo-like noisy corner.
    static func cardLike(background: Color) throws -> Image {
        let canvas = try Canvas(size: .init(width: 320, height: 180), background: background)
        for i in 0..<12 {
            let x = 20.0 + Double(i) * 24
            canvas.fill(.init(rect: .init(x: x, y: 40, width: Double(1 + i % 2), height: 60)), with: .solid(i % 3 == 0 ? .black : .white))
        }
        canvas.fill(.init(roundedRect: .init(x: 20, y: 120, width: 200, height: 40), cornerRadius: 20), with: .solid(.white.withAlpha(0.3)))
        return canvas.makeImage()
    }

    func testJPEGDecodesWithinStatedError() throws {
        for hex in ["#7b4397", "#e74c3c", "#2ecc71", "#f1c40f"] {
            let image = try Self.cardLike(background: Color(hex: hex)!)
            let jpeg = try image.jpegData(encoding: JPEGEncoding(quality: 90))
            XCTAssertEqual(Array(jpeg.prefix(3)), [0xFF, 0xD8, 0xFF], "JPEG SOI marker")
            XCTAssertEqual(jpeg, try image.jpegData(encoding: JPEGEncoding(quality: 90)), "deterministic")
            let decoded = try Self.decode(jpeg, sc_test_decode_jpeg)
            XCTAssertEqual([decoded.width, decoded.height], [image.width, image.height])
            // q90 4:4:4 keeps colour edges: at least 36 dB PSNR.
            let e = Self.error(image, decoded.bgra)
            XCTAssertGreaterThan(e.psnr, 36, "\(hex): \(e)")
            // 4:2:0 halves colour resolution: strokes on a coloured ground lose clearly more.
            let subsampled = try Self.decode(image.jpegData(encoding: JPEGEncoding(quality: 90, subsampling: .both420)), sc_test_decode_jpeg)
            XCTAssertLessThan(Self.error(image, subsampled.bgra).psnr, e.psnr, hex)
        }
    }

    func testWebPLosslessIsExactAndLossyWithinStatedError() throws {
        for hex in ["#7b4397", "#e74c3c", "#2ecc71"] {
            let image = try Self.cardLike(background: Color(hex: hex)!)
            let lossless = try image.webpData(encoding: WebPEncoding(lossless: true, quality: 75))
            XCTAssertEqual(Array(lossless.prefix(4)), Array("RIFF".utf8))
            XCTAssertEqual(Array(lossless[8..<12]), Array("WEBP".utf8))
            let exact = try Self.decode(lossless, sc_test_decode_webp)
            XCTAssertEqual(Self.error(image, exact.bgra).maxError, 0, "\(hex): lossless is exact")
            let lossy = try image.webpData(encoding: WebPEncoding(lossless: false, quality: 90))
            XCTAssertEqual(lossy, try image.webpData(encoding: WebPEncoding(lossless: false, quality: 90)), "deterministic")
            let decoded = try Self.decode(lossy, sc_test_decode_webp)
            XCTAssertEqual([decoded.width, decoded.height], [image.width, image.height])
            // q90 lossy (4:2:0 with sharp YUV): at least 30 dB PSNR.
            let e = Self.error(image, decoded.bgra)
            XCTAssertGreaterThan(e.psnr, 30, "\(hex): \(e)")
        }
    }

    func testEncodersRefuseInvalidSettingsAndBuffers() throws {
        XCTAssertThrowsError(try JPEGEncoding(quality: 0))
        XCTAssertThrowsError(try JPEGEncoding(quality: 101))
        XCTAssertThrowsError(try WebPEncoding(lossless: false, quality: 101))
        XCTAssertThrowsError(try WebPEncoding(lossless: false, quality: 90, method: 7))
        XCTAssertThrowsError(try Deflate.Rows(level: 13, filter: .none))
        let pixels = [UInt8](repeating: 0x80, count: 64)
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 128)
        func text() -> String { message.stringBeforeNUL }
        pixels.withUnsafeBufferPointer { p in
            XCTAssertEqual(sc_encode_jpeg(p.baseAddress, 63, 4, 4, 16, 90, 0, 0, &out, &size, &message, 128), -1)
            XCTAssertTrue(text().contains("smaller"), text())
            XCTAssertEqual(sc_encode_jpeg(p.baseAddress, 64, 4, 4, 16, 0, 0, 0, &out, &size, &message, 128), -1)
            XCTAssertTrue(text().contains("quality"), text())
            XCTAssertEqual(sc_encode_webp(p.baseAddress, 64, 4, 4, 16, 0, 90, 9, &out, &size, &message, 128), -1)
            XCTAssertTrue(text().contains("method"), text())
            XCTAssertEqual(sc_encode_webp(p.baseAddress, 64, 20000, 1, 80000, 0, 90, 4, &out, &size, &message, 128), -1)
            XCTAssertTrue(text().contains("limit"), text())
            XCTAssertEqual(sc_encode_png(p.baseAddress, 64, 4, 4, 14, 8, 5, 4, 0, &out, &size, &message, 128), -1)
            XCTAssertTrue(text().contains("4-byte"), text())
            XCTAssertEqual(sc_encode_png(p.baseAddress, 64, 4, 4, 16, 8, 10, 4, 0, &out, &size, &message, 128), -1)
            XCTAssertTrue(text().contains("invalid"), text())
        }
        XCTAssertNil(out)
    }
}
