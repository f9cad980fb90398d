import Foundation

/// The parts of a PNG file's header the CLI promises: the signature, the IHDR chunk's
/// size, an opaque colour type (8-bit RGB, or indexed when the image has at most 256
/// colours; never an alpha channel), and a final IEND chunk (a complete file).
struct PNGHeader: Equatable {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// IEND: zero length, type, and its fixed CRC.
    static let endChunk: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    let width: UInt32
    let height: UInt32
    /// 8-bit RGB, or indexed at 1, 2, 4 or 8 bits.
    let opaque: Bool

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
        opaque = (bytes[25] == 2 && bytes[24] == 8) || (bytes[25] == 3 && [1, 2, 4, 8].contains(bytes[24]))
    }

    init(width: UInt32, height: UInt32, opaque: Bool = true) {
        self.width = width
        self.height = height
        self.opaque = opaque
    }
}
