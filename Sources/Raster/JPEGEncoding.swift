import CImageEncode

/// How an image is written as JPEG (libjpeg-turbo, baseline, the standard Huffman tables).
public struct JPEGEncoding: Hashable, Sendable {
    /// How much of the colour resolution is kept; see `sc_encode_jpeg`.
    public enum ChromaSubsampling: String, Hashable, Sendable, CaseIterable {
        /// Full colour resolution: coloured text keeps sharp edges. The cards' choice.
        case none444 = "4:4:4"
        case horizontal422 = "4:2:2"
        /// Colour halved both ways: smaller, but thin strokes on a coloured ground smear.
        case both420 = "4:2:0"

        var value: Int32 {
            switch self {
            case .none444: return Int32(SC_JPEG_SUBSAMPLING_444)
            case .horizontal422: return Int32(SC_JPEG_SUBSAMPLING_422)
            case .both420: return Int32(SC_JPEG_SUBSAMPLING_420)
            }
        }
    }

    /// libjpeg's quality scale, 1…100.
    public let quality: Int
    public let subsampling: ChromaSubsampling

    public init(quality: Int, subsampling: ChromaSubsampling = .none444) throws {
        guard (1...100).contains(quality) else { throw RasterError.invalidArgument("JPEG quality must be 1…100, got \(quality)") }
        self.quality = quality
        self.subsampling = subsampling
    }
}

extension Image {
    /// Encodes as JPEG; translucent pixels are composited over `matte` first.
    public func jpegData(encoding: JPEGEncoding, matte: Color = .white) throws -> [UInt8] {
        try ImageEncoder.encode(opaqueBuffer(matte: matte), error: { RasterError.imageEncoding("JPEG: \($0)") }) {
            sc_encode_jpeg($0, $1, $2, $3, $4, Int32(encoding.quality), encoding.subsampling.value, $5, $6, $7, $8)
        }
    }
}
