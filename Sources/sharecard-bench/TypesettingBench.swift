import Foundation
import Geometry
import Raster
import Typesetting

/// Fitting a 150-character title into the classic card's box (944×300 pt, ≤ 3 lines), and
/// drawing it, beside PangoCairo doing the same in the same run.
enum TypesettingBench {
    /// The same title as bench/peer_pango.py.
    static let title = "The day we adopted Biscuit, the scruffiest little terrier in the whole shelter, "
        + "and took him home in the rain after a long week"

    static func run(iterations: Int, fonts: FontLibrary, peerScript: String) throws {
        let attributes = try TextAttributes(sizeInPoints: 60, color: .white)
        let options = try TextLayoutOptions(width: 944, height: 300, maxLines: 3, minimumScaleFactor: 0.3)
        let text = AttributedText(title, attributes: attributes)
        var rows: [Measurement] = []

        var layout: TextLayout?
        rows.append(try measure("fit + lay out 150-char title (analyse, shape, fit, place)", iterations: iterations) {
            layout = TextLayout(try Paragraph(text, library: fonts), options: options)
        })
        let paragraph = try Paragraph(text, library: fonts)
        rows.append(measure("  of which: fit + place on an analysed paragraph", iterations: iterations) {
            layout = TextLayout(paragraph, options: options)
        })
        let before = Paragraph.$reshapesEveryLine.withValue(true) {
            measure("  same, every line reshaped (before)", iterations: iterations) {
                layout = TextLayout(paragraph, options: options)
            }
        }
        rows.append(Measurement(name: before.name, medianMilliseconds: before.medianMilliseconds, iterations: iterations,
                                note: String(format: "lines cut from the paragraph's shaping are %.2f× faster",
                                             before.medianMilliseconds / rows[1].medianMilliseconds)))
        let fitted = layout!
        rows[0].note = String(format: "%.2f pt, %d lines", fitted.fontSizeInPoints, fitted.lines.count)
        rows.append(contentsOf: try drawRows(fitted, iterations: iterations))
        rows.append(contentsOf: try punctuationRows(fonts: fonts, options: options, iterations: iterations))

        if let peer = runPeer(peerScript, arguments: ["--iterations", String(iterations)]) {
            if let fit = peer["fit"] {
                rows.append(Measurement(name: "PangoCairo fit (bisection to 0.1 pt)", medianMilliseconds: fit, iterations: iterations,
                                        note: String(format: "%.2f pt; sharecard is %.1f× faster", peer["fitted_size"] ?? 0,
                                                     fit / rows[0].medianMilliseconds)))
            }
            if let draw = peer["draw"], let ours = rows.first(where: { $0.name.hasPrefix("draw") }) {
                rows.append(Measurement(name: "PangoCairo draw", medianMilliseconds: draw, iterations: iterations,
                                        note: String(format: "ratio %.2f (PangoCairo ÷ sharecard)", draw / ours.medianMilliseconds)))
            }
        } else {
            rows.append(Measurement(name: "PangoCairo peer not run (scripts/setup --bench)", medianMilliseconds: .nan, iterations: 0))
        }
        printTable("Typesetting (150-character title, 944×300 pt, ≤ 3 lines)", rows)
    }
}

extension TypesettingBench {
    /// A Japanese title whose brackets meet (`PunctuationSpacing`), laid out as set and with the
    /// author's `halt=0`, which leaves the punctuation alone: what setting it side by side costs.
    static func punctuationRows(fonts: FontLibrary, options: TextLayoutOptions, iterations: Int) throws -> [Measurement] {
        let title = "「東京」「大阪」（二〇二六）・夏の家族旅行、とても楽しかった！「また行こうね」"
        let spaced = AttributedText(title, attributes: try TextAttributes(sizeInPoints: 60, color: .white))
        let plain = AttributedText(title, attributes: try TextAttributes(sizeInPoints: 60, color: .white,
                                                                          features: [FontFeature(tag: "halt", value: 0)!]))
        let ja = LanguageTag("ja")!
        var set = try measure("fit + lay out a 40-character Japanese title, brackets side by side", iterations: iterations) {
            _ = TextLayout(try Paragraph(spaced, library: fonts, language: ja), options: options)
        }
        let alone = try measure("  same, punctuation left alone (the author's halt=0)", iterations: iterations) {
            _ = TextLayout(try Paragraph(plain, library: fonts, language: ja), options: options)
        }
        set.note = String(format: "%.2f× the time with the punctuation left alone", set.medianMilliseconds / alone.medianMilliseconds)
        return [set, alone]
    }

    static func drawRows(_ layout: TextLayout, iterations: Int) throws -> [Measurement] {
        let canvas = try Canvas(size: Size(width: 1024, height: 576), background: Color(hex: "#7b4397")!)
        let cache = GlyphCache()
        let origin = Point(x: 40, y: 140)
        let cold = measure("draw fitted title, cold glyph cache", iterations: max(5, iterations / 4)) {
            cache.removeAll()
            canvas.draw(layout, at: origin, cache: cache)
        }
        let warm = measure("draw fitted title, warm glyph cache", iterations: iterations) {
            canvas.draw(layout, at: origin, cache: cache)
        }
        let shadow = TextShadow(offsetInPoints: Point(x: 0, y: 3), blurRadiusInPoints: 10, color: Color.black.withAlpha(0.25))
        let shadowed = measure("draw fitted title with a 10 pt shadow, warm glyph cache", iterations: iterations) {
            canvas.draw(layout, at: origin, cache: cache, shadow: shadow)
        }
        return [warm, cold, shadowed]
    }
}
