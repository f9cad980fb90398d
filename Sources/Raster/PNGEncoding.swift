import CPNG

/// How an opaque image is written as PNG. Chosen by `sharecard-bench`, which times every
/// setting on a flat-coloured card: for such images the row filter and the deflate
/// implementation decide the cost (see README, "Performance").
public enum PNGEncoding: Hashable, Sendable {
    /// Rows filtered UP when they repeat the row above and SUB otherwise, deflated as runs by
    /// sharecard's own encoder (no libpng). Fastest for cards; the default.
    case runs
    /// libpng and zlib with the given settings: smaller files for photographic content.
    case libpng(LibpngSettings)

    public static let cards = PNGEncoding.runs

    public struct LibpngSettings: Hashable, Sendable {
        public enum RowFilter: Sendable, Hashable, CaseIterable {
            case none, sub, up, average, paeth, adaptive
            var flags: Int32 {
                switch self {
                case .none: return Int32(SC_PNG_FILTER_NONE)
                case .sub: return Int32(SC_PNG_FILTER_SUB)
                case .up: return Int32(SC_PNG_FILTER_UP)
                case .average: return Int32(SC_PNG_FILTER_AVG)
                case .paeth: return Int32(SC_PNG_FILTER_PAETH)
                case .adaptive: return Int32(SC_PNG_FILTER_ALL)
                }
            }
        }

        public enum Strategy: Sendable, Hashable, CaseIterable {
            case `default`, filtered, huffmanOnly, runLength
            var value: Int32 {
                switch self {
                case .default: return Int32(SC_PNG_STRATEGY_DEFAULT)
                case .filtered: return Int32(SC_PNG_STRATEGY_FILTERED)
                case .huffmanOnly: return Int32(SC_PNG_STRATEGY_HUFFMAN_ONLY)
                case .runLength: return Int32(SC_PNG_STRATEGY_RLE)
                }
            }
        }

        /// zlib level, 0 (store) … 9 (smallest).
        public let zlibLevel: Int
        public let filter: RowFilter
        public let strategy: Strategy

        public init(zlibLevel: Int, filter: RowFilter, strategy: Strategy = .default) throws {
            guard (0...9).contains(zlibLevel) else { throw RasterError.invalidArgument("zlib level must be 0…9, got \(zlibLevel)") }
            self.zlibLevel = zlibLevel
            self.filter = filter
            self.strategy = strategy
        }
    }
}

extension Image {
    /// Encodes as an opaque 8-bit RGB PNG with no ancillary chunks (no time, text or gamma),
    /// so the same pixels always give the same bytes. Translucent pixels are composited
    /// over `matte` first.
    public func pngData(encoding: PNGEncoding = .cards, matte: Color = .white) throws -> [UInt8] {
        if isOpaque {
            return try encodeOpaque(buffer, encoding)
        }
        let flattened = PixelBuffer(copying: buffer)
        let m = matte.premultipliedARGB32
        for i in 0..<flattened.count {
            let p = flattened.pixels[i]
            let inverse = 255 - (p >> 24)
            func channel(_ shift: UInt32) -> UInt32 {
                let t = ((m >> shift) & 0xFF) * inverse + 128
                return min(255, ((p >> shift) & 0xFF) + ((t + (t >> 8)) >> 8))
            }
            flattened.pixels[i] = 0xFF00_0000 | channel(16) << 16 | channel(8) << 8 | channel(0)
        }
        return try encodeOpaque(flattened, encoding)
    }
}

extension Canvas {
    /// The canvas as an opaque PNG; see `Image.pngData(encoding:matte:)`.
    public func pngData(encoding: PNGEncoding = .cards, matte: Color = .white) throws -> [UInt8] {
        try Image(buffer: buffer).pngData(encoding: encoding, matte: matte)
    }
}

private func encodeOpaque(_ buffer: PixelBuffer, _ encoding: PNGEncoding) throws -> [UInt8] {
    var out: UnsafeMutablePointer<UInt8>?
    var size = 0
    var message = [CChar](repeating: 0, count: 256)
    let byteCount = buffer.strideBytes * buffer.height
    guard let width = UInt32(exactly: buffer.width), let height = UInt32(exactly: buffer.height) else {
        throw RasterError.pngEncoding("image of \(buffer.width)×\(buffer.height) pixels is too large for PNG")
    }
    let status = buffer.pixels.withMemoryRebound(to: UInt8.self, capacity: byteCount) { bytes in
        switch encoding {
        case .runs:
            return sc_png_encode_bgrx_direct(bytes, byteCount, width, height, buffer.strideBytes,
                                             &out, &size, &message, message.count)
        case .libpng(let s):
            return sc_png_encode_bgrx(bytes, byteCount, width, height, buffer.strideBytes,
                                      Int32(s.zlibLevel), s.filter.flags, s.strategy.value, &out, &size, &message, message.count)
        }
    }
    defer { sc_png_free(out) }
    guard status == 0, let out, size > 0 else {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw RasterError.pngEncoding(text.isEmpty ? "PNG encoder failed without a message" : text)
    }
    return Array(UnsafeBufferPointer(start: out, count: size))
}
