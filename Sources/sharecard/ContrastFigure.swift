import Cards
import Foundation

/// A WCAG 2 contrast ratio as the command line shows it: the figure, and the levels it meets
/// (titles are large text; dates and subtitles may be body text).
struct ContrastFigure {
    /// Unrounded: the thresholds are judged on it.
    let ratio: Double

    /// As the HTTP API reports `contrast` (`Contrast.reported`): two decimals, or three rounded
    /// down where two would round it up onto a threshold it misses.
    var text: String { Contrast.text(ratio) }

    /// The WCAG 2 levels a ratio meets, from the most.
    enum Level {
        case enhanced, body, largeTextOnly, none
    }

    var meets: Level {
        switch ratio {
        case Contrast.enhancedBodyTextMinimum...: .enhanced
        case Contrast.bodyTextMinimum...: .body
        case Contrast.largeTextMinimum...: .largeTextOnly
        default: .none
        }
    }

    /// The levels met, in a sentence.
    var verdict: String {
        switch meets {
        case .enhanced: "WCAG 2 AAA"
        case .body: "WCAG 2 AA; AAA for large text"
        case .largeTextOnly: "WCAG 2 AA for large text only; body text needs 4.5:1"
        case .none: "below WCAG 2 AA even for large text, which needs 3:1"
        }
    }

    /// The levels met, for a table column.
    var level: String {
        switch meets {
        case .enhanced: "AAA"
        case .body: "AA"
        case .largeTextOnly: "AA large text"
        case .none: "FAIL"
        }
    }
}
