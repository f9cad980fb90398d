/// A baseline greyscale JPEG of one flat grey (128) at any size, put together byte by byte, for
/// tests that need a photo of many megapixels without committing one: each 8×8 block is two
/// bits (a one-symbol DC table and a one-symbol AC table, both coded `0`), so 8064×6048
/// (48.8 MP) is 190 KB.
public enum FlatJPEG {
    public static func file(width: Int, height: Int) -> [UInt8] {
        precondition((1...65535).contains(width) && (1...65535).contains(height))
        func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
            [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        }
        let size = [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)]
        // One code of length 1 (`0`) for the symbol 0: DC difference 0, AC end of block.
        let oneSymbol = [1] + [UInt8](repeating: 0, count: 15) + [0]
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        var scan = [UInt8](repeating: 0, count: (blocks * 2 + 7) / 8)
        let spareBits = scan.count * 8 - blocks * 2
        if spareBits > 0 { scan[scan.count - 1] = UInt8((1 << spareBits) - 1) }  // padded with 1-bits
        return [0xFF, 0xD8]
            + segment(0xDB, [0x00] + [UInt8](repeating: 1, count: 64))  // quantisation table 0: all 1
            + segment(0xC0, [8] + size + [1, 1, 0x11, 0])                // SOF0: one component, 1×1, table 0
            + segment(0xC4, [0x00] + oneSymbol)                          // DC table 0
            + segment(0xC4, [0x10] + oneSymbol)                          // AC table 0
            + segment(0xDA, [1, 1, 0x00, 0, 63, 0])                      // SOS
            + scan + [0xFF, 0xD9]
    }
}
