import CImageEncode

/// How an image is written as WebP (libwebp, single-threaded, so deterministic).
public struct WebPEncoding: Hashable, Sendable {
    /// Lossless (exact pixels) or lossy (VP8, colour at half resolution, sharp RGB→YUV).
    public let lossless: Bool
    /// Lossy: libwebp's quality 0…100. Lossless: the effort spent on size, 0…100.
    public let quality: Int
    /// 0 (fastest) … 6 (smallest).
    public let method: Int

    public init(lossless: Bool, quality: Int, method: Int = 4) throws {
        guard (0...100).contains(quality) else { throw RasterError.invalidArgument("WebP quality must be 0…100, got \(quality)") }
        guard (0...6).contains(method) else { throw RasterError.invalidArgument("WebP method must be 0…6, got \(method)") }
        self.lossless = lossless
        self.quality = quality
        self.method = method
    }
}

extension Image {
    /// Encodes as WebP; translucent pixels are composited over `matte` first.
    public func webpData(encoding: WebPEncoding, matte: Color = .white) throws -> [UInt8] {
        try ImageEncoder.encode(opaqueBuffer(matte: matte), error: { RasterError.imageEncoding("WebP: \($0)") }) {
            sc_encode_webp($0, $1, $2, $3, $4, encoding.lossless ? 1 : 0, Int32(encoding.quality), Int32(encoding.method), $5, $6, $7, $8)
        }
    }
}
