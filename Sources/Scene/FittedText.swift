import Caching
import Geometry
import Layout
import Raster
import Typesetting

/// A label's text shaped once (`ShapedLabel`), laid out for as many boxes as the resolver
/// asks about — each box once — and resolved into the text a card draws. Measuring and
/// drawing both go through `Label`'s own layout, so a card shows exactly what a `Label`
/// would, without shaping the text again for every question (measured by a stack,
/// reported, drawn).
struct FittedText: LayoutView {
    let string: String
    let sizeInPoints: Double
    let verticalAlignment: VerticalTextAlignment
    /// Where the text's colour came from, reported with it (`ResolvedText.color`).
    let color: ColorReference?
    let scrim: TextScrim?
    private let shaped: ShapedLabel
    private let layouts = LockedValue<[Size: LabelLayout]>([:])

    init(_ string: String, attributes: TextAttributes, context: LayoutContext, numberOfLines: Int,
         lineBreakMode: LineBreakMode, alignment: TextLayoutOptions.Alignment,
         wrap: TextLayoutOptions.Wrap = .greedy, adjustsFontSize: Bool = false, minimumScaleFactor: Double = 1,
         lineHeightMultiple: Double = 1, verticalAlignment: VerticalTextAlignment = .center,
         shadow: TextShadow? = nil, scrim: TextScrim? = nil, color: ColorReference? = nil, shapedAs sibling: FittedText? = nil) throws {
        let label = try Label(string, attributes: attributes, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
                              alignment: alignment, wrap: wrap, adjustsFontSizeToFitWidth: adjustsFontSize,
                              minimumScaleFactor: minimumScaleFactor, lineHeightMultiple: lineHeightMultiple, shadow: shadow)
        self.string = string
        sizeInPoints = attributes.sizeInPoints
        self.verticalAlignment = verticalAlignment
        self.color = color
        self.scrim = scrim
        // A sibling showing the same text (a chip's title on one line and wrapped) lends its shaping.
        shaped = try sibling?.shaped.relabelled(label) ?? ShapedLabel(label, context: context)
    }

    var direction: TextDirection { shaped.direction }

    /// The layout for a box of `size` points, computed the first time its box is asked for.
    func fit(in size: Size, grid: PixelGrid) throws -> LabelLayout {
        let box = ShapedLabel.box(offered: size, grid: grid)
        if let known = layouts.withLock({ $0[box] }) { return known }
        let layout = try shaped.layout(in: size, grid: grid)
        layouts.withLock { $0[box] = layout }
        return layout
    }

    /// `Label.sizeThatFits` on the layouts kept here.
    func sizeThatFits(_ size: Size, context: LayoutContext) throws -> Size {
        let grid = context.grid
        return try shaped.sizeThatFits(size, grid: grid) { try fit(in: $0, grid: grid) }
    }

    /// The text fitted into `frame`, ready to draw.
    func resolve(in frame: Rect, fields: [EventField], context: LayoutContext) throws -> ResolvedText {
        let fit = try fit(in: frame.size, grid: context.grid)
        // Label's layout centres the lines in the box; the other alignments move them by
        // half the room left over.
        let room = fit.box.height.isFinite ? max(0, fit.box.height - fit.size.height) : 0
        let shift = switch verticalAlignment { case .top: -room / 2; case .center: 0.0; case .bottom: room / 2 }
        return ResolvedText(text: string, fields: fields, frame: frame, requestedFontSizeInPoints: sizeInPoints,
                            fontScale: fit.fontScale, lines: fit.lines, linesOffsetY: fit.linesOffsetY + shift,
                            truncated: fit.truncated, missingGlyphs: fit.missingGlyphs, shadow: shaped.label.shadow,
                            scrim: scrim, direction: direction, color: color)
    }

    func draw(in frame: Rect, on canvas: Canvas, context: LayoutContext) throws {
        ResolvedElement.text(try resolve(in: frame, fields: [], context: context)).draw(on: canvas, glyphCache: context.glyphCache)
    }
}
