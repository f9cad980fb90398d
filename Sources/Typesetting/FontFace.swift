import BufferText
import CFreeType
import CHarfBuzz
import Foundation

/// One face of a font file (a collection such as a `.ttc` holds several), opened once.
///
/// HarfBuzz serves shaping, coverage and advances: its font is created with `hb_font_create`
/// (HarfBuzz's own OpenType functions, the same ones `hb-shape` uses) and scaled to
/// `unitsPerEm`, so every position it reports is in font units and scales linearly with size.
/// FreeType serves glyph images.
///
/// Thread safety: a `FontFace` may be shared between threads. The HarfBuzz font is immutable
/// and safe to shape with concurrently; the `FT_Face` is not thread-safe, so every use of it
/// goes through `withFreeTypeFace`, which holds a lock for the duration.
// Unchecked: the HarfBuzz handles are immutable after init and the FT_Face is guarded by `ftLock`.
public final class FontFace: @unchecked Sendable {
    /// The file the face was read from, as given.
    public let path: String
    /// The index of the face within its file (0 for a plain `.ttf`/`.otf`).
    public let faceIndex: Int
    /// Typographic family name (name ID 16), else the legacy family name (ID 1).
    public let family: String
    /// Typographic subfamily (name ID 17), else the legacy subfamily (ID 2), e.g. "Bold".
    public let styleName: String
    /// OS/2 `usWeightClass` (400 when absent or out of range).
    public let weight: FontWeight
    /// Italic when OS/2 `fsSelection` marks the face italic or oblique.
    public let style: FontStyle
    /// Design units per em; HarfBuzz positions from this face are in these units.
    public let unitsPerEm: Int
    /// Vertical metrics in font units.
    public let metrics: FontMetrics
    /// Number of glyphs (`maxp.numGlyphs`).
    public let glyphCount: Int
    /// True for colour bitmap fonts (a `CBDT` table), such as Noto Color Emoji.
    public let isColorBitmap: Bool
    /// The pixels-per-em of the bitmap strike FreeType selected (strike 0) for a face without
    /// outlines, e.g. 109 for Noto Color Emoji; nil for scalable faces. Such fonts reject
    /// `FT_Set_Pixel_Sizes`: glyph images come at this size and are scaled afterwards.
    public let bitmapStrikePPEM: Int?
    /// Whether the face's GPOS has `halt` (half-width alternates), which fullwidth
    /// punctuation is trimmed with (`PunctuationSpacing`).
    public let hasHalfWidthAlternates: Bool

    let hbFace: OpaquePointer
    let hbFont: OpaquePointer
    /// The file's one reading, shared with the other faces of a collection; it keeps the bytes
    /// FreeType's memory face reads alive until the face is done.
    let file: FontFile
    private let ftLibrary: FT_Library
    private let ftFace: FT_Face
    private let ftLock = NSLock()

    /// Opens face `faceIndex` of the font file at `path`.
    public convenience init(path: String, faceIndex: Int = 0) throws(FontError) {
        try self.init(file: FontFile(path: path), faceIndex: faceIndex)
    }

    /// Opens face `faceIndex` of `file`; HarfBuzz and FreeType both read the file's one mapping.
    init(file: FontFile, faceIndex: Int) throws(FontError) {
        let path = file.path
        let faceCount = file.faceCount
        guard (0..<faceCount).contains(faceIndex) else {
            throw .faceIndexOutOfRange(path: path, index: faceIndex, faceCount: faceCount)
        }
        if let truncation = file.truncation(faceIndex: faceIndex) {
            throw .unreadableFont(path: path, reason: "face \(faceIndex): \(truncation)")
        }
        let face = hb_face_create(file.blob, UInt32(faceIndex))!
        hb_face_make_immutable(face)
        let upem = Int(hb_face_get_upem(face))
        let glyphs = Int(hb_face_get_glyph_count(face))
        guard glyphs > 0 else {
            hb_face_destroy(face)
            throw .unreadableFont(path: path, reason: "face \(faceIndex) has no glyphs")
        }

        let ft: (library: FT_Library, face: FT_Face, strike: Int?)
        do {
            ft = try Self.openFreeType(file: file, faceIndex: faceIndex)
        } catch {
            hb_face_destroy(face)
            throw error
        }

        let font = hb_font_create(face)!
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        hb_font_make_immutable(font)

        let tables = FaceTables(face)
        self.path = path
        self.file = file
        self.faceIndex = faceIndex
        self.hbFace = face
        self.hbFont = font
        self.ftLibrary = ft.library
        self.ftFace = ft.face
        self.unitsPerEm = upem
        self.glyphCount = glyphs
        self.weight = FontWeight(tables.weightClass) ?? .regular
        self.style = tables.isItalic ? .italic : .normal
        self.metrics = tables.metrics
        self.isColorBitmap = OpenTypeTable.exists(face, "CBDT")
        self.bitmapStrikePPEM = ft.strike
        self.hasHalfWidthAlternates = OpenTypeTable.hasFeature(face, table: "GPOS", feature: "halt")
        let fileName = PathText.name(of: path)
        self.family = openTypeName(face, id: 16) ?? openTypeName(face, id: 1) ?? fileName
        self.styleName = openTypeName(face, id: 17) ?? openTypeName(face, id: 2) ?? "Regular"
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        FT_Done_Face(ftFace)
        FT_Done_FreeType(ftLibrary)
    }

    /// Opens the FreeType side; for a bitmap-only face selects strike 0 and reports its ppem.
    private static func openFreeType(file: FontFile, faceIndex: Int) throws(FontError)
        -> (library: FT_Library, face: FT_Face, strike: Int?) {
        let path = file.path
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw .unreadableFont(path: path, reason: "FreeType failed to initialise")
        }
        var face: FT_Face?
        let bytes = file.bytes
        let error = FT_New_Memory_Face(library, bytes.baseAddress, FT_Long(bytes.count), FT_Long(faceIndex), &face)
        guard error == 0, let face else {
            FT_Done_FreeType(library)
            throw .unreadableFont(path: path, reason: "FreeType error \(error) opening face \(faceIndex)")
        }
        let scalable = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
        guard !scalable, face.pointee.num_fixed_sizes > 0, let sizes = face.pointee.available_sizes else {
            return (library, face, nil)
        }
        let selectError = FT_Select_Size(face, 0)
        guard selectError == 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw .unreadableFont(path: path, reason: "FreeType error \(selectError) selecting bitmap strike 0")
        }
        return (library, face, Int((sizes[0].y_ppem + 32) >> 6))
    }

    /// Runs `body` with the FreeType face while holding the face's lock. Keep the face inside
    /// `body`; it must not be used after `body` returns. The size (`FT_Set_Char_Size`, or the
    /// strike for bitmap faces) is per-face state: set it inside `body` before loading glyphs.
    func withFreeTypeFace<R, E: Error>(_ body: (FT_Face) throws(E) -> R) throws(E) -> R {
        ftLock.lock()
        defer { ftLock.unlock() }
        return try body(ftFace)
    }

    /// The nominal glyph (from `cmap`) for `scalar`, or nil when the face has none.
    public func glyphID(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// The glyph for `scalar` followed by `variationSelector` (a `cmap` format 14 lookup),
    /// or nil when the face has no such variant.
    public func glyphID(for scalar: Unicode.Scalar, variationSelector: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_variation_glyph(hbFont, scalar.value, variationSelector.value, &glyph) != 0 ? glyph : nil
    }

    /// Whether the face maps `scalar` to a glyph.
    public func hasGlyph(_ scalar: Unicode.Scalar) -> Bool {
        glyphID(for: scalar) != nil
    }

    /// How far `glyph`'s ink reaches above the baseline (`top`) and below it (`bottom`, positive
    /// downwards), in font units; nil for a glyph without ink or extents.
    public func inkReach(of glyph: UInt32) -> (top: Int, bottom: Int)? {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(hbFont, glyph, &extents) != 0, extents.height != 0 else { return nil }
        return (Int(extents.y_bearing), -Int(extents.y_bearing + extents.height))
    }

    /// Where `glyph`'s ink starts and ends along the baseline from its origin, in font units;
    /// nil for a glyph without ink or extents.
    public func inkSpan(of glyph: UInt32) -> (left: Int, right: Int)? {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(hbFont, glyph, &extents) != 0, extents.width != 0 else { return nil }
        let left = Int(extents.x_bearing), right = left + Int(extents.width)
        return (min(left, right), max(left, right))
    }

    /// The horizontal advance of `glyph` in font units.
    public func advance(of glyph: UInt32) -> Int {
        Int(hb_font_get_glyph_h_advance(hbFont, glyph))
    }
}

extension FontFace: Hashable, CustomStringConvertible {
    /// Faces are equal only when they are the same opened face.
    public static func == (a: FontFace, b: FontFace) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String {
        "\(family) \(styleName) (\(PathText.name(of: path))#\(faceIndex))"
    }
}

extension FontFace {
    /// Whether the face has a glyph for every scalar of `scalars` that shaping does not hide
    /// (ZWJ, ZWNJ, variation selectors, tags are not required; the Hangul fillers are).
    public func covers(_ scalars: some Sequence<Unicode.Scalar>) -> Bool {
        scalars.allSatisfy { $0.isHiddenWhenShaped || hasGlyph($0) }
    }
}
