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
        let (top, bottom) = lines.midY > canvasSize.height / 2 ? (lines.minY, canvasSize.height + margin) : (-margin, lines.maxY)
        return [Rect(x: -margin, y: top, width: canvasSize.width + 2 * margin, height: bottom - top)]
    }

    /// The layers a scrim may lay: one, then another where the pixels' rounding left the
    /// worst pixel a hair short.
    static let maximumLayers = 3

    /// Lays the scrim under `text` on `canvas` as needed, through `clip` where given; returns
    /// the opacities laid, in 255ths (empty when the ground already gave the contrast). A text
    /// of no one solid colour (a gradient fill) is left as it is: no single contrast judges it.
    @discardableResult
    func lay(under text: ResolvedText, on canvas: Canvas, clip: CoverageMask?) -> [Int] {
        guard let textColor = text.solidColor, textColor.alpha > 0 else { return [] }
        let boxes = text.lineBoxes
        var mask: CoverageMask?
        var laid: [Int] = []
        // The shade is worked out on the two extreme pixels, and the ground read again after
        // it is laid: a pixel's rounding, or another pixel turning out worst, may ask for a
        // second, fainter layer.
        while laid.count < Self.maximumLayers, let ground = canvas.groundExtremes(in: boxes),
              let step = leastOpacity(for: textColor, over: ground) {
            if mask == nil { mask = canvas.featheredMask(around: wholeArea(for: boxes, canvasSize: canvas.size), featherInPoints: featherInPoints) }
            guard let mask else { break }
            canvas.fill(mask, with: .solid(color.withAlpha(Double(step.opacity) / 255)), clip: clip)
            laid.append(step.opacity)
            if !step.reachesMinimum { break }
        }
        return laid
    }

    /// The least opacity, in 255ths, at which the scrim over `ground`'s two extremes gives
    /// text in `textColor` the minimum contrast at both; when no opacity does, the one that
    /// gives the most. Nil when the ground gives the minimum already, or no opacity adds
    /// to it (a scrim colour too near the text's).
    func leastOpacity(for textColor: Color, over ground: GroundExtremes) -> (opacity: Int, reachesMinimum: Bool)? {
        let scrim = Self.bytes(color), darkest = Self.bytes(ground.darkest), lightest = Self.bytes(ground.lightest)
        func contrast(_ opacity: Int) -> Double {
            min(textColor.contrastRatio(asTextOver: Self.composite(scrim, opacity: opacity, over: darkest)),
                textColor.contrastRatio(asTextOver: Self.composite(scrim, opacity: opacity, over: lightest)))
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

    /// A colour's 8-bit channels, as the canvas stores them.
    private static func bytes(_ c: Color) -> [Int] {
        [c.red, c.green, c.blue].map { Int(($0 * 255).rounded()) }
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
