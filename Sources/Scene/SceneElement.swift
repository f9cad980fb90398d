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
    /// A chip of its natural size, placed in `frame` by `alignment`.
    case chip(ChipElement, frame: Frame, alignment: ChipAlignment)
    /// Labels and chips stacked vertically in `frame`: centred as a group, or spread from its
    /// top to its bottom (`StackSpread`).
    case stack([StackItem], frame: Frame, spacing: Double, spread: StackSpread = .centered)
    case pattern(Pattern, frame: Frame)
    /// Children drawn as one layer: clipped to a (rounded) rectangle, then filtered.
    case group([SceneElement], clip: (frame: Frame, cornerRadius: Double)?, filters: [Filter])
    /// The canvas as drawn so far, drawn again into `frame`; `levels` times over, each time
    /// from the result of the previous level (a picture within a picture).
    case snapshot(frame: Frame, contentMode: ContentMode, levels: Int)
    /// An element with an `id`, whose placed frame later frames may refer to.
    case named(String, SceneElement)
    /// One of several lists of elements, chosen when the scene is resolved.
    case choice(Choice)

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

/// Where an image's pixels come from.
public enum ImageSource: Sendable {
    /// A file beside the scene, decoded on first use.
    case asset(ImageAsset)
    /// The event's own photo (`SceneBindings.photo`); without one, `placeholder` is drawn,
    /// or nothing when there is none.
    case eventPhoto(placeholder: ImageAsset?)
}

public struct ImageElement: Sendable {
    public let source: ImageSource
    public let frame: Frame
    public let contentMode: ContentMode
    public let clipsToBounds: Bool
    /// Rounds the clip (implies clipping when above zero).
    public let cornerRadius: Double
    /// Lengths in the image's pixels; for the event photo (and its placeholder) in points.
    public let filters: [Filter]
    /// What an aspect-filled event photo is cropped to.
    public var crop: PhotoCrop = .faces
    /// Whether the element is its frame or the image fitted into it.
    public var sizing: ImageSizing = .frame
}

/// What an aspect-filled event photo is cropped to (`"crop"` on an image).
public enum PhotoCrop: String, Hashable, Sendable, CaseIterable {
    /// Every face, with headroom (`Framing`); the centre without faces.
    case faces
    /// The main face alone, head and shoulders (`FaceCrop`); the centre without faces.
    case mainFace
}

/// How a piece of text looks.
public struct TextStyle: Hashable, Sendable {
    public let family: String
    public let weight: FontWeight
    /// Points, or a share of the canvas (`vmin`, `vw`, …), resolved per canvas.
    public let size: Length
    public let color: ColorReference
    public let trackingInThousandthsOfEm: Double

    /// What a `font` leaving a field out takes it from, and what a label or chip without
    /// `font` is set in: Quicksand Bold at 60 points in the foreground colour, no tracking.
    public static let defaults = TextStyle(family: "Quicksand", weight: FontWeight(700)!, size: .points(60),
                                           color: .foreground(alpha: 1), trackingInThousandthsOfEm: 0)
}

/// A `Label`: fitted, shrunk down to `minimumScaleFactor`, truncated with an ellipsis last.
public struct LabelElement: Sendable {
    public let text: TextReference
    public let style: TextStyle
    public let maxLines: LineLimit
    public let alignment: TextLayoutOptions.Alignment
    public let wrap: TextLayoutOptions.Wrap
    public let minimumScaleFactor: Double
    public let lineHeightMultiple: Double
    public let verticalAlignment: VerticalTextAlignment
    public let shadow: (offset: Point, blur: Double, color: ColorReference)?
    /// Laid under the lines as the ground needs it (`TextScrim`); the colour's opacity is
    /// decided per card, so any it is given is ignored.
    public let scrim: (color: ColorReference, minimumContrast: Double, featherInPoints: Double, extent: TextScrim.Extent)?
}

/// Where a label's lines sit in a box taller than they are: centred as UILabel centres them,
/// or against the box's top or bottom edge (a title resting on an accent bar).
public enum VerticalTextAlignment: String, Hashable, Sendable, CaseIterable {
    case top, center, bottom
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
    public let contentInsets: ChipInsets
    /// Gap between icon and title (the equal-and-opposite insets rule).
    public let spacing: ChipLength
    /// How far the title may shrink when the chip is narrower than its natural width (its
    /// frame, or a stack's column) or, wrapped, taller than its frame, before it is truncated;
    /// 1, the default, never shrinks.
    public let minimumScaleFactor: Double
    /// Lines the title may take (1, the default, to 3), balanced; a longer one wraps at the
    /// width the chip's frame or column leaves it.
    public let maxLines: Int
}

/// Where a chip sits in its frame; `leading` and `trailing` follow the title's direction.
public enum ChipAlignment: String, Hashable, Sendable, CaseIterable {
    case left, center, right, leading, trailing

    func resolved(_ direction: TextDirection) -> ChipAlignment {
        switch self {
        case .leading: return direction == .rightToLeft ? .right : .left
        case .trailing: return direction == .rightToLeft ? .left : .right
        default: return self
        }
    }
}

/// A label's line limit (0 = none), one number or one per canvas shape, so a story can
/// give a long title more lines than a landscape card.
public struct LineLimit: Hashable, Sendable {
    public let landscape: Int
    public let square: Int
    public let portrait: Int
    public let wide: Int
    public let tall: Int

    public init(_ all: Int) { (landscape, square, portrait, wide, tall) = (all, all, all, all, all) }
    /// `wide` defaults to the landscape limit, `tall` to the portrait one.
    public init(landscape: Int, square: Int, portrait: Int, wide: Int? = nil, tall: Int? = nil) {
        (self.landscape, self.square, self.portrait, self.wide) = (landscape, square, portrait, wide ?? landscape)
        self.tall = tall ?? portrait
    }

    /// The limit for the canvas's `CanvasShape`.
    public func lines(for canvas: Size) -> Int {
        switch CanvasShape(canvas) {
        case .wide: return wide
        case .tall: return tall
        case .landscape: return landscape
        case .square: return square
        case .portrait: return portrait
        }
    }
}
