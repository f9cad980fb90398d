/// PNG files put together byte by byte, for tests that need a file no encoder would write (a
/// hostile header, a 16-bit image, a chosen gAMA): chunks with correct CRCs around a zlib
/// stream of stored (uncompressed) deflate blocks.
public enum HandBuiltPNG {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The signature, then IHDR (`bitDepth`, `colorType`, no interlace), the `extra` chunks, one
    /// IDAT holding `raw` (the filtered scanlines) and IEND.
    public static func file(width: Int, height: Int, bitDepth: UInt8 = 8, colorType: UInt8,
                            extra: [[UInt8]] = [], raw: [UInt8]) -> [UInt8] {
        let header = bigEndian32(width) + bigEndian32(height) + [bitDepth, colorType, 0, 0, 0]
        return signature + chunk("IHDR", header) + extra.joined() + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    /// The low 32 bits of `value`, most significant byte first, as PNG stores integers.
    public static func bigEndian32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }

    /// Length, type, body and the CRC-32 of type and body.
    public static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return bigEndian32(body.count) + typed + bigEndian32(Int(crc32(typed)))
    }

    /// A zlib stream of stored blocks (at most 65,535 bytes each) ending in the Adler-32 of `data`.
    public static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65535, data.count - offset)
            let last: UInt8 = offset + n == data.count ? 1 : 0
            out += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += data[offset..<offset + n]
            offset += n
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return out + bigEndian32(Int(b << 16 | a))
    }

    /// CRC-32 (ISO-HDLC, the polynomial PNG and zlib use), bit by bit.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
