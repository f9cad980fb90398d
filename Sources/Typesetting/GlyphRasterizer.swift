import CFreeType
import Raster

/// Turns glyph ids into pixels with FreeType, under the face's lock.
///
/// Outlines are loaded unhinted at the exact fractional size (hinting would move stems by
/// size and break the linear advances layout relies on), shifted right by the sub-pixel
/// phase in the outline's own 26.6 units, then rendered by the smooth rasterizer into a
/// bitmap covering the outline's control box (optionally only the part inside a clip), in
/// strips where a flat edge overflows the rasterizer's cell pool (`FreeTypeCoverage`).
enum GlyphRasterizer {
    /// x positions are quantised to 1 / `subpixelPhases` of a device pixel.
    static let subpixelPhases = 4

    /// The coverage of `glyph` at an em of `sizeIn64thsOfAPixel` / 64 device pixels, its
    /// origin `phase` quarter pixels right of a pixel edge. With `clip` (pixels relative to
    /// the origin pixel, y down) only that part is rendered. Empty on any FreeType error.
    static func outline(face: FontFace, glyph: UInt32, sizeIn64thsOfAPixel size: Int, phase: Int,
                        clip: PixelRect? = nil) -> GlyphBitmap {
        withOutline(face: face, glyph: glyph, sizeIn64thsOfAPixel: size, phase: phase) { outline, library, box in
            let area = clip.map { box.intersection($0) } ?? box
            guard !area.isEmpty, area.width <= 1 << 15, area.height <= 1 << 15 else { return .empty }
            // Put the area's bottom-left corner at the outline origin: FreeType bitmaps grow up.
            FT_Outline_Translate(outline, FT_Pos(-area.x * 64), FT_Pos(area.maxY * 64))
            var coverage = [UInt8](repeating: 0, count: area.width * area.height)
            let ok = coverage.withUnsafeMutableBufferPointer { bytes -> Bool in
                FreeTypeCoverage.render(outline, library: library, into: bytes.baseAddress!, width: area.width, rows: area.height,
                                        pitch: area.width)
            }
            guard ok else { return .empty }
            return GlyphBitmap(left: area.x, top: -area.y, width: area.width, height: area.height, coverage: coverage)
        } ?? .empty
    }

    /// The pixels (relative to the origin pixel, y down) that `outline(…)` without a clip
    /// would cover, found without rendering; nil for an empty glyph.
    static func outlineArea(face: FontFace, glyph: UInt32, sizeIn64thsOfAPixel size: Int, phase: Int) -> PixelRect? {
        withOutline(face: face, glyph: glyph, sizeIn64thsOfAPixel: size, phase: phase) { _, _, box in box }
    }

    /// Loads `glyph` unhinted at the size, shifts it by the phase and calls `body` with the
    /// outline (26.6 device pixels, y up), its library and its control box in whole pixels
    /// relative to the origin pixel (y down). Nil when the glyph has no outline.
    private static func withOutline<R>(
        face: FontFace, glyph: UInt32, sizeIn64thsOfAPixel size: Int, phase: Int,
        _ body: (UnsafeMutablePointer<FT_Outline>, FT_Library?, PixelRect) -> R
    ) -> R? {
        face.withFreeTypeFace { ftFace -> R? in
            FT_Set_Transform(ftFace, nil, nil)
            guard FT_Set_Char_Size(ftFace, 0, FT_F26Dot6(size), 72, 72) == 0,
                  FT_Load_Glyph(ftFace, glyph, FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
                  let slot = ftFace.pointee.glyph,
                  slot.pointee.format.rawValue == outlineFormatTag,
                  slot.pointee.outline.n_points > 0
            else { return nil }
            let library = slot.pointee.library
            return withUnsafeMutablePointer(to: &slot.pointee.outline) { outline -> R? in
                FT_Outline_Translate(outline, FT_Pos(phase * 64 / subpixelPhases), 0)
                var cbox = FT_BBox()
                FT_Outline_Get_CBox(outline, &cbox)
                let x0 = Int(cbox.xMin >> 6), x1 = Int((cbox.xMax + 63) >> 6)
                let top = Int((cbox.yMax + 63) >> 6), bottom = Int(cbox.yMin >> 6)
                let box = PixelRect(x: x0, y: -top, width: x1 - x0, height: top - bottom)
                return box.isEmpty ? nil : body(outline, library, box)
            }
        }
    }

    /// The colour image of `glyph` from bitmap strike 0, or nil when the glyph has none
    /// (a space, or a face without colour bitmaps).
    static func color(face: FontFace, glyph: UInt32) -> ColorGlyphImage? {
        face.withFreeTypeFace { ftFace -> ColorGlyphImage? in
            guard ftFace.pointee.num_fixed_sizes > 0, let sizes = ftFace.pointee.available_sizes,
                  FT_Select_Size(ftFace, 0) == 0,
                  FT_Load_Glyph(ftFace, glyph, FT_Int32(FT_LOAD_COLOR)) == 0,
                  let slot = ftFace.pointee.glyph
            else { return nil }
            let bitmap = slot.pointee.bitmap
            let width = Int(bitmap.width), height = Int(bitmap.rows)
            guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), width > 0, height > 0,
                  let buffer = bitmap.buffer else { return nil }
            // Premultiplied B, G, R, A bytes are a little-endian ARGB32 word.
            var pixels = [UInt32](repeating: 0, count: width * height)
            let pitch = Int(bitmap.pitch)
            for y in 0..<height {
                let row = pitch >= 0 ? buffer + y * pitch : buffer + (height - 1 - y) * -pitch
                for x in 0..<width {
                    let p = row + 4 * x
                    pixels[y * width + x] = UInt32(p[3]) << 24 | UInt32(p[2]) << 16 | UInt32(p[1]) << 8 | UInt32(p[0])
                }
            }
            guard let image = try? Image(width: width, height: height, premultipliedARGB: pixels) else { return nil }
            let ppem = Int((sizes[0].y_ppem + 32) >> 6)
            return ColorGlyphImage(image: image, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                                   strikePPEM: max(ppem, 1))
        }
    }

    /// FreeType's `FT_GLYPH_FORMAT_OUTLINE`, the tag 'outl' (its macro does not import).
    private static let outlineFormatTag: UInt32 = 0x6F75_746C
}
