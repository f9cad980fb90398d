import CHarfBuzz

/// The horizontal direction a run is shaped in. Glyphs of a right-to-left run come out in
/// visual (left-to-right) order, as HarfBuzz returns them.
public enum TextDirection: String, Hashable, Sendable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    var harfBuzz: hb_direction_t {
        self == .leftToRight ? HB_DIRECTION_LTR : HB_DIRECTION_RTL
    }
}
