import Geometry
import Layout
import Raster
import Typesetting

/// A chip measured by `Button`'s rules (`ButtonGeometry`, DESIGN §5) with its title and
/// emoji shaped once (`FittedText`). A right-to-left title mirrors the chip: icon on the right.
struct ChipLayout: LayoutView {
    enum Glyph: Sendable {
        case icon(Icon, Icon.Style, Color, size: Size)
        case emoji(FittedText)
    }

    let glyph: Glyph?
    let title: FittedText?
    let fields: [EventField]
    let contentInsets: EdgeInsets
    /// Gap between glyph and title: title insets (0, s, 0, −s) and s more on the right content inset.
    let spacing: Double
    let background: Background?

    var direction: TextDirection { title?.direction ?? .leftToRight }
    private var effectiveContentInsets: EdgeInsets {
        var insets = contentInsets
        insets.right += spacing
        return insets
    }

    private static let unbounded = Size(width: .infinity, height: .infinity)

    /// The natural sizes (iw, ih) and (tw, th) on the pixel grid.
    func contentSizes(context: LayoutContext) throws -> (image: Size, title: Size) {
        let image: Size
        switch glyph {
        case .icon(_, _, _, let size)?: image = size
        case .emoji(let text)?: image = try text.sizeThatFits(Self.unbounded, context: context)
        case nil: image = .zero
        }
        return (image, try title?.sizeThatFits(Self.unbounded, context: context) ?? .zero)
    }

    /// UIButton's `sizeThatFits`: the offer is ignored.
    func sizeThatFits(_ size: Size, context: LayoutContext) throws -> Size {
        let sizes = try contentSizes(context: context)
        return context.grid.snap(ButtonGeometry.sizeThatFits(contentEdgeInsets: effectiveContentInsets,
                                                             imageSize: sizes.image, titleSize: sizes.title))
    }

    /// Every part placed in `bounds`, mirrored for a right-to-left title and snapped.
    func resolve(in bounds: Rect, context: LayoutContext) throws -> ResolvedChip {
        let sizes = try contentSizes(context: context)
        let geometry = ButtonGeometry(bounds: bounds, contentEdgeInsets: effectiveContentInsets,
                                      titleEdgeInsets: EdgeInsets(top: 0, left: spacing, bottom: 0, right: -spacing),
                                      imageSize: sizes.image, titleSize: sizes.title)
        let direction = self.direction
        func final(_ rect: Rect) -> Rect {
            let mirrored = direction == .rightToLeft
                ? Rect(x: bounds.minX + bounds.maxX - rect.maxX, y: rect.minY, width: rect.width, height: rect.height) : rect
            return context.grid.snap(mirrored)
        }
        var resolvedTitle: ResolvedText?
        if let title {
            let frame = final(geometry.titleFrame)
            if frame.width > 0 { resolvedTitle = try title.resolve(in: frame, fields: fields, context: context) }
        }
        var resolvedGlyph: ResolvedChip.Glyph?
        switch glyph {
        case .icon(let icon, let style, let color, _)?:
            resolvedGlyph = .icon(icon, style, color, frame: final(geometry.imageFrame))
        case .emoji(let text)?:
            resolvedGlyph = .emoji(try text.resolve(in: final(geometry.imageFrame), fields: [.emoji], context: context))
        case nil:
            break
        }
        return ResolvedChip(frame: bounds, background: background, glyph: resolvedGlyph, title: resolvedTitle)
    }

    func draw(in frame: Rect, on canvas: Canvas, context: LayoutContext) throws {
        ResolvedElement.chip(try resolve(in: frame, context: context)).draw(on: canvas, glyphCache: context.glyphCache)
    }
}
