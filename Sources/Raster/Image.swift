import BufferText
import CPNG
import Geometry

/// An immutable bitmap of premultiplied ARGB32 pixels. One image pixel is one point when
/// drawn at its natural size.
public struct Image: Sendable {
    let buffer: PixelBuffer
    /// Set when the pixels are known to be opaque without reading them (a canvas that tracked
    /// it); `isOpaque` still answers by reading them.
    let knownOpaque: Bool

    public var width: Int { buffer.width }
    public var height: Int { buffer.height }
    public var size: Size { Size(width: Double(width), height: Double(height)) }

    init(buffer: PixelBuffer, knownOpaque: Bool = false) {
        self.buffer = buffer
        self.knownOpaque = knownOpaque
    }

    /// An image from premultiplied ARGB32 words, rows top to bottom, `width × height` of them.
    public init(width: Int, height: Int, premultipliedARGB pixels: [UInt32]) throws {
        guard width > 0, height > 0, pixels.count == width * height else {
            throw RasterError.invalidArgument("image needs width × height pixels, got \(width)×\(height) and \(pixels.count)")
        }
        let buffer = PixelBuffer(uninitializedWidth: width, height: height)
        pixels.withUnsafeBufferPointer { buffer.pixels.initialize(from: $0.baseAddress!, count: pixels.count) }
        self.buffer = buffer
        knownOpaque = false
    }

    /// The premultiplied ARGB32 word at (x, y), origin top-left.
    public func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
        return buffer.pixels[y * width + x]
    }

    /// All pixels, rows top to bottom.
    public var premultipliedARGB: [UInt32] {
        Array(UnsafeBufferPointer(start: buffer.pixels, count: buffer.count))
    }

    /// True when every pixel has full alpha.
    public var isOpaque: Bool {
        // AND of every pixel, branch-free so the loop vectorises: the alpha byte stays 0xFF
        // only if it is 0xFF everywhere.
        let p = UnsafeBufferPointer(start: buffer.pixels, count: buffer.count)
        var all: UInt32 = 0xFFFF_FFFF
        for v in p { all &= v }
        return all >> 24 == 0xFF
    }
}

/// Caps applied before a decoded image's pixels are allocated.
public struct ImageLimits: Hashable, Sendable {
    public let maxWidth: Int
    public let maxHeight: Int
    public let maxPixels: Int
    /// Files larger than this are refused before decoding.
    public let maxFileBytes: Int

    public init(maxWidth: Int = 8192, maxHeight: Int = 8192, maxPixels: Int = 40_000_000,
                maxFileBytes: Int = 64 << 20) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxPixels = maxPixels
        self.maxFileBytes = maxFileBytes
    }

    public static let `default` = ImageLimits()
}

extension Image {
    /// Decodes a PNG (any bit depth, palette, grey or colour, with or without alpha).
    /// Truncated data, a bad CRC in a critical chunk, or a size over `limits` throws
    /// `RasterError` naming the problem.
    public init(pngData data: [UInt8], limits: ImageLimits = .default) throws {
        guard data.count <= limits.maxFileBytes else {
            throw RasterError.imageTooLarge("PNG file is \(data.count) bytes, over the limit of \(limits.maxFileBytes)")
        }
        var out: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBufferPointer { bytes in
            sc_png_decode_bgra(bytes.baseAddress, bytes.count,
                               UInt32(clamping: limits.maxWidth), UInt32(clamping: limits.maxHeight),
                               UInt64(clamping: limits.maxPixels),
                               &out, &width, &height, &message, message.count)
        }
        defer { sc_png_free(out) }
        guard status == 0, let out, width > 0, height > 0 else {
            let text = message.stringBeforeNUL
            if text.contains("over the limit") { throw RasterError.imageTooLarge(text) }
            throw RasterError.pngDecoding(text.isEmpty ? "unknown error" : text)
        }
        // Every pixel is written below.
        let buffer = PixelBuffer(uninitializedWidth: Int(width), height: Int(height))
        // Straight BGRA bytes → premultiplied ARGB32 words.
        out.withMemoryRebound(to: UInt32.self, capacity: buffer.count) { words in
            for i in 0..<buffer.count {
                let v = UInt32(littleEndian: words[i])
                let a = v >> 24
                if a == 255 {
                    buffer.pixels[i] = v
                } else {
                    func mul(_ c: UInt32) -> UInt32 { let t = c * a + 128; return (t + (t >> 8)) >> 8 }
                    buffer.pixels[i] = a << 24 | mul((v >> 16) & 0xFF) << 16 | mul((v >> 8) & 0xFF) << 8 | mul(v & 0xFF)
                }
            }
        }
        self.init(buffer: buffer)
    }
}
