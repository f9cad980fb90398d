import Foundation
import Raster

/// WCAG 2 contrast thresholds and how ratios are reported; the ratio itself is
/// `Color.contrastRatio(with:)`.
public enum Contrast {
    /// WCAG 2 AA for large text (≥ 18 pt, or 14 pt bold): every title qualifies.
    public static let largeTextMinimum = 3.0
    /// WCAG 2 AA for body text, and AAA for large text.
    public static let bodyTextMinimum = 4.5
    /// WCAG 2 AAA for body text.
    public static let enhancedBodyTextMinimum = 7.0

    /// A ratio to `decimals` places, as catalogs, card descriptions, preview sheets and the
    /// command line show it: rounded to the nearest, except where that would round it up onto
    /// a WCAG threshold it misses, where it takes one place more, rounded down (4.4958 reports
    /// 4.495, not 4.5 beside "body text needs 4.5:1"), so that `contrast >= 4.5` never passes a
    /// colour that fails.
    public static func reported(_ ratio: Double, decimals: Int = 2) -> Double {
        rounding(ratio, decimals: decimals).value
    }

    /// `reported` as text, with the places it took: `decimals`, or one more.
    public static func text(_ ratio: Double, decimals: Int = 2) -> String {
        let (value, places) = rounding(ratio, decimals: decimals)
        return String(format: "%.\(places)f", value)
    }

    private static func rounding(_ ratio: Double, decimals: Int) -> (value: Double, places: Int) {
        let unit = pow(10, Double(decimals))
        let nearest = (ratio * unit).rounded() / unit
        guard [largeTextMinimum, bodyTextMinimum, enhancedBodyTextMinimum].contains(where: { ratio < $0 && $0 <= nearest }) else {
            return (nearest, decimals)
        }
        return ((ratio * unit * 10).rounded(.down) / (unit * 10), decimals + 1)
    }
}

extension Palette.Entry {
    /// The foreground's contrast against each colour of the background, a translucent
    /// foreground judged as it shows there (blended over it); the smallest is what a reader
    /// gets at the worst spot.
    public var contrastRatios: [Double] { background.colors.map { foreground.contrastRatio(asTextOver: $0) } }
}

extension Palette.Entry {
    /// The lowest contrast ratio, to two decimals (as catalogs and card descriptions show it).
    public var reportedContrast: Double { Contrast.reported(contrastRatios.min() ?? 0) }
}
