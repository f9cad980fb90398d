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

    /// A ratio to two decimals, as catalogs, card descriptions and the command line show it.
    public static func reported(_ ratio: Double) -> Double { (ratio * 100).rounded() / 100 }
}

extension Palette.Entry {
    /// The foreground's contrast against each colour of the background; the smallest is
    /// what a reader gets at the worst spot.
    public var contrastRatios: [Double] { background.colors.map { foreground.contrastRatio(with: $0) } }
}

extension Palette.Entry {
    /// The lowest contrast ratio, to two decimals (as catalogs and card descriptions show it).
    public var reportedContrast: Double { Contrast.reported(contrastRatios.min() ?? 0) }
}
