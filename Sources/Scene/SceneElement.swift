import Geometry
import Layout
import Raster
import Typesetting

/// One element of a scene, drawn in painter's order. Frames are `Frame`s, placed when the
/// scene is resolved; text and colours are references, filled in then.
public indirect enum SceneElement: Sendable {
    case shape(ShapeElement)
    case image(ImageElement)
    case label(LabelElement, frame: Frame)
    /// A chip of its natural size, placed in `frame` by `alignment` (mirrored right to left).
    case chip(ChipElement, frame: Frame, alignment: ContentHorizontalAlignment)
    /// Labels and chips stacked vertically and centred as a group in `frame`.
    case stack([StackItem], frame: Frame, spacing: Double)
    case pattern(Pattern, frame: Frame)
    /// Children drawn as one layer: clipped to a (rounded) rectangle, then filtered.
    case group([SceneElement], clip: (frame: Frame, cornerRadius: Double)?, filters: [Filter])
    /// The canvas as drawn so far, drawn again into `frame`; `levels` times over, each time
    /// from the result of the previous level (a picture within a picture).
    case snapshot(frame: Frame, contentMode: ContentMode, levels: Int)

    public enum StackItem: Sendable {
        case label(LabelElement)
        case chip(ChipElement)
    }
}

public struct ShapeElement: Sendable {
    public enum Outline: Sendable {
        case rect(cornerRadius: Double)
        case ellipse
        /// SVG path data in the scene's design coordinates.
        case path(Path)
    }
    public let outline: Outline
    /// Where a rect or an ellipse goes; nil for a path.
    public let frame: Frame?
    public let fill: PaintReference?
    public let fillRule: FillRule
    public let stroke: (paint: PaintReference, style: StrokeStyle)?
}

/// Where an image's pixels come from. A card's own photo would be another case here.
public enum ImageSource: Sendable {
    /// A file beside the scene, decoded on first use.
    case asset(ImageAsset)
}

public struct ImageElement: Sendable {
    public let source: ImageSource
    public let frame: Frame
    public let contentMode: ContentMode
    public let clipsToBounds: Bool
    /// Rounds the clip (implies clipping when above zero).
    public let cornerRadius: Double
    public let filters: [Filter]
}

/// How a piece of text looks.
public struct TextStyle: Hashable, Sendable {
    public let family: String
    public let weight: FontWeight
    public let sizeInPoints: Double
    public let color: ColorReference
    public let trackingInThousandthsOfEm: Double
}

/// A `Label`: fitted, shrunk down to `minimumScaleFactor`, truncated with an ellipsis last.
public struct LabelElement: Sendable {
    public let text: TextReference
    public let style: TextStyle
    public let maxLines: Int
    public let alignment: TextLayoutOptions.Alignment
    public let wrap: TextLayoutOptions.Wrap
    public let minimumScaleFactor: Double
    public let lineHeightMultiple: Double
    public let shadow: (offset: Point, blur: Double, color: ColorReference)?
}

/// A capsule or rounded chip with an icon (or the event's emoji) and a title: a `Button`.
public struct ChipElement: Sendable {
    public enum Glyph: Sendable {
        case icon(Icon, Icon.Style)
        case emoji
    }
    public let glyph: Glyph?
    public let text: TextReference
    public let style: TextStyle
    public let background: ColorReference?
    /// nil: a capsule.
    public let cornerRadius: Double?
    public let contentInsets: EdgeInsets
    /// Gap between icon and title (the equal-and-opposite insets rule).
    public let spacing: Double
}
