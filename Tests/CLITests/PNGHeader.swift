import Foundation

/// The parts of a PNG file's header the CLI promises: the signature, the IHDR chunk's
/// size, bit depth and colour type, and a final IEND chunk (a complete file).
struct PNGHeader: Equatable {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// IEND: zero length, type, and its fixed CRC.
    static let endChunk: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    let width: UInt32
    let height: UInt32
    let bitDepth: UInt8
    let colourType: UInt8

    /// Reads the header, or nil when `data` is not a complete PNG with IHDR first.
    init?(_ data: Data) {
        let bytes = [UInt8](data)
        guard bytes.count >= 33 + PNGHeader.endChunk.count,
              Array(bytes[0..<8]) == PNGHeader.signature,
              Array(bytes[8..<16]) == [0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52],  // length 13, "IHDR"
              Array(bytes.suffix(PNGHeader.endChunk.count)) == PNGHeader.endChunk else { return nil }
        func u32(_ i: Int) -> UInt32 { bytes[i..<i + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        width = u32(16)
        height = u32(20)
        bitDepth = bytes[24]
        colourType = bytes[25]
    }

    init(width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colourType: UInt8 = 2) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colourType = colourType
    }
}
