import BufferText
import CImageEncode
import CPNG

/// How an opaque image is written as PNG. `sharecard-bench --stage encode` times every
/// setting on a corpus of cards beside Pillow and cairo; `cards` is the choice (see
/// docs/operations.md, "Image formats").
public enum PNGEncoding: Hashable, Sendable {
    /// Rows filtered per row and deflated in one call by libdeflate; indexed when the image
    /// has at most 256 colours and `indexed` is set.
    case deflate(DeflateSettings)
    /// libpng and zlib with the given settings (what Pillow and cairo use); for comparison.
    case libpng(LibpngSettings)

    /// Indexed when it fits, and RGB up to 4,096 colours (text with colour emoji, patterns):
    /// unfiltered, through the scanline compressor — a card's rows are mostly copies of the
    /// row above and runs of one colour, which it codes in a few compares instead of
    /// libdeflate's few nanoseconds a byte; flat and text cards come out at about half of
    /// Pillow's size in under 1 ms. Above 4,096 colours (gradients) RGB at libdeflate 7,
    /// unfiltered where a row repeats the one above shifted by a pixel (a diagonal gradient)
    /// and UP elsewhere, within Pillow's size at under half its time. Above 32,768 (photos)
    /// through the scanline compressor's photo mode (runs of a byte or a pixel, Huffman blocks
    /// as zlib's run-length strategy makes them), rows UP when they repeat the one above, SUB
    /// when of one colour, PAETH otherwise — a photo's filtered rows gain little from a full
    /// match search, which at libdeflate 7 took about 4× the time — unless a sixteenth of the rows,
    /// sampled, compress smaller UP at libdeflate 4 (a small photo drawn enlarged, whose rows
    /// echo each other). An RGB scanline stream over 10 % of its rows (text cards are 1–4 %, a
    /// grey photo card 16 %) is a photo with few colours: it is written as a photo. A scanline
    /// stream over 1.6 % of the RGB rows is sampled against libdeflate 6, and written by it when
    /// its sample is at most 4/5 of the scanline compressor's (`DeflateCheck`): gradients of a
    /// few thousand colours and the `snapshot` template's dots, 7–79 % smaller; text and the
    /// `pattern` stripes, whose samples come out at 0.82 or more, keep the fast path. Measured in
    /// docs/design.md, "PNG out for photo cards" (2026-12-01), "Photo rows in run blocks"
    /// (2026-12-03) and "Gradients and dots the scanline compressor cannot match" (2026-12-05).
    public static let cards = PNGEncoding.deflate(.cards)

    public struct DeflateSettings: Hashable, Sendable {
        public enum RowFilter: String, Sendable, Hashable, CaseIterable {
            case none, sub, up, average, paeth
            /// Per row, the filter with the smallest sum of absolute differences.
            case minimumSum = "minimum-sum"
            /// Per row, the filter whose output has the lowest byte entropy.
            case minimumEntropy = "minimum-entropy"
            /// Per row, UP when it repeats the row above, SUB otherwise.
            case repeatOrSub = "repeat-or-sub"
            /// Per row, UP when it repeats the row above, SUB when it is one colour, PAETH
            /// otherwise (one filter pass per row).
            case repeatFlatOrPaeth = "repeat-flat-or-paeth"
            /// Per row, NONE when 3/4 of its bytes repeat the row above shifted one pixel, and
            /// more than repeat it unshifted (a diagonal gradient, which deflate then matches
            /// whole), UP otherwise.
            case shiftedOrUp = "shifted-or-up"
            var value: Int32 {
                switch self {
                case .none: return Int32(SC_PNG_ROWS_NONE)
                case .sub: return Int32(SC_PNG_ROWS_SUB)
                case .up: return Int32(SC_PNG_ROWS_UP)
                case .average: return Int32(SC_PNG_ROWS_AVERAGE)
                case .paeth: return Int32(SC_PNG_ROWS_PAETH)
                case .minimumSum: return Int32(SC_PNG_ROWS_MINIMUM_SUM)
                case .minimumEntropy: return Int32(SC_PNG_ROWS_MINIMUM_ENTROPY)
                case .repeatOrSub: return Int32(SC_PNG_ROWS_REPEAT_OR_SUB)
                case .repeatFlatOrPaeth: return Int32(SC_PNG_ROWS_REPEAT_FLAT_OR_PAETH)
                case .shiftedOrUp: return Int32(SC_PNG_ROWS_SHIFTED_OR_UP)
                }
            }
        }

        /// A libdeflate level, 0 (store) … 12 (smallest), the scanline compressor (for cards, or
        /// in run blocks for photos) or zlib's run-length strategy, and a row filter.
        public struct Rows: Hashable, Sendable {
            /// The libdeflate level, `scanlineLevel`, `runBlockLevel` or `runLengthLevel`.
            public let level: Int
            public let filter: RowFilter
            public init(level: Int, filter: RowFilter) throws {
                guard (0...12).contains(level) else { throw RasterError.invalidArgument("deflate level must be 0…12, got \(level)") }
                self.level = level
                self.filter = filter
            }

            private init(compressor level: Int, filter: RowFilter) {
                self.level = level
                self.filter = filter
            }

            /// `level` of rows compressed by CImageEncode's scanline compressor: matches only
            /// in the row above and in runs of one byte or one pixel, one block of Huffman
            /// codes. Several times faster than libdeflate on cards of a flat ground; larger on
            /// busy images, where libdeflate finds matches anywhere in its 32 KiB window.
            public static let scanlineLevel = Int(SC_PNG_LEVEL_SCANLINES)

            public static func scanlines(filter: RowFilter) -> Rows { Rows(compressor: scanlineLevel, filter: filter) }

            /// `level` of rows compressed by zlib with its run-length strategy: matches only at
            /// distance 1, Huffman codes renewed every 16,000 symbols or so. On a photo's
            /// filtered rows about as small as a full match search (short matches in noise buy
            /// little) in a fraction of its time; a photo drawn enlarged, whose rows repeat
            /// each other, loses the long matches libdeflate finds.
            public static let runLengthLevel = Int(SC_PNG_LEVEL_RUNS)

            public static func runLength(filter: RowFilter) -> Rows { Rows(compressor: runLengthLevel, filter: filter) }

            /// `level` of rows compressed by CImageEncode's scanline compressor as a photo's:
            /// matches only in runs of one byte and of one pixel, Huffman codes renewed every
            /// 16,384 symbols, as zlib's run-length strategy codes them. On photo cards 0.8–2.1 %
            /// smaller than `runLengthLevel` (the pixel repeats) in half its time.
            public static let runBlockLevel = Int(SC_PNG_LEVEL_RUN_BLOCKS)

            public static func runBlocks(filter: RowFilter) -> Rows { Rows(compressor: runBlockLevel, filter: filter) }

            /// "libdeflate N", "scanlines", "scanline run blocks" or "zlib run-length", for reports.
            public var compressorName: String {
                switch level {
                case Self.scanlineLevel: return "scanlines"
                case Self.runBlockLevel: return "scanline run blocks"
                case Self.runLengthLevel: return "zlib run-length"
                default: return "libdeflate \(level)"
                }
            }
        }

        /// RGB images with more than `above` distinct colours (gradients, photos) use `rows`.
        public struct ManyColours: Hashable, Sendable {
            public let above: Int
            public let rows: Rows
            public init(above: Int, rows: Rows) throws {
                guard (256..<65536).contains(above) else { throw RasterError.invalidArgument("many-colours bound must be 256…65535, got \(above)") }
                self.above = above
                self.rows = rows
            }
        }

        /// For RGB images (more than 256 colours, or `indexed` nil), unless `manyColours` applies.
        public let rgb: Rows
        /// For images with at most 256 colours, written indexed; nil: always RGB.
        public let indexed: Rows?
        /// For RGB images with many colours; nil: `rgb` for every RGB image.
        public let manyColours: ManyColours?
        /// For RGB images with more colours still (photos), above a bound higher than
        /// `manyColours`'; nil: `manyColours` (or `rgb`) for them too.
        public let photoColours: ManyColours?
        /// With `photoColours`: a second way to write a photo's rows, taken when a sample of them
        /// (a sixteenth of the rows, in four bands spread over the image) compresses smaller that
        /// way. nil: `photoColours.rows` alone.
        public let photoAlternative: Rows?
        /// With `photoColours`: an RGB image whose scanline-compressor stream comes out larger
        /// than this many thousandths of its filtered rows is written again with
        /// `photoColours.rows` (or `photoAlternative`, as its sample decides) — a photo with a few hundred colours (grey, with a title), which
        /// its colour count alone would take for a card of text. Indexed images are kept. nil: never.
        public let scanlinesFallbackPerMille: Int?
        /// A scanline-compressor stream checked against libdeflate; nil: never. See `DeflateCheck`.
        public private(set) var deflateCheck: DeflateCheck?

        /// These settings with `check` in place of their deflate check (nil: none).
        public func withDeflateCheck(_ check: DeflateCheck?) -> DeflateSettings {
            var settings = self
            settings.deflateCheck = check
            return settings
        }

        /// When the scanline compressor's stream (indexed or RGB) comes out larger than
        /// `abovePerMille` thousandths of the image's RGB rows (height × (3 × width + 1) bytes,
        /// however the rows are written), a sample of the rows (four bands, as `photoAlternative`
        /// is judged) is compressed by it and by libdeflate at `level`, the rows unchanged, and
        /// the image is written by libdeflate when that sample is at most `atMostPercent` % of
        /// the scanline compressor's and the whole stream comes out smaller (a sample can
        /// mislead). The scanline compressor matches only the row directly above
        /// and runs; a diagonal gradient shifts every row by a pixel, and a grid of dots repeats
        /// along the row and every few rows, which libdeflate's matches anywhere in 32 KiB find.
        /// An image the scanline fall-back sends to the photo tier is sampled this way too,
        /// beside the photo tier's own settings, the smallest sample taken: a steep gradient of a
        /// few thousand colours is no photo.
        public struct DeflateCheck: Hashable, Sendable {
            public let abovePerMille: Int
            public let level: Int
            public let atMostPercent: Int
            /// Throws unless `abovePerMille` is 1…1000, `level` 1…12 and `atMostPercent` 1…100.
            public init(abovePerMille: Int, level: Int, atMostPercent: Int) throws {
                guard (1...1000).contains(abovePerMille), (1...12).contains(level), (1...100).contains(atMostPercent) else {
                    throw RasterError.invalidArgument(
                        "the deflate check needs a bound of 1…1000 thousandths, a level of 1…12 and a share of 1…100 %, got \(abovePerMille), \(level), \(atMostPercent)")
                }
                self.abovePerMille = abovePerMille
                self.level = level
                self.atMostPercent = atMostPercent
            }
        }

        /// Throws when `photoColours` is set without `manyColours` or at a bound not above it,
        /// when `scanlinesFallbackPerMille` is outside 1…1000, or when `photoAlternative` stores
        /// (level 0) or it or `photoColours.rows` beside it is the scanline compressor (which
        /// keeps no rows to sample).
        public init(rgb: Rows, indexed: Rows?, manyColours: ManyColours?, photoColours: ManyColours,
                    photoAlternative: Rows? = nil, scanlinesFallbackPerMille: Int? = nil, deflateCheck: DeflateCheck? = nil) throws {
            guard let manyColours, photoColours.above > manyColours.above else {
                throw RasterError.invalidArgument("the photo-colours bound must be above the many-colours bound")
            }
            if let photoAlternative, photoAlternative.level == 0 || photoAlternative.level == Rows.scanlineLevel
                || photoColours.rows.level == Rows.scanlineLevel {
                throw RasterError.invalidArgument(
                    "a second photo setting must compress (level 1 or more), and neither it nor the photo rows may be the scanline compressor")
            }
            if let bound = scanlinesFallbackPerMille, !(1...1000).contains(bound) {
                throw RasterError.invalidArgument("the scanline fall-back bound must be 1…1000 thousandths, got \(bound)")
            }
            self.rgb = rgb
            self.indexed = indexed
            self.manyColours = manyColours
            self.photoColours = photoColours
            self.photoAlternative = photoAlternative
            self.scanlinesFallbackPerMille = scanlinesFallbackPerMille
            self.deflateCheck = deflateCheck
        }

        public init(rgb: Rows, indexed: Rows?, manyColours: ManyColours? = nil) {
            self.rgb = rgb
            self.indexed = indexed
            self.manyColours = manyColours
            self.photoColours = nil
            self.photoAlternative = nil
            self.scanlinesFallbackPerMille = nil
            self.deflateCheck = nil
        }

        // Levels and bounds known valid, so `try!` cannot fail.
        public static let cards = try! DeflateSettings(rgb: .scanlines(filter: .none), indexed: .scanlines(filter: .none),
                                                       manyColours: ManyColours(above: 4096, rows: Rows(level: 7, filter: .shiftedOrUp)),
                                                       photoColours: ManyColours(above: 32768, rows: .runBlocks(filter: .repeatFlatOrPaeth)),
                                                       photoAlternative: Rows(level: 4, filter: .up),
                                                       scanlinesFallbackPerMille: 100,
                                                       deflateCheck: DeflateCheck(abovePerMille: 16, level: 6, atMostPercent: 80))
    }

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
        try encodeOpaque(opaqueBuffer(matte: matte), encoding)
    }
}

extension Canvas {
    /// The canvas as an opaque PNG; see `Image.pngData(encoding:matte:)`. An opaque canvas is
    /// encoded row by row where it lies, its rows not drawn on read from one row of its
    /// background (`readableRow`), so they are never written: the same bytes as its pixels
    /// written out in full.
    public func pngData(encoding: PNGEncoding = .cards, matte: Color = .white) throws -> [UInt8] {
        guard case .deflate(let settings) = encoding, isKnownOpaque else {
            return try Image(buffer: writtenBuffer, knownOpaque: isKnownOpaque).pngData(encoding: encoding, matte: matte)
        }
        guard let width = UInt32(exactly: pixelWidth), let height = UInt32(exactly: pixelHeight) else {
            throw RasterError.pngEncoding("image of \(pixelWidth)×\(pixelHeight) pixels is too large")
        }
        let rows: [UnsafePointer<UInt8>?] = (0..<pixelHeight).map { UnsafeRawPointer(readableRow($0)).assumingMemoryBound(to: UInt8.self) }
        var c = sc_png_settings(settings)
        return try ImageEncoder.encoded(error: { RasterError.pngEncoding($0) }) {
            sc_encode_png_rows(rows, width, height, &c, $0, $1, $2, $3)
        }
    }
}

extension sc_png_settings {
    init(_ s: PNGEncoding.DeflateSettings) {
        self.init(indexed_level: Int32(s.indexed?.level ?? -1), indexed_rows: s.indexed?.filter.value ?? 0,
                  rgb_level: Int32(s.rgb.level), rgb_rows: s.rgb.filter.value,
                  many_colors: UInt32(s.manyColours?.above ?? 65536),
                  many_level: Int32(s.manyColours?.rows.level ?? s.rgb.level),
                  many_rows: s.manyColours?.rows.filter.value ?? s.rgb.filter.value,
                  photo_colors: UInt32(s.photoColours?.above ?? 0),
                  photo_level: Int32(s.photoColours?.rows.level ?? 0),
                  photo_rows: s.photoColours?.rows.filter.value ?? 0,
                  photo_also_level: Int32(s.photoAlternative?.level ?? 0),
                  photo_also_rows: s.photoAlternative?.filter.value ?? 0,
                  scanlines_fallback_permille: UInt32(s.scanlinesFallbackPerMille ?? 0),
                  deflate_check_permille: UInt32(s.deflateCheck?.abovePerMille ?? 0),
                  deflate_check_level: Int32(s.deflateCheck?.level ?? 0),
                  deflate_check_percent: UInt32(s.deflateCheck?.atMostPercent ?? 0))
    }
}

private func encodeOpaque(_ buffer: PixelBuffer, _ encoding: PNGEncoding) throws -> [UInt8] {
    if case .deflate(let s) = encoding {
        return try ImageEncoder.encode(buffer, error: { RasterError.pngEncoding($0) }) {
            var c = sc_png_settings(s)
            return sc_encode_png_tiered($0, $1, $2, $3, $4, &c, $5, $6, $7, $8)
        }
    }
    var out: UnsafeMutablePointer<UInt8>?
    var size = 0
    var message = [CChar](repeating: 0, count: 256)
    let byteCount = buffer.strideBytes * buffer.height
    guard let width = UInt32(exactly: buffer.width), let height = UInt32(exactly: buffer.height) else {
        throw RasterError.pngEncoding("image of \(buffer.width)×\(buffer.height) pixels is too large for PNG")
    }
    let status = buffer.pixels.withMemoryRebound(to: UInt8.self, capacity: byteCount) { bytes in
        switch encoding {
        case .deflate: return Int32(-1)  // handled above
        case .libpng(let s):
            return sc_png_encode_bgrx(bytes, byteCount, width, height, buffer.strideBytes,
                                      Int32(s.zlibLevel), s.filter.flags, s.strategy.value, &out, &size, &message, message.count)
        }
    }
    defer { sc_png_free(out) }
    guard status == 0, let out, size > 0 else {
        let text = message.stringBeforeNUL
        throw RasterError.pngEncoding(text.isEmpty ? "PNG encoder failed without a message" : text)
    }
    return Array(UnsafeBufferPointer(start: out, count: size))
}
