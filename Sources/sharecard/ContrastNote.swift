import Cards
import Foundation
import Raster

/// What the command line says about a hex colour, whose text colour was chosen rather than
/// given: which text colour, and its WCAG 2 contrast at the worst spot of the ground drawn
/// under the title (`TitleContrast`), judged against the AA and AAA thresholds
/// (`ContrastFigure`). `render` prints it on standard error after writing the image;
/// `batch` prints it for a line only as a warning, below 3:1. A palette colour gets no note:
/// its author chose the pair, and `palettes show` lists their contrast. Nor does a card whose
/// template sets the title in a colour of its own (white over a photo): the note would name
/// a text colour the card does not show.
struct ContrastNote {
    /// The colour as the card names it: lowercase `#rrggbb`, stops joined by a comma.
    let colorName: String
    let text: Color
    /// The pixel under the title where the ratio is lowest; nil when the ground is one colour
    /// (a solid card), which the colour's name says.
    let worstSpot: Color?
    /// The contrast, unrounded: the WCAG thresholds are judged on it.
    let ratio: Double

    /// The note for an event's colour whose title was drawn as `title`; nil when the colour
    /// is a palette colour name or not valid hex, or the title is not set in the chosen colour.
    init?(eventColor: String, title: TitleLayout?) {
        guard CustomColor.isHex(eventColor), let color = try? CustomColor(eventColor),
              let title, title.isSetInForeground, let contrast = title.contrast else { return nil }
        colorName = color.canonical
        text = contrast.color
        worstSpot = contrast.groundIsUniform ? nil : contrast.ground
        ratio = contrast.ratio
    }

    /// Below AA even for large text: no part of the card reads well.
    var isWarning: Bool { ratio < Contrast.largeTextMinimum }

    /// `colour #1e88e5: near-black text (#121212), contrast 5.09:1 (WCAG 2 AA; AAA for large
    /// text)`; a ground of more than one colour (a gradient, a template's lighting) names the
    /// spot measured at. The figure is the one the HTTP API reports as `contrast`.
    var description: String {
        let textName = text == .white ? "white text" : "near-black text (\(text.hexString))"
        let figure = ContrastFigure(ratio: ratio)
        var line = "colour \(colorName): \(textName), contrast \(figure.text):1"
        if let worstSpot { line += " at \(worstSpot.hexString), the lowest-contrast spot under the title" }
        return line + " (\(figure.verdict))"
    }
}
