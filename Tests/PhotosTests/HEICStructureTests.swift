import Foundation
import Photos
import Raster
import XCTest

/// The HEIC structure read before libheif sees a file: the HEVC pixels a primary image is coded
/// at (each hvcC's SPS), summed over a grid's cells and alpha planes, bounded; and hostile box
/// structures refused with a reason, never a crash. Files are built box by box (`HEIFBuilder`)
/// around chelsea.heic's hvcC.
final class HEICStructureTests: XCTestCase {
    private func error(_ bytes: [UInt8], limits: ImageLimits = .photo) -> PhotoError? {
        do {
            _ = try Photo(data: bytes, targetWidth: 1024, targetHeight: 576, limits: limits)
            return nil
        } catch { return error }
    }

    private func structure(_ bytes: [UInt8], maxCodedPixels: Int = 100_000_000, maxCells: Int = 1024) throws -> HEICStructure {
        try HEICStructure(data: bytes, maxCodedPixels: maxCodedPixels, maxCells: maxCells)
    }

    /// chelsea.heic's hvcC box (its SPS codes 96 × 64).
    private func chelseaHVCC() throws -> [UInt8] {
        try HEIFBuilder.box(named: "hvcC", in: try PhotoFixtures.bytes("chelsea.heic"))
    }

    func testFixturesReadAsTheirStreamsAreCoded() throws {
        let chelsea = try structure(try PhotoFixtures.bytes("chelsea.heic"))
        XCTAssertEqual([chelsea.declaredWidth, chelsea.declaredHeight, chelsea.rows, chelsea.columns, chelsea.cells,
                        chelsea.largestCellWidth, chelsea.largestCellHeight, chelsea.codedPixels], [96, 64, 1, 1, 1, 96, 64, 6144])
        let grid = try structure(try PhotoFixtures.bytes("grid-2x2.heic"))
        XCTAssertEqual([grid.declaredWidth, grid.declaredHeight, grid.rows, grid.columns, grid.cells, grid.codedPixels],
                       [160, 100, 2, 2, 4, 4 * 6144])
        // heif-enc's x265 codes the 32 × 48 image at 64 × 64: padding within the tolerance.
        let turned = try structure(try PhotoFixtures.bytes("orientation-6-irot.heic"))
        XCTAssertEqual([turned.declaredWidth, turned.declaredHeight, turned.largestCellWidth, turned.largestCellHeight], [32, 48, 64, 64])
        // The alpha plane is a second HEVC image, decoded with the first.
        let alpha = try structure(try PhotoFixtures.bytes("alpha-half.heic"))
        XCTAssertEqual([alpha.cells, alpha.codedPixels], [2, 2 * 64 * 64])
        // Every HEIC fixture that decoded before still does (their pixels: HEICDecodingTests).
        for name in ["chelsea.heic", "p3-chelsea.heic", "p3-chelsea-nclx.heic", "orientation-6-irot.heic", "grid-2x2.heic",
                     "alpha-half.heic"] {
            XCTAssertNoThrow(try Photo(data: try PhotoFixtures.bytes(name), limits: .photo), name)
        }
    }

    func testAlphaPlaneIsDecoded() throws {
        let photo = try Photo(data: try PhotoFixtures.bytes("alpha-half.heic"))
        XCTAssertEqual([photo.image.width, photo.image.height], [32, 32])
        XCTAssertGreaterThan(PhotoFixtures.argb(photo.image, 4, 16).a, 250)
        XCTAssertLessThan(PhotoFixtures.argb(photo.image, 28, 16).a, 5)
    }

    /// The 34 KB grid of 16,384 cells declared 8 × 8 and coded at 2048 × 2048: libheif 1.15
    /// alone decodes for about 17 minutes; it is refused from its boxes.
    func testGridBombIsRefusedFromItsBoxes() throws {
        let bomb = try PhotoFixtures.bytes("grid-bomb.heic")
        XCTAssertEqual(bomb.count, 34259)
        let start = Date()
        guard case .tooLarge(let message)? = error(bomb) else { return XCTFail("\(String(describing: error(bomb)))") }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "refusing took too long")
        XCTAssertTrue(message.contains("16384 cells") && message.contains("2048×2048") && message.contains("1024 cells"), message)
        // Under a brand libheif calls unsupported (its still image is read all the same), the
        // same: only a file without a meta box is named by its brand.
        var rebranded = bomb
        rebranded.replaceSubrange(8..<12, with: Array("hevc".utf8))
        guard case .tooLarge(let same)? = error(rebranded) else { return XCTFail("\(String(describing: error(rebranded)))") }
        XCTAssertEqual(same, message)
        // Under a cell bound it could pass, its coded pixels or its mislabelled cells refuse it.
        XCTAssertThrowsError(try structure(bomb, maxCells: 1 << 16)) { error in
            guard case .tooLarge(let text) = error as? PhotoError else { return XCTFail("\(error)") }
            XCTAssertTrue(text.contains("68719476736 pixels"), text)
        }
        XCTAssertThrowsError(try structure(bomb, maxCodedPixels: .max, maxCells: 1 << 16)) { error in
            guard case .corrupt(let text) = error as? PhotoError else { return XCTFail("\(error)") }
            XCTAssertTrue(text.contains("declared 8×8 (ispe) but coded at 2048×2048 (SPS)"), text)
        }
    }

    func testCodedPixelsAreBoundedAtTwiceThePixelLimit() throws {
        // grid-2x2.heic: 160 × 100 declared, four cells coded at 96 × 64 (24,576 pixels).
        let grid = try PhotoFixtures.bytes("grid-2x2.heic")
        XCTAssertNil(error(grid, limits: ImageLimits(maxPixels: 16_000)))
        guard case .tooLarge(let declared)? = error(grid, limits: ImageLimits(maxPixels: 12_288)) else { return XCTFail() }
        XCTAssertTrue(declared.contains("declares 160×100"), declared)  // the coded 24,576 are within 2 × 12,288
        guard case .tooLarge(let coded)? = error(grid, limits: ImageLimits(maxPixels: 12_287)) else { return XCTFail() }
        XCTAssertTrue(coded.contains("coded at 24576 pixels in all, over the limit of 24574"), coded)
        // One image coded larger than it declares, within the tolerance of a coding block's
        // padding, is read; far larger is refused.
        let chelsea = try PhotoFixtures.bytes("chelsea.heic")
        XCTAssertNoThrow(try structure(HEIFBuilder.declaring(chelsea, width: 16, height: 1)))
        guard case .corrupt(let mislabelled)? = error(HEIFBuilder.declaring(chelsea, width: 15, height: 64)) else { return XCTFail() }
        XCTAssertTrue(mislabelled.contains("declared 15×64 (ispe) but coded at 96×64 (SPS)"), mislabelled)
        var sequenceBrand = HEIFBuilder.declaring(chelsea, width: 15, height: 64)
        sequenceBrand.replaceSubrange(8..<12, with: Array("hevc".utf8))
        XCTAssertEqual(error(sequenceBrand), .corrupt(mislabelled))
    }

    func testHostileStructuresAreRefusedWithAReason() throws {
        let hvcc = try chelseaHVCC()
        let cell = HEIFBuilder.Item(id: 2, type: "hvc1", properties: [hvcc, HEIFBuilder.ispe(96, 64)], data: HEIFBuilder.slice)
        func grid(_ id: UInt32, rows: Int, columns: Int, cells: [UInt32]) -> HEIFBuilder.Item {
            HEIFBuilder.Item(id: id, type: "grid", properties: [HEIFBuilder.ispe(160, 100)], inputs: cells,
                             data: [0, 0, UInt8(rows - 1), UInt8(columns - 1), 0, 160, 0, 100])
        }
        func refused(_ items: [HEIFBuilder.Item], primary: UInt32 = 1, _ expected: String,
                     file: StaticString = #filePath, line: UInt = #line) {
            let bytes = HEIFBuilder.file(primary: primary, items: items)
            guard let failure = error(bytes) else { return XCTFail("decoded", file: file, line: line) }
            XCTAssertTrue(failure.reason.contains(expected), "\(failure)", file: file, line: line)
        }
        // The builder itself makes a file that decodes: the 2 × 2 grid of grid-2x2.heic.
        XCTAssertEqual(try structure(HEIFBuilder.file(primary: 1, items: [grid(1, rows: 2, columns: 2, cells: [2, 2, 2, 2]), cell])).cells, 4)

        refused([grid(1, rows: 2, columns: 2, cells: [1, 2, 2, 2]), cell], "item 1 is built from itself")
        let iden = HEIFBuilder.Item(id: 3, type: "iden", properties: [HEIFBuilder.ispe(96, 64)], inputs: [1])
        refused([grid(1, rows: 2, columns: 2, cells: [3, 2, 2, 2]), cell, iden], "item 1 is built from itself")
        refused([grid(1, rows: 100, columns: 100, cells: Array(repeating: 2, count: 10_000)), cell],
                "'grid' image of 10000 cells (the first coded at 96×64), over the limit of 1024 cells")
        refused([grid(1, rows: 2, columns: 2, cells: [2, 2, 2, 2, 2]), cell], "grid item 1 of 2×2 cells names 5 images")
        refused([grid(1, rows: 2, columns: 2, cells: [2, 2, 2, 9]), cell], "item 9 is not in iinf")
        refused([grid(1, rows: 2, columns: 2, cells: []), cell], "names no images")
        refused([HEIFBuilder.Item(id: 1, type: "hvc1", properties: [HEIFBuilder.ispe(96, 64)])], "image item 1 has no hvcC")
        refused([HEIFBuilder.Item(id: 1, type: "av01", properties: [HEIFBuilder.ispe(96, 64)])], "of type 'av01' (not HEVC)")
        refused([cell], primary: 7, "the primary item 7 is not in iinf")
        refused([grid(1, rows: 2, columns: 2, cells: [2, 2, 2, 2]), cell, cell], "item 2 is declared twice")
        // Each item's properties listed again in a second ipma: a loop made long on purpose.
        let twice = HEIFBuilder.file(primary: 1, items: [grid(1, rows: 2, columns: 2, cells: [2, 2, 2, 2]), cell], ipmaCopies: 2)
        XCTAssertTrue(error(twice)?.reason.contains("ipma lists more items than iinf holds") == true, "\(String(describing: error(twice)))")

        // A truncated hvcC, and SPS units that cannot be read.
        let cut = HEIFBuilder.box("hvcC", Array(hvcc[8..<40]))
        refused([HEIFBuilder.Item(id: 1, type: "hvc1", properties: [cut, HEIFBuilder.ispe(96, 64)])], "a truncated hvcC box")
        for (sps, expected) in [(HEIFBuilder.sps(leadingZeros: 40), "a truncated or malformed SPS"),
                                (HEIFBuilder.sps(leadingZeros: 31), "an SPS with an impossible id"),
                                (HEIFBuilder.sps(maxSubLayersMinus1: 7), "an SPS with 8 sub-layers"),
                                (Array(HEIFBuilder.sps(maxSubLayersMinus1: 6).prefix(20)), "a truncated or malformed SPS"),
                                ([0x42, 0x01], "an SPS shorter than its header")] {
            let item = HEIFBuilder.Item(id: 1, type: "hvc1", properties: [HEIFBuilder.hvcc(sps: sps), HEIFBuilder.ispe(96, 64)],
                                        data: HEIFBuilder.slice)
            refused([item], expected)
        }
        // A well-formed SPS with sub-layers: profile_tier_level skipped by them.
        for layers in 0...6 {
            let item = HEIFBuilder.Item(id: 1, type: "hvc1",
                                        properties: [HEIFBuilder.hvcc(sps: HEIFBuilder.sps(maxSubLayersMinus1: layers)), HEIFBuilder.ispe(96, 64)],
                                        data: HEIFBuilder.slice)
            let read = try structure(HEIFBuilder.file(primary: 1, items: [item]))
            XCTAssertEqual([read.largestCellWidth, read.largestCellHeight], [96, 64], "\(layers) sub-layers")
        }

        // Every cut of a grid file and of the bomb is refused or read, never a crash; the
        // bomb's boxes cut anywhere never decode.
        let whole = HEIFBuilder.file(primary: 1, items: [grid(1, rows: 2, columns: 2, cells: [2, 2, 2, 2]), cell])
        for length in 0..<whole.count { _ = try? structure(Array(whole.prefix(length))) }
        let bomb = try PhotoFixtures.bytes("grid-bomb.heic")
        for length in stride(from: 0, to: bomb.count, by: 97) {
            XCTAssertNotNil(error(Array(bomb.prefix(length))), "cut at \(length)")
        }
        // Sizes that overrun their parents, at every box header of the grid file.
        for offset in stride(from: 0, to: whole.count - 4, by: 1) where whole[offset + 4] >= 0x61 {
            var broken = whole
            broken.replaceSubrange(offset..<offset + 4, with: [0x7F, 0xFF, 0xFF, 0xFF])
            _ = try? structure(broken)
        }
    }

    /// Refused with its message, in well under a second.
    private func refusedFast(_ bytes: [UInt8], _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        let start = Date()
        guard let failure = error(bytes) else { return XCTFail("decoded", file: file, line: line) }
        XCTAssertLessThan(Date().timeIntervalSince(start), 1, "refusing took too long", file: file, line: line)
        XCTAssertTrue(failure.reason.contains(expected), "\(failure)", file: file, line: line)
    }

    private func layout(rows: Int, columns: Int, width: Int, height: Int, wide: Bool = false) -> [UInt8] {
        wide ? [0, 1, UInt8(rows - 1), UInt8(columns - 1)] + HEIFBuilder.be32(width) + HEIFBuilder.be32(height)
             : [0, 0, UInt8(rows - 1), UInt8(columns - 1)] + HEIFBuilder.be16(width) + HEIFBuilder.be16(height)
    }

    /// libde265 decodes at the size of parameter sets found in an item's data, not the hvcC's:
    /// a 32 × 32 grid whose one cell carries its own VPS, SPS and PPS would be decoded 1024 times
    /// at their size. HEIF keeps them in the hvcC only, so any in the data is refused.
    func testParameterSetsInAnItemsDataAreRefused() throws {
        let hvcc = try chelseaHVCC()
        func cell(_ data: [UInt8], id: UInt32 = 2) -> HEIFBuilder.Item {
            HEIFBuilder.Item(id: id, type: "hvc1", properties: [hvcc, HEIFBuilder.ispe(96, 64)], data: data)
        }
        func grid(_ cells: [UInt32]) -> HEIFBuilder.Item {
            HEIFBuilder.Item(id: 1, type: "grid", properties: [HEIFBuilder.ispe(3072, 2048)], inputs: cells,
                             data: layout(rows: 32, columns: 32, width: 3072, height: 2048))
        }
        let many = [UInt32](repeating: 2, count: 1024)
        XCTAssertEqual(try structure(HEIFBuilder.file(primary: 1, items: [grid(many), cell(HEIFBuilder.slice)])).cells, 1024)
        for type in [32, 33, 34] {
            let data = HEIFBuilder.slice + HEIFBuilder.nal(type: type) + HEIFBuilder.slice
            refusedFast(HEIFBuilder.file(primary: 1, items: [grid(many), cell(data)]),
                        "item 2 carries its own parameter sets in its data (a NAL unit of type \(type))")
            refusedFast(HEIFBuilder.file(primary: 2, items: [cell(data)]), "item 2 carries its own parameter sets")
        }
        // SEI and other units pass; so does an empty unit.
        XCTAssertNoThrow(try structure(HEIFBuilder.file(primary: 2, items: [cell(HEIFBuilder.nal(type: 39) + [0, 0, 0, 0] + HEIFBuilder.slice)])))
        // The alpha plane's data is walked as well.
        let alpha = HEIFBuilder.Item(id: 3, type: "hvc1", properties: [hvcc, HEIFBuilder.ispe(96, 64),
                                                                       HEIFBuilder.auxC("urn:mpeg:hevc:2015:auxid:1")],
                                     data: HEIFBuilder.nal(type: 33), auxiliaryOf: 2)
        refusedFast(HEIFBuilder.file(primary: 2, items: [cell(HEIFBuilder.slice), alpha]), "item 3 carries its own parameter sets")
        // Lengths that run past the data, or stop inside a length field.
        refusedFast(HEIFBuilder.file(primary: 2, items: [cell(HEIFBuilder.be32(10) + [0x26, 0x01])]),
                    "item 2 has a NAL unit running past its data")
        refusedFast(HEIFBuilder.file(primary: 2, items: [cell(HEIFBuilder.slice + [0, 0])]), "item 2 has a NAL unit running past its data")
        // An image without data, and too many units for one picture.
        refusedFast(HEIFBuilder.file(primary: 2, items: [HEIFBuilder.Item(id: 2, type: "hvc1", properties: [hvcc, HEIFBuilder.ispe(96, 64)])]),
                    "item 2 has no data (not in iloc)")
        refusedFast(HEIFBuilder.file(primary: 2, items: [cell(Array(repeating: HEIFBuilder.slice, count: 4097).flatMap { $0 })]),
                    "item 2 of more than 4096 NAL units")
        // Lengths of other than 4 bytes are not what libheif hands libde265.
        var short = hvcc
        short[8 + 21] = short[8 + 21] & 0xFC
        refusedFast(HEIFBuilder.file(primary: 2, items: [HEIFBuilder.Item(id: 2, type: "hvc1", properties: [short, HEIFBuilder.ispe(96, 64)],
                                                                          data: [3, 0x26, 0x01, 0xAF])]),
                    "item 2 with lengthSizeMinusOne 0 in its hvcC")
    }

    /// libheif allocates a grid's canvas at its layout's output size: it must be the ispe.
    func testGridOutputSizeMustBeItsDeclaredSize() throws {
        let cell = HEIFBuilder.Item(id: 2, type: "hvc1", properties: [try chelseaHVCC(), HEIFBuilder.ispe(96, 64)], data: HEIFBuilder.slice)
        func grid(_ data: [UInt8], properties: [[UInt8]] = [HEIFBuilder.ispe(96, 64)], type: String = "grid") -> [UInt8] {
            HEIFBuilder.file(primary: 1, items: [HEIFBuilder.Item(id: 1, type: type, properties: properties, inputs: [2], data: data), cell])
        }
        XCTAssertEqual(try structure(grid(layout(rows: 1, columns: 1, width: 96, height: 64))).cells, 1)
        XCTAssertEqual(try structure(grid(layout(rows: 1, columns: 1, width: 96, height: 64, wide: true))).cells, 1)
        refusedFast(grid(layout(rows: 1, columns: 1, width: 11999, height: 11999, wide: true)),
                    "grid item 1 is declared 96×64 (ispe) but laid out at 11999×11999")
        refusedFast(grid(layout(rows: 1, columns: 1, width: 96, height: 65)), "grid item 1 is declared 96×64 (ispe) but laid out at 96×65")
        refusedFast(grid(layout(rows: 1, columns: 1, width: 96, height: 64), properties: []), "grid item 1 declares no size (ispe)")
        refusedFast(grid(Array(layout(rows: 1, columns: 1, width: 96, height: 64, wide: true).prefix(10))), "grid item 1 has no layout")
        refusedFast(grid([0, 0, 0, 0, 0, 96, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0], type: "iovl"), "HEIC overlay image (iovl item 1)")
    }

    /// iloc is read once into an index: a million entries cost no grid visit a scan, and more
    /// entries than items are refused.
    func testILocIsBoundedAndItsFieldSizesNamed() throws {
        let cell = HEIFBuilder.Item(id: 2, type: "hvc1", properties: [try chelseaHVCC(), HEIFBuilder.ispe(96, 64)], data: HEIFBuilder.slice)
        let grid = HEIFBuilder.Item(id: 1, type: "grid", properties: [HEIFBuilder.ispe(3072, 2048)],
                                    inputs: [UInt32](repeating: 2, count: 1024), data: layout(rows: 32, columns: 32, width: 3072, height: 2048))
        XCTAssertEqual(try structure(HEIFBuilder.file(primary: 1, items: [grid, cell], unusedLocations: 4094)).cells, 1024)
        refusedFast(HEIFBuilder.file(primary: 1, items: [grid, cell], unusedLocations: 4095), "HEIC iloc of 4097 entries, over the limit of 4096")
        refusedFast(HEIFBuilder.file(primary: 1, items: [grid, cell], unusedLocations: 65_000), "HEIC iloc of 65002 entries")
        for (sizes, expected) in [(UInt8(0x34), "an iloc offset field of 3 bytes"), (0x45, "an iloc length field of 5 bytes"),
                                  (0x47, "an iloc length field of 7 bytes")] {
            refusedFast(HEIFBuilder.file(primary: 1, items: [grid, cell], ilocSizes: sizes), expected)
        }
    }

    /// libheif 1.15 decodes an auxiliary image as alpha under the AVC name too.
    func testAlphaPlanesUnderEveryNameAreCounted() throws {
        let hvcc = try chelseaHVCC()
        let image = HEIFBuilder.Item(id: 1, type: "hvc1", properties: [hvcc, HEIFBuilder.ispe(96, 64)], data: HEIFBuilder.slice)
        for (name, cells) in [("urn:mpeg:hevc:2015:auxid:1", 2), ("urn:mpeg:avc:2015:auxid:1", 2),
                              ("urn:mpeg:mpegB:cicp:systems:auxiliary:alpha", 2), ("urn:mpeg:hevc:2015:auxid:2", 1)] {
            let alpha = HEIFBuilder.Item(id: 2, type: "hvc1", properties: [hvcc, HEIFBuilder.ispe(96, 64), HEIFBuilder.auxC(name)],
                                         data: HEIFBuilder.slice, auxiliaryOf: 1)
            XCTAssertEqual(try structure(HEIFBuilder.file(primary: 1, items: [image, alpha])).cells, cells, name)
        }
    }
}
