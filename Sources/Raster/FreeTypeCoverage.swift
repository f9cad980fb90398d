import CFreeType

/// FreeType's smooth rasterizer drawing an outline's coverage into 8-bit rows, in strips when
/// the whole overflows the rasterizer's cell pool. Shared by paths (`OutlineRasterizer`) and
/// glyphs (Typesetting's `GlyphRasterizer`).
///
/// The rasterizer keeps a band of rows' cells in a fixed pool, halving the band when they
/// overflow it, and gives up (`Raster_Overflow`) when one row alone holds more: a nearly
/// horizontal edge crossing some 400–800 pixels within one row, as a line 1,080 pixels long
/// tilted by half a pixel has, or a flat edge of a large glyph, and the whole outline drew
/// nothing. Such an outline is drawn again in strips of `stripColumns` columns, moved left by
/// each strip's start: FreeType keeps no cells right of a strip and one a row for everything
/// left of it (the cover it carries), so a row never holds more than a strip's width. Other
/// outlines are drawn whole, in one call, as before.
public enum FreeTypeCoverage {
    /// Columns FreeType is given at once when a whole outline overflows its cell pool.
    public static let stripColumns = 256

    /// Draws `outline` (26.6 pixels, y up, the origin at the bottom-left corner of the rows)
    /// into `rows` rows of `width` coverage bytes, `pitch` bytes apart from `buffer` on, top
    /// row first; the rows must hold zeros. False when FreeType refuses it even in strips.
    public static func render(_ outline: UnsafeMutablePointer<FT_Outline>, library: FT_Library?,
                              into buffer: UnsafeMutablePointer<UInt8>, width: Int, rows: Int, pitch: Int) -> Bool {
        let whole = render(outline, library: library, into: buffer, columns: 0..<width, rows: rows, pitch: pitch)
        guard whole == FT_Err_Raster_Overflow, width > stripColumns else { return whole == 0 }
        // The bands drawn before the overflow are drawn again: start from zeros.
        buffer.update(repeating: 0, count: rows * pitch)
        for start in stride(from: 0, to: width, by: stripColumns) {
            let columns = start..<min(start + stripColumns, width)
            guard render(outline, library: library, into: buffer, columns: columns, rows: rows, pitch: pitch) == 0 else { return false }
        }
        return true
    }

    /// FreeType's error for drawing `columns` of the rows alone (0 when drawn).
    private static func render(_ outline: UnsafeMutablePointer<FT_Outline>, library: FT_Library?, into buffer: UnsafeMutablePointer<UInt8>,
                               columns: Range<Int>, rows: Int, pitch: Int) -> Int32 {
        var bitmap = FT_Bitmap()
        bitmap.rows = UInt32(rows)
        bitmap.width = UInt32(columns.count)
        bitmap.pitch = Int32(pitch)
        bitmap.num_grays = 256
        bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
        bitmap.buffer = buffer + columns.lowerBound
        let shift = FT_Pos(columns.lowerBound * 64)
        if shift != 0 { FT_Outline_Translate(outline, -shift, 0) }
        defer { if shift != 0 { FT_Outline_Translate(outline, shift, 0) } }
        return withUnsafeMutablePointer(to: &bitmap) { target in
            var params = FT_Raster_Params()
            params.target = UnsafePointer(target)
            params.flags = Int32(FT_RASTER_FLAG_AA)
            return FT_Outline_Render(library, outline, &params)
        }
    }
}
