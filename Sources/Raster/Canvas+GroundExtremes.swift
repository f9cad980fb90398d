import Foundation
import Geometry

/// The darkest and the lightest pixel of some region of a canvas, by WCAG 2 relative
/// luminance: against any one colour, one of the two is where WCAG 2 contrast is lowest.
public struct GroundExtremes: Hashable, Sendable {
    public let darkest: Color
    public let lightest: Color

    public init(darkest: Color, lightest: Color) {
        self.darkest = darkest
        self.lightest = lightest
    }

    /// Every pixel of the region had the same colour.
    public var isUniform: Bool { darkest == lightest }

    /// The WCAG 2 contrast of text in `color` over this ground where it is lowest, and the
    /// pixel there: the lightest or the darkest (the darkest on a tie).
    public func worstContrast(ofText color: Color) -> (ratio: Double, ground: Color) {
        let dark = color.contrastRatio(asTextOver: darkest)
        let light = color.contrastRatio(asTextOver: lightest)
        return light < dark ? (light, lightest) : (dark, darkest)
    }
}

extension Canvas {
    /// The darkest and lightest device pixels inside `rects` (points; parts outside the canvas
    /// ignored), as they are now; nil when the rects cover no pixel. A pixel counts whose
    /// centre lies inside a rect. Pixels are read as premultiplied, so a translucent one is
    /// judged as it would show over black (a card's ground is opaque).
    public func groundExtremes(in rects: [Rect]) -> GroundExtremes? {
        var darkest = (luminance: Double.infinity, pixel: UInt32(0))
        var lightest = (luminance: -Double.infinity, pixel: UInt32(0))
        Self.linearChannel.withUnsafeBufferPointer { linear in
            for rect in rects {
                // Pixel i covers [i, i+1) device pixels; its centre i + ½ lies inside when
                // minX ≤ i + ½ < maxX.
                let x0 = max(0, Int((rect.minX * scale - 0.5).rounded(.up)))
                let x1 = min(pixelWidth, Int((rect.maxX * scale - 0.5).rounded(.up)))
                let y0 = max(0, Int((rect.minY * scale - 0.5).rounded(.up)))
                let y1 = min(pixelHeight, Int((rect.maxY * scale - 0.5).rounded(.up)))
                guard x0 < x1, y0 < y1 else { continue }
                for y in y0..<y1 {
                    let row = buffer.pixels + y * pixelWidth
                    // A row the same as the one above adds nothing (a solid or vertical ground is
                    // read in one row and compared in the rest).
                    if y > y0, memcmp(row + x0, row - pixelWidth + x0, (x1 - x0) * MemoryLayout<UInt32>.size) == 0 { continue }
                    var previous = ~row[x0]
                    for x in x0..<x1 {
                        let p = row[x]
                        // A ground is mostly runs of one colour: each colour is weighed once a run.
                        if p == previous { continue }
                        previous = p
                        let l = 0.2126 * linear[Int(p >> 16 & 0xff)] + 0.7152 * linear[Int(p >> 8 & 0xff)] + 0.0722 * linear[Int(p & 0xff)]
                        if l < darkest.luminance { darkest = (l, p) }
                        if l > lightest.luminance { lightest = (l, p) }
                    }
                }
            }
        }
        guard darkest.luminance.isFinite else { return nil }
        func color(_ p: UInt32) -> Color {
            Color(red: Double(p >> 16 & 0xff) / 255, green: Double(p >> 8 & 0xff) / 255, blue: Double(p & 0xff) / 255)
        }
        return GroundExtremes(darkest: color(darkest.pixel), lightest: color(lightest.pixel))
    }

    /// WCAG 2's linear value of each 8-bit sRGB channel value, as `Color.relativeLuminance`
    /// computes it.
    private static let linearChannel: [Double] = (0..<256).map { Color.linear(Double($0) / 255) }
}
