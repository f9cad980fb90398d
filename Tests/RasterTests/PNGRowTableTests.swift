import BufferText
import CImageEncode
@testable import Raster
import TestSupport
import XCTest

/// `sc_encode_png_rows` reads each row where a table says, so that a canvas can hand it the
/// rows it never wrote as one shared row of its background. Whatever the table's layout (rows
/// one stride apart, rows shared, equal rows in separate copies), the bytes must be those
/// `sc_encode_png_tiered` writes for the same pixels laid out one stride apart, in every tier
/// the card setting has.
final class PNGRowTableTests: XCTestCase {
    /// An image of `height` rows, each one of `distinct` (its index in `order`): repeats of the
    /// row above, and rows seen further up, are both common.
    struct Rows {
        let width: Int
        let distinct: [[UInt32]]
        let order: [Int]
        var contiguous: [UInt32] { order.flatMap { distinct[$0] } }
    }

    static func rows(width: Int, height: Int, kinds: Int, seed: UInt64, pixel: (inout SeededGenerator, Int, Int) -> UInt32) -> Rows {
        var rng = SeededGenerator(seed: seed)
        let distinct = (0..<kinds).map { k in (0..<width).map { x in pixel(&rng, k, x) } }
        var order: [Int] = []
        for y in 0..<height {
            if y > 0, Bool.random(using: &rng) { order.append(order[y - 1]) } else { order.append(Int.random(in: 0..<kinds, using: &rng)) }
        }
        return Rows(width: width, distinct: distinct, order: order)
    }

    /// Images for each of the card setting's tiers: indexed, RGB through the scanline compressor
    /// (and, noisy, sent on to the photo tier), a gradient libdeflate wins, and a photo.
    static let images: [(String, Rows)] = [
        ("indexed", rows(width: 97, height: 70, kinds: 5, seed: 1) { rng, k, x in
            [0xFF7B_4397, 0xFFFF_FFFF, 0xFF10_1010][(x / 7 + k) % 3] }),
        ("a few hundred colours", rows(width: 120, height: 64, kinds: 9, seed: 2) { rng, k, x in
            x % 16 < 12 ? 0xFF7B_4397 : 0xFF00_0000 | UInt32(k * 40 + x % 16) * 0x0101 }),
        ("a thousand colours, noisy", rows(width: 150, height: 80, kinds: 30, seed: 3) { rng, _, _ in
            0xFF00_0000 | UInt32.random(in: 0..<1000, using: &rng) * 16_411 }),
        ("a diagonal gradient", rows(width: 256, height: 96, kinds: 96, seed: 4) { _, k, x in
            0xFF00_0000 | UInt32((x + k) % 256) << 16 | UInt32(255 - (x + 2 * k) % 256) << 8 | 0x40 }),
        ("a photo", rows(width: 200, height: 210, kinds: 190, seed: 5) { rng, _, _ in
            0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &rng) }),
    ]

    func encoded(_ call: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>,
                          UnsafeMutablePointer<CChar>) -> Int32) -> (status: Int32, bytes: [UInt8], message: String) {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = call(&out, &size, &message)
        defer { sc_encode_free(out) }
        return (status, out.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [], message.stringBeforeNUL)
    }

    func strided(_ pixels: [UInt32], width: Int, height: Int) -> [UInt8] {
        var settings = sc_png_settings(PNGEncoding.DeflateSettings.cards)
        let result = pixels.withUnsafeBytes { raw in
            encoded { sc_encode_png_tiered(raw.baseAddress!.assumingMemoryBound(to: UInt8.self), raw.count, UInt32(width), UInt32(height),
                                           width * 4, &settings, $0, $1, $2, 256) }
        }
        XCTAssertEqual(result.status, 0, result.message)
        return result.bytes
    }

    /// Encodes through a table of rows, each pointing into `storage` at `offsets[y]` pixels.
    func tabled(_ storage: [UInt32], offsets: [Int], width: Int) -> [UInt8] {
        var settings = sc_png_settings(PNGEncoding.DeflateSettings.cards)
        let result = storage.withUnsafeBytes { raw in
            let base = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let table: [UnsafePointer<UInt8>?] = offsets.map { base + 4 * $0 }
            return encoded { sc_encode_png_rows(table, UInt32(width), UInt32(offsets.count), &settings, $0, $1, $2, 256) }
        }
        XCTAssertEqual(result.status, 0, result.message)
        return result.bytes
    }

    func testEveryLayoutOfTheRowsGivesTheBytesOfTheStridedPixels() throws {
        for (name, image) in Self.images {
            let width = image.width, height = image.order.count
            let reference = strided(image.contiguous, width: width, height: height)
            XCTAssertFalse(reference.isEmpty, name)
            XCTAssertEqual(try Image(pngData: reference).premultipliedARGB, image.contiguous, "\(name): the reference round-trips")
            // Rows one stride apart, as the strided entry lays them out.
            XCTAssertEqual(tabled(image.contiguous, offsets: (0..<height).map { $0 * width }, width: width), reference, "\(name): strided")
            // Equal rows shared: a row of the same address as the one above, and rows far apart.
            let shared = image.distinct.flatMap { $0 }
            XCTAssertEqual(tabled(shared, offsets: image.order.map { $0 * width }, width: width), reference, "\(name): shared")
            // Rows in reverse order in memory, with no two at one address.
            let reversed = Array(image.order.reversed().map { image.distinct[$0] }.joined())
            XCTAssertEqual(tabled(reversed, offsets: (0..<height).map { (height - 1 - $0) * width }, width: width), reference,
                           "\(name): reversed in memory")
        }
    }

    func testATableWithoutUsableRowsIsRefused() {
        var settings = sc_png_settings(PNGEncoding.DeflateSettings.cards)
        let row = [UInt32](repeating: 0xFF00_0000, count: 9)
        row.withUnsafeBytes { raw in
            let base = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let noTable = encoded { sc_encode_png_rows(nil, 8, 2, &settings, $0, $1, $2, 256) }
            XCTAssertEqual(noTable.status, -1)
            XCTAssertEqual(noTable.message, "no pixel rows given")
            for (name, table) in [("a missing row", [base, nil]), ("a row off its 4-byte boundary", [base, base + 2])] {
                let refused = encoded { sc_encode_png_rows(table, 8, 2, &settings, $0, $1, $2, 256) }
                XCTAssertEqual(refused.status, -1, name)
                XCTAssertTrue(refused.bytes.isEmpty, name)
                XCTAssertEqual(refused.message, "pixel rows must start on 4-byte boundaries", name)
            }
            let empty = encoded { sc_encode_png_rows([base], 0, 1, &settings, $0, $1, $2, 256) }
            XCTAssertEqual(empty.status, -1)
            XCTAssertEqual(empty.message, "image has no pixels")
        }
    }
}
