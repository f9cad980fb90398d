import CRasterKernels
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
        var search = ExtremeSearch(linear: Self.linearChannel)
        for rect in rects {
            // Pixel i covers [i, i+1) device pixels; its centre i + ½ lies inside when
            // minX ≤ i + ½ < maxX.
            let x0 = max(0, Int((rect.minX * scale - 0.5).rounded(.up)))
            let x1 = min(pixelWidth, Int((rect.maxX * scale - 0.5).rounded(.up)))
            let y0 = max(0, Int((rect.minY * scale - 0.5).rounded(.up)))
            let y1 = min(pixelHeight, Int((rect.maxY * scale - 0.5).rounded(.up)))
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 {
                let row = readableRow(y)
                // A row the same as the one above adds nothing (a solid or vertical ground is
                // read in one row and compared in the rest; rows not drawn on yet are one row).
                if y > y0, case let above = readableRow(y - 1),
                   above == row || memcmp(row + x0, above + x0, (x1 - x0) * MemoryLayout<UInt32>.size) == 0 { continue }
                search.read(UnsafeBufferPointer(start: row + x0, count: x1 - x0))
            }
        }
        guard let darkest = search.darkest, let lightest = search.lightest else { return nil }
        func color(_ p: UInt32) -> Color {
            Color(red: Double(p >> 16 & 0xff) / 255, green: Double(p >> 8 & 0xff) / 255, blue: Double(p & 0xff) / 255)
        }
        return GroundExtremes(darkest: color(darkest), lightest: color(lightest))
    }

    /// WCAG 2's linear value of each 8-bit sRGB channel value, as `Color.relativeLuminance`
    /// computes it.
    private static let linearChannel: [Double] = (0..<256).map { Color.linear(Double($0) / 255) }
}

/// The darkest and lightest of the pixels read so far, by WCAG 2 relative luminance, the first
/// read winning a tie. Luminance is a weighted mean of the channels' linear values, so it lies
/// between the linear values of a pixel's least and greatest channel: a pixel whose least
/// channel is above `darkBound`, or greatest below `lightBound`, cannot win (the bounds leave a
/// margin for the mean's rounding); nor can a pixel the same as the darkest or lightest found.
/// Such pixels are put aside sixteen at a time by comparing bytes and words
/// (`sc_next_extreme_candidate`). Only those left have their luminance worked out, in the order
/// a reading one pixel at a time takes: the same pixels win.
private struct ExtremeSearch {
    let linear: [Double]
    private(set) var darkest: UInt32?, lightest: UInt32?
    private var darkestLuminance = Double.infinity, lightestLuminance = -Double.infinity
    /// The greatest least-channel that may still be darker, the least greatest-channel that may
    /// still be lighter.
    private var darkBound: UInt32 = 255, lightBound: UInt32 = 0

    init(linear: [Double]) {
        self.linear = linear
    }

    mutating func read(_ pixels: UnsafeBufferPointer<UInt32>) {
        guard let base = pixels.baseAddress else { return }
        var i = 0
        while i < pixels.count {
            // Before the first pixel is weighed, any value but that pixel's stands for the two
            // found: the pixel is weighed, then they are real.
            let none = ~base[i]
            i += sc_next_extreme_candidate(base + i, pixels.count - i, darkBound, lightBound, darkest ?? none, lightest ?? none)
            guard i < pixels.count else { return }
            weigh(base[i])
            i += 1
        }
    }

    private mutating func weigh(_ p: UInt32) {
        let l = linear.withUnsafeBufferPointer { linear in
            0.2126 * linear[Int(p >> 16 & 0xff)] + 0.7152 * linear[Int(p >> 8 & 0xff)] + 0.0722 * linear[Int(p & 0xff)]
        }
        if l < darkestLuminance {
            darkestLuminance = l
            darkest = p
            darkBound = greatestChannel(withLinearAtMost: l)
        }
        if l > lightestLuminance {
            lightestLuminance = l
            lightest = p
            lightBound = leastChannel(withLinearAtLeast: l)
        }
    }

    /// The weights sum to 1 within a few units in the last place, and each product and sum
    /// rounds once: a relative margin of 1e-12 covers both.
    private static let margin = 1e-12

    /// The greatest channel value whose linear value is at most `l` (plus the margin): a pixel
    /// whose least channel is above it is lighter than `l`.
    private func greatestChannel(withLinearAtMost l: Double) -> UInt32 {
        let limit = l + abs(l) * Self.margin + Self.margin
        var low = 0, high = 255
        while low < high {
            let middle = (low + high + 1) / 2
            if linear[middle] <= limit { low = middle } else { high = middle - 1 }
        }
        return UInt32(low)
    }

    /// The least channel value whose linear value is at least `l` (less the margin).
    private func leastChannel(withLinearAtLeast l: Double) -> UInt32 {
        let limit = l - abs(l) * Self.margin - Self.margin
        var low = 0, high = 255
        while low < high {
            let middle = (low + high) / 2
            if linear[middle] >= limit { high = middle } else { low = middle + 1 }
        }
        return UInt32(low)
    }
}
