extension Unicode.Scalar {
    /// Whether HarfBuzz hides the scalar when shaping (draws nothing for it, so no face needs
    /// a glyph): HarfBuzz's own Default_Ignorable list (`is_default_ignorable` in
    /// `hb-unicode.hh`), not Unicode's. It leaves out the Hangul fillers U+115F, U+1160, U+3164,
    /// U+FFA0 and U+1BCA0…U+1BCA3, which are drawn as ordinary spacing glyphs (a face without
    /// them shows a box), keeps U+180E, and predates U+180F (shaped as a mark, so a box too).
    public var isHiddenWhenShaped: Bool {
        let v = value
        switch v >> 16 {
        case 0:
            switch v >> 8 {
            case 0x00: return v == 0x00AD
            case 0x03: return v == 0x034F
            case 0x06: return v == 0x061C
            case 0x17: return (0x17B4...0x17B5).contains(v)
            case 0x18: return (0x180B...0x180E).contains(v)
            case 0x20: return (0x200B...0x200F).contains(v) || (0x202A...0x202E).contains(v) || (0x2060...0x206F).contains(v)
            case 0xFE: return (0xFE00...0xFE0F).contains(v) || v == 0xFEFF
            case 0xFF: return (0xFFF0...0xFFF8).contains(v)
            default: return false
            }
        case 0x01: return (0x1D173...0x1D17A).contains(v)
        case 0x0E: return (0xE0000...0xE0FFF).contains(v)
        default: return false
        }
    }
}
