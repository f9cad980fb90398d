import BufferText
import CImageEncode

/// Calls one of CImageEncode's encoders on an opaque buffer and copies out its bytes.
enum ImageEncoder {
    typealias Call = (_ pixels: UnsafePointer<UInt8>, _ byteCount: Int, _ width: UInt32, _ height: UInt32, _ strideBytes: Int,
                      _ out: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, _ size: UnsafeMutablePointer<Int>,
                      _ message: UnsafeMutablePointer<CChar>, _ messageSize: Int) -> Int32

    static func encode(_ buffer: PixelBuffer, error: (String) -> RasterError, _ call: Call) throws -> [UInt8] {
        guard let width = UInt32(exactly: buffer.width), let height = UInt32(exactly: buffer.height) else {
            throw error("image of \(buffer.width)×\(buffer.height) pixels is too large")
        }
        let byteCount = buffer.strideBytes * buffer.height
        return try buffer.pixels.withMemoryRebound(to: UInt8.self, capacity: byteCount) { bytes in
            try encoded(error: error) { call(bytes, byteCount, width, height, buffer.strideBytes, $0, $1, $2, $3) }
        }
    }

    /// Calls an encoder given where to put its output and its message, and copies out its bytes.
    static func encoded(error: (String) -> RasterError,
                        _ call: (_ out: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, _ size: UnsafeMutablePointer<Int>,
                                 _ message: UnsafeMutablePointer<CChar>, _ messageSize: Int) -> Int32) throws -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = call(&out, &size, &message, message.count)
        defer { sc_encode_free(out) }
        guard status == 0, let out, size > 0 else {
            let text = message.stringBeforeNUL
            throw error(text.isEmpty ? "encoder failed without a message" : text)
        }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }
}

extension Image {
    /// The pixels with every translucent one composited over `matte`; `buffer` itself when
    /// the image is opaque already.
    func opaqueBuffer(matte: Color) -> PixelBuffer {
        if knownOpaque || isOpaque { return buffer }
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
        return flattened
    }
}
