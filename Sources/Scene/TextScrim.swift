import Geometry
import Raster

/// A soft layer of one colour laid under a label's lines only where, and only as strongly
/// as, the ground drawn so far needs it for the text to reach `minimumContrast` (WCAG 2, at
/// the worst pixel under its lines): a title over a photo's bright sky gets a shade, over
/// its dark shadows none. The layer is whole under the lines and fades out
/// `featherInPoints` beyond them (`Canvas.featheredMask`).
public struct TextScrim: Hashable, Sendable {
    /// Where the layer lies whole.
    public enum Extent: String, Hashable, Sendable, CaseIterable {
        /// Under each line's box: a soft shape following the text.
        case lines
        /// Across the canvas's width, from the lines to the canvas edge nearer them (top or
        /// bottom): a band the text sits in, fading out only on the side away from that edge.
        case band
    }

    /// Opaque: how strongly it is laid is decided per card.
    public let color: Color
    public let minimumContrast: Double
    public let featherInPoints: Double
    public let extent: Extent

    public init(color: Color, minimumContrast: Double, featherInPoints: Double, extent: Extent) {
        self.color = color.withAlpha(1)
        self.minimumContrast = minimumContrast
        self.featherInPoints = featherInPoints
        self.extent = extent
    }

    /// The rects the layer lies whole over (canvas points), for lines whose boxes are `boxes`.
    func wholeArea(for boxes: [Rect], canvasSize: Size) -> [Rect] {
        guard extent == .band, let first = boxes.first else { return boxes }
        let lines = boxes.dropFirst().reduce(first) { $0.union($1) }
        // Beyond the canvas on three sides, so the fade shows only on the fourth.
        let margin = featherInPoints + 1
        let toBottom = Self.bandRunsToBottom(linesCentreY: lines.midY, canvasHeight: canvasSize.height)
        let (top, bottom) = toBottom ? (lines.minY, canvasSize.height + margin) : (-margin, lines.maxY)
        return [Rect(x: -margin, y: top, width: canvasSize.width + 2 * margin, height: bottom - top)]
    }

    /// Which edge a band runs to: the bottom when its lines' centre is below the canvas's
    /// middle, else the top. The one rule for the band drawn and for the budget that bounds it
    /// before the lines exist (`ShadowBudget.scrimPixels`).
    static func bandRunsToBottom(linesCentreY: Double, canvasHeight: Double) -> Bool {
        linesCentreY > canvasHeight / 2
    }

    /// The layers a scrim may lay: one worked out on the two extreme pixels, then others
    /// where the ground, read again, shows another pixel turned out worst (a coloured scrim
    /// shades some colours less than others).
    static let maximumLayers = 3

    /// Lays the scrim under `text` on `canvas` as needed, through `clip` where given. A text of
    /// no one solid colour (a gradient fill) is left as it is: no single contrast judges it.
    ///
    /// Returns the ground under the text's lines as it now stands when the last thing done was
    /// to read it there, whole (no clip), so the caller need not read it again; else nil.
    func lay(under text: ResolvedText, on canvas: Canvas, clip: CoverageMask?) -> GroundExtremes? {
        guard let textColor = text.solidColor, textColor.alpha > 0 else { return nil }
        var boxes = text.lineBoxes
        // Lines past the clip are neither shown nor shaded: their ground is not read.
        if let clip {
            let reach = Rect(x: Double(clip.bounds.x) / canvas.scale, y: Double(clip.bounds.y) / canvas.scale,
                             width: Double(clip.bounds.width) / canvas.scale, height: Double(clip.bounds.height) / canvas.scale)
            boxes = boxes.map { $0.intersection(reach) }.filter { $0.width > 0 && $0.height > 0 }
        }
        var mask: CoverageMask?
        var contrastBefore: Double?
        for _ in 0..<Self.maximumLayers {
            guard let ground = canvas.groundExtremes(in: boxes) else { return nil }
            let current = clip == nil ? ground : nil
            let contrast = ground.worstContrast(ofText: textColor).ratio
            // A layer that raised nothing (pixels a clip's edge keeps unshaded) is not repeated.
            if let contrastBefore, contrast <= contrastBefore { return current }
            contrastBefore = contrast
            guard let step = leastOpacity(for: textColor, over: ground) else { return current }
            if mask == nil { mask = canvas.featheredMask(around: wholeArea(for: boxes, canvasSize: canvas.size), featherInPoints: featherInPoints) }
            guard let mask else { return current }
            canvas.fill(mask, with: .solid(color.withAlpha(Double(step.opacity) / 255)), clip: clip)
            if !step.reachesMinimum { return nil }
        }
        return nil
    }

    /// The least opacity, in 255ths, at which the scrim over `ground`'s two extremes gives
    /// text in `textColor` the minimum contrast at both; when no opacity does, the one that
    /// gives the most. Nil when the ground gives the minimum already, or no opacity adds
    /// to it (a scrim colour too near the text's).
    func leastOpacity(for textColor: Color, over ground: GroundExtremes) -> (opacity: Int, reachesMinimum: Bool)? {
        let scrim = Self.bytes(color), darkest = Self.bytes(ground.darkest), lightest = Self.bytes(ground.lightest)
        func contrast(_ opacity: Int) -> Double {
            GroundExtremes(darkest: Self.composite(scrim, opacity: opacity, over: darkest),
                           lightest: Self.composite(scrim, opacity: opacity, over: lightest)).worstContrast(ofText: textColor).ratio
        }
        var best = (opacity: 0, contrast: contrast(0))
        guard best.contrast < minimumContrast else { return nil }
        for opacity in 1...255 {
            let c = contrast(opacity)
            if c >= minimumContrast { return (opacity, true) }
            if c > best.contrast { best = (opacity, c) }
        }
        return best.opacity > 0 ? (best.opacity, false) : nil
    }

    /// An opaque colour's 8-bit channels, as the canvas stores them.
    private static func bytes(_ c: Color) -> [Int] {
        let word = c.withAlpha(1).premultipliedARGB32
        return [16, 8, 0].map { Int(word >> $0 & 0xff) }
    }

    /// `scrim` at `opacity` (255ths) over an opaque `ground`, in the canvas's 8-bit arithmetic
    /// (each product rounded, as pixman's OVER rounds it): a step of opacity that moves no
    /// channel is seen to move none, so a second layer is never a layer that changes nothing.
    private static func composite(_ scrim: [Int], opacity: Int, over ground: [Int]) -> Color {
        func product(_ a: Int, _ b: Int) -> Int {
            let t = a * b + 0x80
            return ((t >> 8) + t) >> 8
        }
        let channels = (0..<3).map { Double(product(scrim[$0], opacity) + product(ground[$0], 255 - opacity)) / 255 }
        return Color(red: channels[0], green: channels[1], blue: channels[2])
    }
}
