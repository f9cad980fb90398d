import Geometry
import Layout
import Raster
import Typesetting

/// A chip measured by `Button`'s rules (`ButtonGeometry`, DESIGN §5) with its title and
/// emoji shaped once (`FittedText`). A right-to-left title mirrors the chip: icon on the right.
/// A one-line title is measured unconstrained, as UIButton's `sizeThatFits` ignores the offer;
/// a title allowed more lines (`wrappedTitle`) is first set on one line in the width the offer
/// leaves it, shrinking as far as its minimum scale allows, and only when that truncates it
/// wraps there, as a multi-line button title does, the chip growing taller instead of wider
/// ("June 1, 2024" stays one line on a small card; a long range takes two). Placed, such a
/// title is kept within the chip's height, shrinking as far as its minimum scale allows. A chip
/// in a frame of its own (`fitsHeight`) is measured that way too; in a stack it asks for the
/// height it needs, as the stack's other non-shrinking children do, and shrinks only if the
/// stack, out of room, gives it less.
struct ChipLayout: LayoutView {
    enum Glyph: Sendable {
        case icon(Icon, Icon.Style, Color, size: Size)
        case emoji(FittedText)
    }

    let glyph: Glyph?
    /// The title on one line.
    let title: FittedText?
    /// The same title allowed several lines; nil when it may take one.
    let wrappedTitle: FittedText?
    let fields: [EventField]
    let contentInsets: EdgeInsets
    /// Gap between glyph and title: title insets (0, s, 0, −s) and s more on the right content inset.
    let spacing: Double
    let background: Background?
    /// A title that may wrap is fitted to the height offered too (a chip in its own frame).
    let fitsHeight: Bool

    var direction: TextDirection { title?.direction ?? .leftToRight }
    private var effectiveContentInsets: EdgeInsets {
        var insets = contentInsets
        insets.right += spacing
        return insets
    }

    private static let unbounded = Size(width: .infinity, height: .infinity)

    /// The natural sizes (iw, ih) and (tw, th) on the pixel grid for a chip of `offered` size
    /// (which only a title that may wrap heeds, its height only when `heedingHeight`), and the
    /// title chosen for it: on one line, or wrapped when one line would be truncated.
    func contentSizes(offered: Size, heedingHeight: Bool,
                      context: LayoutContext) throws -> (image: Size, title: Size, text: FittedText?) {
        let image: Size
        switch glyph {
        case .icon(_, _, _, let size)?: image = size
        case .emoji(let text)?: image = try text.sizeThatFits(Self.unbounded, context: context)
        case nil: image = .zero
        }
        guard let wrappedTitle, let title, offered.width.isFinite else {
            return (image, try title?.sizeThatFits(Self.unbounded, context: context) ?? .zero, title)
        }
        var offer = Size(width: max(0, offered.width - effectiveContentInsets.horizontal - image.width), height: .infinity)
        if heedingHeight, offered.height.isFinite { offer.height = max(0, offered.height - effectiveContentInsets.vertical) }
        let text = try title.fit(in: offer, grid: context.grid).truncated ? wrappedTitle : title
        return (image, try text.sizeThatFits(offer, context: context), text)
    }

    /// UIButton's `sizeThatFits`: the offer is ignored, but for the width a wrapping title heeds
    /// (and, in a frame of its own, the height).
    func sizeThatFits(_ size: Size, context: LayoutContext) throws -> Size {
        let sizes = try contentSizes(offered: size, heedingHeight: fitsHeight, context: context)
        return context.grid.snap(ButtonGeometry.sizeThatFits(contentEdgeInsets: effectiveContentInsets,
                                                             imageSize: sizes.image, titleSize: sizes.title))
    }

    /// Every part placed in `bounds`, mirrored for a right-to-left title and snapped.
    func resolve(in bounds: Rect, context: LayoutContext) throws -> ResolvedChip {
        let sizes = try contentSizes(offered: bounds.size, heedingHeight: true, context: context)
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
        if let title = sizes.text {
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
        return ResolvedChip(frame: bounds, background: try background(around: resolvedTitle), glyph: resolvedGlyph, title: resolvedTitle)
    }

    /// A capsule around a title of several lines keeps the round ends of a one-line chip
    /// (radius: the top inset and half the first line), rather than becoming a stadium whose
    /// curve cuts into the first and last lines.
    private func background(around title: ResolvedText?) throws -> Background? {
        guard let background, background.cornerRadius.isInfinite, let title, title.lines.count > 1,
              let first = title.lines.first else { return background }
        return try Background(paint: background.paint, cornerRadius: contentInsets.top + first.height / 2, border: background.border)
    }

    func draw(in frame: Rect, on canvas: Canvas, context: LayoutContext) throws {
        ResolvedElement.chip(try resolve(in: frame, context: context)).draw(on: canvas, glyphCache: context.glyphCache)
    }
}
