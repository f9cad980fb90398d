import CHarfBuzz
@_exported import enum UnicodeText.TextDirection

extension TextDirection {
    /// Glyphs of a right-to-left run come out in visual (left-to-right) order, as HarfBuzz
    /// returns them.
    var harfBuzz: hb_direction_t {
        self == .leftToRight ? HB_DIRECTION_LTR : HB_DIRECTION_RTL
    }
}
