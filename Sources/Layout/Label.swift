import Geometry
import Raster
import Typesetting

/// UIKit's `UILabel` as a value: text with a line limit, a line break mode, an alignment
/// and optional shrinking, measured and drawn through one `TextLayout`.
///
/// Everything goes through `layout(in:context:)`: `sizeThatFits` is that layout's size
/// rounded up to the pixel grid, and `draw` paints the layout of the frame it is given, so
/// a label drawn in the size it asked for shows exactly the lines it measured. The box
/// handed to the typesetter is the offered size floored to the pixel grid (at least one
/// device pixel): frames live on that grid, so measuring anywhere else would measure a
/// width that is never drawn.
public struct Label: LayoutView {
    public let text: AttributedText
    /// At most this many lines; 0 means no limit. UILabel's default is 1.
    public let numberOfLines: Int
    public let lineBreakMode: LineBreakMode
    public let alignment: TextLayoutOptions.Alignment
    /// First fit, as UILabel; `.balanced` evens the lines out.
    public let wrap: TextLayoutOptions.Wrap
    /// Shrinks every font size by one factor, no further than `minimumScaleFactor`, until the
    /// text fits the width and the line limit (multi-line labels too). Text that still does
    /// not fit is truncated with an ellipsis (at the tail for the non-truncating modes).
    public let adjustsFontSizeToFitWidth: Bool
    public let minimumScaleFactor: Double
    public let lineHeightMultiple: Double
    /// Shapes the text in this language instead of the context's.
    public let language: LanguageTag?
    public let shadow: TextShadow?

    public init(text: AttributedText, numberOfLines: Int = 1, lineBreakMode: LineBreakMode = .truncatingTail,
                alignment: TextLayoutOptions.Alignment = .natural, wrap: TextLayoutOptions.Wrap = .greedy,
                adjustsFontSizeToFitWidth: Bool = false, minimumScaleFactor: Double = 1,
                lineHeightMultiple: Double = 1, language: LanguageTag? = nil, shadow: TextShadow? = nil) throws {
        guard numberOfLines >= 0, numberOfLines <= 10_000 else {
            throw LayoutError.invalidArgument("numberOfLines must be 0…10000 (0 = unlimited), got \(numberOfLines)")
        }
        guard minimumScaleFactor.isFinite, minimumScaleFactor > 0, minimumScaleFactor <= 1 else {
            throw LayoutError.invalidArgument("minimumScaleFactor must be in (0, 1], got \(minimumScaleFactor)")
        }
        guard lineHeightMultiple.isFinite, lineHeightMultiple >= 0.5, lineHeightMultiple <= 4 else {
            throw LayoutError.invalidArgument("lineHeightMultiple must be 0.5…4, got \(lineHeightMultiple)")
        }
        self.text = text
        self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode
        self.alignment = alignment
        self.wrap = wrap
        self.adjustsFontSizeToFitWidth = adjustsFontSizeToFitWidth
        self.minimumScaleFactor = minimumScaleFactor
        self.lineHeightMultiple = lineHeightMultiple
        self.language = language
        self.shadow = shadow
    }

    /// A label of one string in one style.
    public init(_ string: String, attributes: TextAttributes, numberOfLines: Int = 1,
                lineBreakMode: LineBreakMode = .truncatingTail, alignment: TextLayoutOptions.Alignment = .natural,
                wrap: TextLayoutOptions.Wrap = .greedy, adjustsFontSizeToFitWidth: Bool = false,
                minimumScaleFactor: Double = 1, lineHeightMultiple: Double = 1, language: LanguageTag? = nil,
                shadow: TextShadow? = nil) throws {
        try self.init(text: AttributedText(string, attributes: attributes), numberOfLines: numberOfLines,
                      lineBreakMode: lineBreakMode, alignment: alignment, wrap: wrap,
                      adjustsFontSizeToFitWidth: adjustsFontSizeToFitWidth, minimumScaleFactor: minimumScaleFactor,
                      lineHeightMultiple: lineHeightMultiple, language: language, shadow: shadow)
    }

    // MARK: Layout

    /// The text laid out in a box of `size` (points; `.infinity` = unbounded), after the box
    /// is floored to the pixel grid. Throws when a font family is unknown.
    public func layout(in size: Size, context: LayoutContext) throws -> LabelLayout {
        try layout(try paragraph(context: context), in: size, grid: context.grid)
    }

    /// The text analysed and shaped once, for any number of layouts; nil when empty.
    func paragraph(context: LayoutContext) throws -> Paragraph? {
        guard !text.utf16.isEmpty else { return nil }
        return try Paragraph(text, library: context.fonts, language: language ?? context.language,
                             hyphenates: context.hyphenates)
    }

    /// The box the typesetter is given for an offered `size`: floored to the pixel grid, at
    /// least one device pixel a side.
    static func box(offered size: Size, grid: PixelGrid) -> Size {
        let onePixel = 1 / grid.scale
        return Size(width: max(grid.floor(size.width), onePixel), height: max(grid.floor(size.height), onePixel))
    }

    func layout(_ paragraph: Paragraph?, in size: Size, grid: PixelGrid) throws -> LabelLayout {
        let box = Self.box(offered: size, grid: grid)
        guard let paragraph else { return .empty(box: box) }

        if let truncation = lineBreakMode.truncation ?? (adjustsFontSizeToFitWidth ? .tail : nil) {
            // The typesetter fits, truncates and centres vertically in one pass.
            let options = try TextLayoutOptions(width: box.width, height: box.height, maxLines: numberOfLines,
                                                alignment: alignment, wrap: wrap, truncation: truncation,
                                                lineHeightMultiple: lineHeightMultiple,
                                                minimumScaleFactor: adjustsFontSizeToFitWidth ? minimumScaleFactor : 1,
                                                adjustsFontSize: adjustsFontSizeToFitWidth)
            let layout = TextLayout(paragraph, options: options)
            return LabelLayout(box: box, lines: layout.lines, linesOffsetY: 0, size: layout.size,
                               truncated: layout.truncated, fontScale: layout.scale, missingGlyphs: layout.missingGlyphs)
        }

        // Word wrap and clipping: every line at full size, then as many as the limit and the
        // box height allow (at least one), centred as a block; no ellipsis.
        let options = try TextLayoutOptions(width: box.width, height: .infinity, maxLines: 0, alignment: alignment,
                                            wrap: wrap, lineHeightMultiple: lineHeightMultiple, adjustsFontSize: false)
        let layout = TextLayout(paragraph, options: options)
        let limit = numberOfLines == 0 ? layout.lines.count : min(numberOfLines, layout.lines.count)
        var visible = 0, height = 0.0
        while visible < limit {
            let h = layout.lines[visible].height
            if visible > 0 && height + h > box.height * (1 + 1e-9) { break }
            height += h
            visible += 1
        }
        let lines = Array(layout.lines.prefix(visible))
        let offsetY = box.height.isFinite ? (box.height - height) / 2 : 0
        return LabelLayout(box: box, lines: lines, linesOffsetY: offsetY,
                           size: Size(width: lines.map(\.width).max() ?? 0, height: height),
                           truncated: visible < layout.lines.count, fontScale: 1, missingGlyphs: layout.missingGlyphs)
    }

    /// The laid-out size rounded up to the pixel grid: wraps at `size.width` (`.infinity` =
    /// never), stops at the line limit and at `size.height`.
    ///
    /// Wrap stability is checked rather than assumed: breaking uses widths shaped in
    /// context, drawn lines are reshaped where a cut is unsafe (Arabic joining, kerning at a line's end), so
    /// the size found is laid out again and widened pixel by pixel, up to the offered width,
    /// until it gives the same lines. The size returned is one whose layout is the one measured.
    public func sizeThatFits(_ size: Size, context: LayoutContext) throws -> Size {
        let grid = context.grid
        let paragraph = try paragraph(context: context)
        return try Self.sizeThatFits(size.unlimitedWhereZero, grid: grid) { try layout(paragraph, in: $0, grid: grid) }
    }

    /// `sizeThatFits` over any source of this label's layouts (a caching one, for `ShapedLabel`).
    static func sizeThatFits(_ size: Size, grid: PixelGrid, layout: (Size) throws -> LabelLayout) rethrows -> Size {
        let first = try layout(size)
        guard !first.lines.isEmpty else { return .zero }
        var answer = grid.snap(first.size)
        answer.height = max(answer.height, 1 / grid.scale)
        answer.width = max(answer.width, 1 / grid.scale)
        let widest = first.box.width
        for _ in 0..<4 {
            let again = try layout(answer)
            if again.lineRanges == first.lineRanges && again.truncated == first.truncated { return answer }
            answer.width = min(answer.width + 1 / grid.scale, widest)
        }
        if widest.isFinite { answer.width = widest }
        return answer
    }

    /// Draws the layout of `frame` (the text block centred vertically in it). With
    /// `.clipping`, nothing is drawn outside the frame.
    public func draw(in frame: Rect, on canvas: Canvas, context: LayoutContext) throws {
        draw(try layout(in: frame.size, context: context), in: frame, on: canvas, context: context)
    }

    /// Paints a layout this label made for `frame.size`.
    func draw(_ layout: LabelLayout, in frame: Rect, on canvas: Canvas, context: LayoutContext) {
        guard !layout.lines.isEmpty else { return }
        let clip = lineBreakMode == .clipping ? canvas.makeClip(rect: frame) : nil
        canvas.draw(layout.glyphRuns(at: frame.origin), cache: context.glyphCache, shadow: shadow, clip: clip)
    }
}
