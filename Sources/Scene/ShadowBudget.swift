import Caching
import Geometry
import Raster

/// The device pixels one render's text shadows may blur, charged label by label as they
/// are resolved, before any text is fitted. A shadow is drawn from a coverage mask of the
/// label's glyphs on the visible canvas, grown by the blur's reach on every side, so a
/// large label at a high scale costs about a canvas of mask; ten thousand such labels
/// would take hours without being over any other limit.
///
/// Label scrims are charged to a budget of their own (`forScrims`): each lays a mask of its
/// lines grown by its feather, or of a band to the canvas's edge.
final class ShadowBudget: Sendable {
    let scale: Double
    let limit: Double
    /// What is charged, and how, for the message: "text shadows", "each shadowed label's …".
    private let charged: (what: String, how: String)
    private let spent = LockedValue<Double>(0)

    init(scale: Double, limit: Double) {
        self.scale = scale
        self.limit = limit
        charged = ("text shadows", "each shadowed label's frame on the canvas and the blur's reach around it")
    }

    private init(scale: Double, limit: Double, charged: (what: String, how: String)) {
        self.scale = scale
        self.limit = limit
        self.charged = charged
    }

    /// The budget for label scrims, counted apart from the shadows'.
    static func forScrims(scale: Double, limit: Double) -> ShadowBudget {
        ShadowBudget(scale: scale, limit: limit,
                     charged: ("text scrims", "each scrimmed label's frame grown by its feather, or a band's rows across the canvas"))
    }

    /// Adds `pixels`; throws `SceneLimitError` once the total is over the limit.
    func charge(_ pixels: Double) throws {
        let total = spent.withLock { spent -> Double in
            spent += pixels
            return spent
        }
        guard total > limit else { return }
        throw SceneLimitError(description: "at scale \(scale) the \(charged.what) need more than \(Int(min(total, 1e15))) device pixels "
            + "of mask (\(charged.how)), over the limit of \(Int(limit)) per render")
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

    /// An upper bound on the mask a scrim lays for text set in `text` (points): the frame
    /// grown by the feather, or for a band the canvas's width by the rows from the frame to
    /// the canvas edge its lines may be nearer (either, for a frame across the middle) and the
    /// feather's beyond; within the canvas, at `scale`.
    static func scrimPixels(text: Rect, featherInPoints: Double, extent: TextScrim.Extent, canvas: Rect, scale: Double) -> Double {
        let masked = scrimReach(text: text, featherInPoints: featherInPoints, extent: extent, canvas: canvas).intersection(canvas)
        return masked.isEmpty ? 0 : masked.width * masked.height * scale * scale
    }

    /// The area (points) a scrim's mask may cover for text set in `text`, before the canvas
    /// bounds it.
    static func scrimReach(text: Rect, featherInPoints: Double, extent: TextScrim.Extent, canvas: Rect) -> Rect {
        switch extent {
        case .lines:
            return text.insetBy(dx: -featherInPoints, dy: -featherInPoints)
        case .band:
            // The lines' centre lies somewhere in the frame: the band may run to either edge
            // that a centre there would choose.
            let toBottom = Rect(x: canvas.minX, y: text.minY - featherInPoints, width: canvas.width,
                                height: canvas.maxY - text.minY + featherInPoints)
            let toTop = Rect(x: canvas.minX, y: canvas.minY, width: canvas.width, height: text.maxY + featherInPoints - canvas.minY)
            let downward = TextScrim.bandRunsToBottom(linesCentreY: text.maxY, canvasHeight: canvas.height)
            let upward = !TextScrim.bandRunsToBottom(linesCentreY: text.minY, canvasHeight: canvas.height)
            return downward && upward ? toBottom.union(toTop) : downward ? toBottom : toTop
        }
    }
}
