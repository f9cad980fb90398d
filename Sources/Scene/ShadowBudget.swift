import Caching
import Geometry
import Raster

/// The device pixels one render's text shadows may blur, charged label by label as they
/// are resolved, before any text is fitted. A shadow is drawn from a coverage mask of the
/// label's glyphs on the visible canvas, grown by the blur's reach on every side, so a
/// large label at a high scale costs about a canvas of mask; ten thousand such labels
/// would take hours without being over any other limit.
final class ShadowBudget: Sendable {
    let scale: Double
    let limit: Double
    private let spent = LockedValue<Double>(0)

    init(scale: Double, limit: Double) {
        self.scale = scale
        self.limit = limit
    }

    /// Adds `pixels`; throws `SceneLimitError` once the total is over the limit.
    func charge(_ pixels: Double) throws {
        let total = spent.withLock { spent -> Double in
            spent += pixels
            return spent
        }
        guard total > limit else { return }
        throw SceneLimitError(description: "at scale \(scale) the text shadows need more than \(Int(min(total, 1e15))) device pixels "
            + "of mask (each shadowed label's frame on the canvas and the blur's reach around it), over the limit of \(Int(limit)) per render")
    }

    /// An upper bound on the mask a shadow blurs for text set in `text` (points): the frame,
    /// moved by `offset`, within the canvas grown by the blur's reach (beyond it nothing
    /// blurs into view), then grown by the reach, at `scale`. The reach is the one
    /// `Canvas.draw(_:cache:shadow:clip:)` uses: 3σ with σ half the blur, at most 500 pixels.
    static func maskPixels(text: Rect, offset: Point, blurInPoints: Double, canvas: Rect, scale: Double) -> Double {
        let reach = (3 * min(blurInPoints / 2 * scale, 500)).rounded(.up) + 1
        func pixels(_ r: Rect) -> Rect { Rect(x: r.minX * scale, y: r.minY * scale, width: r.width * scale, height: r.height * scale) }
        let masked = pixels(text.offsetBy(dx: offset.x, dy: offset.y))
            .intersection(pixels(canvas).insetBy(dx: -reach, dy: -reach))
        guard !masked.isEmpty else { return 0 }
        return (masked.width + 2 * reach) * (masked.height + 2 * reach)
    }
}
