import Cards
import Foundation
import Raster

/// What the command line says about a hex colour, whose text colour was chosen rather than
/// given: which text colour, and its WCAG 2 contrast where it is lowest, judged against the
/// AA and AAA thresholds. `render` prints it on standard error after writing the image;
/// `batch` prints it for a line only as a warning, below 3:1. A palette colour gets no note:
/// its author chose the pair, and `palettes show` lists their contrast.
struct ContrastNote {
    /// The colour as the card names it: lowercase `#rrggbb`, stops joined by a comma.
    let colorName: String
    let text: Color
    /// The stop of a gradient the ratio is measured at; nil for a solid colour.
    let gradientStop: Color?
    /// The contrast, unrounded: the WCAG thresholds are judged on it.
    let ratio: Double

    /// The note for an event's colour; nil when it is a palette colour name or not valid hex.
    init?(eventColor: String) {
        guard CustomColor.isHex(eventColor), let color = try? CustomColor(eventColor) else { return nil }
        let worst = color.lowestContrastStop
        colorName = color.canonical
        text = color.foreground
        gradientStop = color.stops.count > 1 ? worst.color : nil
        ratio = worst.ratio
    }

    /// Below AA even for large text: no part of the card reads well.
    var isWarning: Bool { ratio < Contrast.largeTextMinimum }

    /// `colour #1e88e5: near-black text (#121212), contrast 5.09:1 (WCAG 2 AA; AAA for large
    /// text)`; a gradient names the stop measured at. The figure is the one the HTTP API
    /// reports as `contrast`.
    var description: String {
        let textName = text == .white ? "white text" : "near-black text (\(text.hexString))"
        var line = "colour \(colorName): \(textName), contrast \(figure):1"
        if let gradientStop { line += " at \(gradientStop.hexString), the lower-contrast stop" }
        return line + " (\(verdict))"
    }

    /// The ratio as the HTTP API reports it, to two decimals; with three, rounded down, where two
    /// would round it up onto a threshold it misses (4.4958 reads 4.495, not 4.50 beside "body
    /// text needs 4.5:1").
    var figure: String {
        let reported = Contrast.reported(ratio)
        let thresholds = [Contrast.largeTextMinimum, Contrast.bodyTextMinimum, Contrast.enhancedBodyTextMinimum]
        guard thresholds.contains(where: { ratio < $0 && $0 <= reported }) else { return String(format: "%.2f", reported) }
        return String(format: "%.3f", (ratio * 1000).rounded(.down) / 1000)
    }

    /// The WCAG 2 levels met: titles are large text; dates and subtitles may be body text.
    var verdict: String {
        switch ratio {
        case Contrast.enhancedBodyTextMinimum...: "WCAG 2 AAA"
        case Contrast.bodyTextMinimum...: "WCAG 2 AA; AAA for large text"
        case Contrast.largeTextMinimum...: "WCAG 2 AA for large text only; body text needs 4.5:1"
        default: "below WCAG 2 AA even for large text, which needs 3:1"
        }
    }
}
