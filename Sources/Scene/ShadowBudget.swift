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
        let moved = Rect(x: (text.minX + offset.x) * scale, y: (text.minY + offset.y) * scale,
                         width: text.width * scale, height: text.height * scale)
        let reachable = Rect(x: canvas.minX * scale - reach, y: canvas.minY * scale - reach,
                             width: canvas.width * scale + 2 * reach, height: canvas.height * scale + 2 * reach)
        let left = max(moved.minX, reachable.minX), right = min(moved.maxX, reachable.maxX)
        let top = max(moved.minY, reachable.minY), bottom = min(moved.maxY, reachable.maxY)
        guard right > left, bottom > top else { return 0 }
        return (right - left + 2 * reach) * (bottom - top + 2 * reach)
    }
}
