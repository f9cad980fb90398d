import CImageEncode

/// How an image is written as JPEG (libjpeg-turbo, baseline).
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

    /// The Huffman tables of the entropy coding. Lossless: the decoded pixels are the same
    /// bytes either way; the file's size and the encode's time differ. Optimised tables take a
    /// second pass that cost 2.0–2.9 ms on every 1024×576 card at q90 4:4:4 (the encode took
    /// 1.7–1.9× its time with the standard tables), and saved 21 % on a flat card (37,533 →
    /// 29,498 bytes), 7–17 % on text, pattern and gradient cards, 12.6 % on a grey photo's
    /// card and 2.9 % on a colour photo's (`sharecard-bench --stage lossy`, 2026-12-01;
    /// docs/design.md).
    public enum HuffmanTables: String, Hashable, Sendable, CaseIterable {
        /// The JPEG specification's Annex K tables (libjpeg's and Pillow's default).
        case standard
        /// Tables built from the image's own statistics, in a second pass.
        case optimized

        /// The tables for an image showing `content`, the one place this is decided: the
        /// standard ones for a picture in colour, whose statistics they were made from; tables
        /// optimised for the image otherwise, where they save 2–4 KB per ms of encode.
        public init(for content: ImageContent) {
            switch content {
            case .colourPicture: self = .standard
            case .drawing, .greyPicture: self = .optimized
            }
        }

        var value: Int32 {
            switch self {
            case .standard: return Int32(SC_JPEG_TABLES_STANDARD)
            case .optimized: return Int32(SC_JPEG_TABLES_OPTIMIZED)
            }
        }
    }

    /// libjpeg's quality scale, 1…100.
    public let quality: Int
    public let subsampling: ChromaSubsampling
    public let huffmanTables: HuffmanTables

    /// `huffmanTables` defaults to libjpeg's own default, the standard tables.
    public init(quality: Int, subsampling: ChromaSubsampling = .none444, huffmanTables: HuffmanTables = .standard) throws {
        guard (1...100).contains(quality) else { throw RasterError.invalidArgument("JPEG quality must be 1…100, got \(quality)") }
        self.quality = quality
        self.subsampling = subsampling
        self.huffmanTables = huffmanTables
    }
}

extension Image {
    /// Encodes as JPEG; translucent pixels are composited over `matte` first.
    public func jpegData(encoding: JPEGEncoding, matte: Color = .white) throws -> [UInt8] {
        try ImageEncoder.encode(opaqueBuffer(matte: matte), error: { RasterError.imageEncoding("JPEG: \($0)") }) {
            sc_encode_jpeg($0, $1, $2, $3, $4, Int32(encoding.quality), encoding.subsampling.value, encoding.huffmanTables.value,
                           $5, $6, $7, $8)
        }
    }
}
