import Cards
import Foundation

/// A WCAG 2 contrast ratio as the command line shows it: the figure, and the levels it meets
/// (titles are large text; dates and subtitles may be body text).
struct ContrastFigure {
    /// Unrounded: the thresholds are judged on it.
    let ratio: Double

    /// To two decimals, as the HTTP API reports `contrast`; with three, rounded down, where two
    /// would round it up onto a threshold it misses (4.4958 reads 4.495, not 4.50 beside "body
    /// text needs 4.5:1").
    var text: String {
        let reported = Contrast.reported(ratio)
        let thresholds = [Contrast.largeTextMinimum, Contrast.bodyTextMinimum, Contrast.enhancedBodyTextMinimum]
        guard thresholds.contains(where: { ratio < $0 && $0 <= reported }) else { return String(format: "%.2f", reported) }
        return String(format: "%.3f", (ratio * 1000).rounded(.down) / 1000)
    }

    /// The levels met, in a sentence.
    var verdict: String {
        switch ratio {
        case Contrast.enhancedBodyTextMinimum...: "WCAG 2 AAA"
        case Contrast.bodyTextMinimum...: "WCAG 2 AA; AAA for large text"
        case Contrast.largeTextMinimum...: "WCAG 2 AA for large text only; body text needs 4.5:1"
        default: "below WCAG 2 AA even for large text, which needs 3:1"
        }
    }

    /// The levels met, for a table column.
    var level: String {
        switch ratio {
        case Contrast.enhancedBodyTextMinimum...: "AAA"
        case Contrast.bodyTextMinimum...: "AA"
        case Contrast.largeTextMinimum...: "AA large text"
        default: "FAIL"
        }
    }
}
