import Geometry
import Layout
import Raster
import Typesetting

/// A card design as data: canvas size, background and elements whose text and colours may
/// refer to the event and the palette. Parsed and checked once (`Template(contentsOf:)`);
/// rendering a valid template cannot fail.
public struct Template: Sendable {
    public let name: String
    public let description: String
    /// The card's size in points (pixels at scale 1).
    public let size: Size
    public let background: PaintReference
    public let elements: [TemplateElement]
    /// A hash of the file and the images it uses: changes whenever the design does.
    public let version: String
    /// The index in `elements` of the image the event's photo replaces (`"eventPhoto": true`
    /// in the file), if any.
    public internal(set) var eventPhotoElement: Int? = nil
}

/// Event fields a template can show: `{title}`, `{date}`, `{subtitle}`, `{emoji}`.
public enum EventField: String, Sendable, CaseIterable {
    case title, date, subtitle, emoji
}

/// Text with `{field}` placeholders, checked when the template is read.
public struct TextTemplate: Hashable, Sendable {
    public let source: String
    /// The fields it uses; an element showing this text is skipped when one is missing.
    public let fields: [EventField]
}

/// How a piece of text looks in a template.
public struct TextStyle: Hashable, Sendable {
    public let family: String
    public let weight: FontWeight
    public let sizeInPoints: Double
    public let color: ColorReference
    public let trackingInThousandthsOfEm: Double
}

public struct LabelElement: Sendable {
    public let text: TextTemplate
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
    public let text: TextTemplate
    public let style: TextStyle
    public let background: ColorReference?
    /// nil: a capsule.
    public let cornerRadius: Double?
    public let contentInsets: EdgeInsets
    /// Gap between icon and title (the equal-and-opposite insets rule).
    public let spacing: Double
}

public enum TemplateElement: Sendable {
    case label(LabelElement, frame: Rect)
    /// A chip of its natural size, placed in `frame` by `alignment` (left, center, right).
    case chip(ChipElement, frame: Rect, alignment: ContentHorizontalAlignment)
    /// Labels and chips stacked vertically and centred as a group in `frame`: the group
    /// adapts to a short or a long title.
    case stack([StackItem], frame: Rect, spacing: Double)
    case shape(Path, fill: PaintReference?, fillRule: FillRule, stroke: (PaintReference, StrokeStyle)?)
    case pattern(Pattern, frame: Rect)
    case image(Image, frame: Rect, contentMode: ContentMode, cornerRadius: Double, filters: [Filter])
    /// The card drawn so far, drawn again into `frame`, `levels` times.
    case snapshot(frame: Rect, levels: Int)

    public enum StackItem: Sendable {
        case label(LabelElement)
        case chip(ChipElement)
    }
}

extension Template {
    /// The largest scale a card is rendered at.
    public static let maximumScale = 3
    /// At most this many device pixels per render at `maximumScale`: 50 million, 200 MB.
    public static let maximumPixelsPerRender = 50_000_000.0

    /// Device pixels a render at `maximumScale` allocates and works through: the canvas, one
    /// copy of it per snapshot level, and the pixels of every image (read again for each
    /// filter, and once more to shrink it).
    static func pixelCost(size: Size, elements: [TemplateElement]) -> Double {
        let k = Double(maximumScale)
        let canvas = (size.width * k).rounded() * (size.height * k).rounded()
        return elements.reduce(canvas) { total, element in
            switch element {
            case .snapshot(_, let levels): return total + canvas * Double(levels)
            case .image(let image, _, _, _, let filters): return total + Double(image.width * image.height) * Double(1 + filters.count)
            default: return total
            }
        }
    }
}
