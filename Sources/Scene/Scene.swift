import Geometry
import Raster

/// A resolved drawing: canvas size, background and elements, with every file already read
/// and every value validated, so rendering cannot fail.
public struct Scene: Sendable {
    public let size: Size
    public let scale: Double
    public let background: Paint
    public let elements: [SceneElement]

    public init(size: Size, scale: Double = 1, background: Paint = .solid(.white), elements: [SceneElement]) {
        self.size = size
        self.scale = scale
        self.background = background
        self.elements = elements
    }
}

/// One thing drawn, in painter's order.
public indirect enum SceneElement: Sendable {
    case shape(Path, fill: Paint?, fillRule: FillRule, stroke: (Paint, StrokeStyle)?)
    case image(Image, frame: Rect, contentMode: ContentMode, clipsToBounds: Bool, filters: [Filter])
    /// Children drawn as one layer: clipped to a (rounded) rectangle, then filtered.
    case group([SceneElement], clip: (rect: Rect, cornerRadius: Double)?, filters: [Filter])
    /// The canvas as drawn so far, drawn again into `frame`; `levels` times over, each time
    /// from the result of the previous level (a picture within a picture).
    case snapshot(frame: Rect, contentMode: ContentMode, levels: Int)
}
