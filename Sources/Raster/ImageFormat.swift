/// The file formats images are written in.
public enum ImageFormat: String, CaseIterable, Hashable, Sendable {
    case png, jpeg, webp

    public var mediaType: String {
        switch self {
        case .png: return "image/png"
        case .jpeg: return "image/jpeg"
        case .webp: return "image/webp"
        }
    }

    /// The usual file name extension, without the dot.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// The format a file name extension names (`png`, `jpg`, `jpeg`, `webp`, any case), or nil.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "webp": self = .webp
        default: return nil
        }
    }
}

/// A format and its quality: everything that decides an image's bytes besides its pixels.
public struct ImageOutput: Hashable, Sendable {
    public let format: ImageFormat
    /// JPEG: libjpeg quality 1…100 (chroma kept at full resolution, 4:4:4, so coloured text
    /// keeps its edges). WebP: lossy quality 1…99, or 100 for lossless. PNG: always nil.
    public let quality: Int?

    public static let defaultJPEGQuality = 90
    public static let defaultWebPQuality = 90
    public static let png = ImageOutput(validated: .png, quality: nil)

    /// nil `quality` takes the format's default; a quality for PNG is an error.
    public init(format: ImageFormat, quality: Int? = nil) throws {
        switch format {
        case .png:
            guard quality == nil else { throw RasterError.invalidArgument("quality applies to jpeg and webp, not png") }
            self.init(validated: .png, quality: nil)
        case .jpeg, .webp:
            let q = quality ?? (format == .jpeg ? Self.defaultJPEGQuality : Self.defaultWebPQuality)
            guard (1...100).contains(q) else { throw RasterError.invalidArgument("quality must be a whole number from 1 to 100, got \(q)") }
            self.init(validated: format, quality: q)
        }
    }

    private init(validated format: ImageFormat, quality: Int?) {
        self.format = format
        self.quality = quality
    }

    /// How this format's bytes are written from the same pixels, counted: raised whenever the
    /// encoder writes other bytes for the same pixels (2 for PNG: photographs' run-length tier;
    /// 2 for JPEG: Huffman tables chosen per card; both 2026-12-01. 3 for PNG: photographs' rows
    /// in run blocks; 4: the sample that chooses their setting halved; both 2026-12-03. 5: the
    /// scanline compressor's streams checked against libdeflate, 2026-12-05. 3 for JPEG: a
    /// large image with the standard tables coded in two strips with a restart marker between,
    /// 2026-12-06). An
    /// HTTP entity tag carries
    /// it, since a strong tag promises one byte sequence; a card URL's content version and a
    /// batch's record of written cards do not, since they promise the pixels.
    /// (`RendererVersionTests` pins each revision to the bytes of three cards.)
    public var encoderRevision: Int {
        switch format {
        case .png: return 5
        case .jpeg: return 3
        case .webp: return 1
        }
    }

    /// A short name of the output for cache keys, entity tags and file names: `png`,
    /// `jpeg-q90`, `webp-q90`, `webp-lossless`.
    public var token: String {
        switch (format, quality) {
        case (.webp, 100?): return "webp-lossless"
        case (_, let q?): return "\(format.rawValue)-q\(q)"
        case (_, nil): return format.rawValue
        }
    }
}

extension Image {
    /// The image in `output`'s format; translucent pixels are composited over `matte` first.
    /// `content` is what the image shows (a JPEG's Huffman tables follow it:
    /// `JPEGEncoding.HuffmanTables(for:)`).
    public func encoded(_ output: ImageOutput, content: ImageContent, matte: Color = .white) throws -> [UInt8] {
        switch output.format {
        case .png:
            return try pngData(matte: matte)
        case .jpeg:
            return try jpegData(encoding: JPEGEncoding(quality: output.quality ?? ImageOutput.defaultJPEGQuality,
                                                       huffmanTables: .init(for: content)), matte: matte)
        case .webp:
            let q = output.quality ?? ImageOutput.defaultWebPQuality
            // Lossless effort 75, method 4: libwebp's defaults (cwebp -lossless).
            return try webpData(encoding: WebPEncoding(lossless: q == 100, quality: q == 100 ? 75 : q, method: 4), matte: matte)
        }
    }
}

extension Canvas {
    /// The canvas in `output`'s format; see `Image.encoded(_:content:matte:)`.
    public func encoded(_ output: ImageOutput, content: ImageContent, matte: Color = .white) throws -> [UInt8] {
        if output.format == .png { return try pngData(matte: matte) }
        return try Image(buffer: writtenBuffer, knownOpaque: isKnownOpaque).encoded(output, content: content, matte: matte)
    }
}
