import CImageEncode
import CTestImageDecode
import Raster
import TestSupport
import XCTest

/// The scanline compressor (CImageEncode's own deflate writer) in both modes — a card's rows
/// (runs, pixel repeats, copies of the row above; one block) and a photo's (runs and pixel
/// repeats; a block of Huffman codes every 16,384 symbols) — read back by zlib's inflate, and
/// the same stream whether or not it skips the bytes it can show start no match.
final class ScanlineRunBlocksTests: XCTestCase {
    enum Kind: CaseIterable { case noise, residuals, runs, pixels, repeatedRows, mixed }

    /// `count` rows of `rowBytes` bytes of one kind; residuals are a filtered photo's (small
    /// values around 0, so single equal bytes are common and three in a row are not).
    static func rows(_ kind: Kind, rowBytes: Int, count: Int, pixelBytes: Int, using rng: inout SeededGenerator) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(rowBytes * count)
        for y in 0..<count {
            if kind == .repeatedRows || (kind == .mixed && y > 0 && Int.random(in: 0..<3, using: &rng) == 0), y > 0 {
                out += out[(y - 1) * rowBytes..<y * rowBytes]
                continue
            }
            var row = [UInt8](repeating: 0, count: rowBytes)
            var i = 0
            while i < rowBytes {
                let take = min(rowBytes - i, Int.random(in: 1...40, using: &rng))
                let style = kind == .mixed ? [Kind.noise, .residuals, .runs, .pixels].randomElement(using: &rng)! : kind
                for k in i..<i + take {
                    switch style {
                    case .noise, .repeatedRows: row[k] = UInt8.random(in: 0...255, using: &rng)
                    case .residuals: row[k] = UInt8(truncatingIfNeeded: Int.random(in: -3...3, using: &rng))
                    case .runs: row[k] = k == i ? UInt8.random(in: 0...255, using: &rng) : row[k - 1]
                    case .pixels: row[k] = k - i < pixelBytes || k < pixelBytes ? UInt8.random(in: 0...255, using: &rng) : row[k - pixelBytes]
                    case .mixed: break
                    }
                }
                i += take
            }
            out += row
        }
        return out
    }

    static func compress(_ rows: [UInt8], rowBytes: Int, pixelBytes: Int, photo: Bool, byteByByte: Bool) throws -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = rows.withUnsafeBufferPointer {
            sc_deflate_scanlines($0.baseAddress, rowBytes, rows.count / rowBytes, pixelBytes, photo ? 1 : 0, byteByByte ? 1 : 0, &out, &size)
        }
        defer { sc_encode_free(out) }
        XCTAssertEqual(status, 0)
        guard status == 0, let out else { return [] }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    static func inflate(_ stream: [UInt8], limit: Int) -> [UInt8]? {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard sc_test_inflate(stream, stream.count, limit, &out, &size) == 0, let out else { return nil }
        defer { sc_test_decode_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    func testZlibReadsBackEveryKindOfRowInBothModesWhetherBytesAreSkippedOrNot() throws {
        var rng = SeededGenerator(seed: 0x5CA7_B10C)
        var cases = 0
        for kind in Kind.allCases {
            for _ in 0..<40 {
                let pixelBytes = [1, 3, 4].randomElement(using: &rng)!
                // Rows around the 20 bytes below which nothing is skipped, and longer.
                let rowBytes = Bool.random(using: &rng) ? Int.random(in: 1...40, using: &rng) : Int.random(in: 41...700, using: &rng)
                let count = Int.random(in: 1...30, using: &rng)
                let rows = Self.rows(kind, rowBytes: rowBytes, count: count, pixelBytes: pixelBytes, using: &rng)
                for photo in [false, true] {
                    let skipping = try Self.compress(rows, rowBytes: rowBytes, pixelBytes: pixelBytes, photo: photo, byteByByte: false)
                    let everyByte = try Self.compress(rows, rowBytes: rowBytes, pixelBytes: pixelBytes, photo: photo, byteByByte: true)
                    XCTAssertTrue(skipping == everyByte, "\(kind) \(rowBytes)×\(count), \(pixelBytes)-byte pixels, photo \(photo)")
                    XCTAssertEqual(Self.inflate(skipping, limit: rows.count), rows, "\(kind) \(rowBytes)×\(count), photo \(photo)")
                    cases += 1
                }
            }
        }
        XCTAssertEqual(cases, 480)
    }

    /// A photo's rows make many blocks (about 16,384 symbols each), with rows repeated across
    /// their boundaries (a repeated row copies the tokens of the row before, which a block just
    /// written must have kept).
    func testManyBlocksAndRowsRepeatedAcrossTheirBoundaries() throws {
        var rng = SeededGenerator(seed: 0xB10C5)
        let rowBytes = 3 * 1024 + 1
        var rows: [UInt8] = []
        for kind in [Kind.residuals, .repeatedRows, .mixed, .residuals, .repeatedRows] {
            rows += Self.rows(kind, rowBytes: rowBytes, count: 40, pixelBytes: 3, using: &rng)
        }
        for photo in [false, true] {
            let stream = try Self.compress(rows, rowBytes: rowBytes, pixelBytes: 3, photo: photo, byteByByte: false)
            XCTAssertTrue(stream == (try Self.compress(rows, rowBytes: rowBytes, pixelBytes: 3, photo: photo, byteByByte: true)))
            XCTAssertEqual(Self.inflate(stream, limit: rows.count), rows, "photo \(photo)")
        }
    }

    /// Rows whose bytes change character half-way (small residuals, then wide noise over 128
    /// values) cost about 2 bits a byte, then 7, each half with codes of its own (4.5 on average,
    /// a little more for the block that straddles the change); one block's codes must serve
    /// both (about 5.5 bits a byte).
    func testPhotoBlocksRenewTheirCodesWhereTheRowsChange() throws {
        var rng = SeededGenerator(seed: 0x0C0DE5)
        let rowBytes = 3 * 600 + 1, count = 200
        var rows: [UInt8] = []
        for y in 0..<count {
            for _ in 0..<rowBytes {
                rows.append(y < count / 2 ? UInt8.random(in: 0...3, using: &rng) : UInt8.random(in: 100...227, using: &rng))
            }
        }
        let photo = try Self.compress(rows, rowBytes: rowBytes, pixelBytes: 3, photo: true, byteByByte: false)
        let card = try Self.compress(rows, rowBytes: rowBytes, pixelBytes: 3, photo: false, byteByByte: false)
        XCTAssertEqual(Self.inflate(photo, limit: rows.count), rows)
        XCTAssertEqual(Self.inflate(card, limit: rows.count), rows)
        let bitsPerByte = { (stream: [UInt8]) in Double(8 * stream.count) / Double(rows.count) }
        XCTAssertLessThan(bitsPerByte(photo), 4.75)
        XCTAssertGreaterThan(bitsPerByte(card), 5.3)
    }

    /// A photo's filtered rows: copies of the row above cost more than their literals there (the
    /// filter has predicted from that row already), so the photo mode leaves them out.
    func testPhotoModeTakesNoCopiesOfTheRowAbove() throws {
        // Every row repeats the one above but for one byte in 12, changed: copies of 11 bytes
        // of the row above are there for the card mode to take, and no runs or pixel repeats.
        var rng = SeededGenerator(seed: 0xAB0E)
        let rowBytes = 1200, count = 60
        var rows = (0..<rowBytes).map { _ in UInt8.random(in: 0...255, using: &rng) }
        for y in 1..<count {
            for x in 0..<rowBytes {
                rows.append(x % 12 == y % 12 ? UInt8.random(in: 0...255, using: &rng) : rows[(y - 1) * rowBytes + x])
            }
        }
        let photo = try Self.compress(rows, rowBytes: rowBytes, pixelBytes: 3, photo: true, byteByByte: false)
        let card = try Self.compress(rows, rowBytes: rowBytes, pixelBytes: 3, photo: false, byteByByte: false)
        XCTAssertEqual(Self.inflate(photo, limit: rows.count), rows)
        XCTAssertEqual(Self.inflate(card, limit: rows.count), rows)
        XCTAssertLessThan(3 * card.count, photo.count, "the card mode copies the row above; the photo mode codes literals")
    }

    func testArgumentsOutsideTheCompressorsRangeAreRefused() {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let rows = [UInt8](repeating: 7, count: 16)
        XCTAssertEqual(sc_deflate_scanlines(rows, 0, 1, 3, 1, 0, &out, &size), -1)
        XCTAssertEqual(sc_deflate_scanlines(rows, 16, 1, 0, 1, 0, &out, &size), -1)
        XCTAssertEqual(sc_deflate_scanlines(rows, 16, 1, 9, 0, 0, &out, &size), -1)
        XCTAssertNil(out)
        XCTAssertEqual(size, 0)
    }
}
