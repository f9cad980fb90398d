import Caching
import Geometry
import Layout
import Raster
import Typesetting

/// A label's text analysed and shaped once, then laid out for as many boxes as the
/// resolver asks about — each box once. It follows `Label`'s rules exactly (the box floored
/// to the pixel grid, the fitting options, `sizeThatFits`' wrap-stability check), so a card
/// resolved through it draws the same pixels as a `Label` would, without the `Label`
/// shaping the text again for every question (measured by a stack, reported, drawn).
struct FittedText: LayoutView {
    /// What the typesetter decided for one box.
    struct Fit: Sendable {
        let box: Size
        let lines: [TextLayout.Line]
        let linesOffsetY: Double
        let size: Size
        let truncated: Bool
        let fontScale: Double
        let missingGlyphs: [String]
        var lineRanges: [Range<Int>] { lines.map(\.range) }
    }

    let string: String
    let paragraph: Paragraph?
    let sizeInPoints: Double
    let numberOfLines: Int
    /// Nil: word wrap with no ellipsis (lines past the limit or the box are dropped).
    let truncation: TextLayoutOptions.Truncation?
    let alignment: TextLayoutOptions.Alignment
    let wrap: TextLayoutOptions.Wrap
    let adjustsFontSize: Bool
    let minimumScaleFactor: Double
    let lineHeightMultiple: Double
    let shadow: TextShadow?
    private let fits = LockedValue<[Size: Fit]>([:])

    init(_ string: String, attributes: TextAttributes, context: LayoutContext, numberOfLines: Int,
         truncation: TextLayoutOptions.Truncation?, alignment: TextLayoutOptions.Alignment,
         wrap: TextLayoutOptions.Wrap = .greedy, adjustsFontSize: Bool = false, minimumScaleFactor: Double = 1,
         lineHeightMultiple: Double = 1, shadow: TextShadow? = nil) throws {
        self.string = string
        let text = AttributedText(string, attributes: attributes)
        paragraph = text.utf16.isEmpty ? nil : try Paragraph(text, library: context.fonts, language: context.language)
        sizeInPoints = attributes.sizeInPoints
        self.numberOfLines = numberOfLines
        self.truncation = truncation
        self.alignment = alignment
        self.wrap = wrap
        self.adjustsFontSize = adjustsFontSize
        self.minimumScaleFactor = minimumScaleFactor
        self.lineHeightMultiple = lineHeightMultiple
        self.shadow = shadow
    }

    var direction: TextDirection { paragraph?.baseDirection ?? .leftToRight }

    /// The layout for a box of `size` points, computed the first time it is asked for.
    func fit(in size: Size, grid: PixelGrid) throws -> Fit {
        let onePixel = 1 / grid.scale
        let box = Size(width: max(grid.floor(size.width), onePixel), height: max(grid.floor(size.height), onePixel))
        if let known = fits.withLock({ $0[box] }) { return known }
        let fit = try layout(box)
        fits.withLock { $0[box] = fit }
        return fit
    }

    private func layout(_ box: Size) throws -> Fit {
        guard let paragraph else {
            return Fit(box: box, lines: [], linesOffsetY: 0, size: .zero, truncated: false, fontScale: 1, missingGlyphs: [])
        }
        if let truncation {
            let options = try TextLayoutOptions(width: box.width, height: box.height, maxLines: numberOfLines,
                                                alignment: alignment, wrap: wrap, truncation: truncation,
                                                lineHeightMultiple: lineHeightMultiple,
                                                minimumScaleFactor: adjustsFontSize ? minimumScaleFactor : 1,
                                                adjustsFontSize: adjustsFontSize)
            let layout = TextLayout(paragraph, options: options)
            return Fit(box: box, lines: layout.lines, linesOffsetY: 0, size: layout.size, truncated: layout.truncated,
                       fontScale: layout.scale, missingGlyphs: layout.missingGlyphs)
        }
        // Word wrap: every line at full size, then as many as the limit and the box allow
        // (at least one), centred as a block; no ellipsis.
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
        return Fit(box: box, lines: lines, linesOffsetY: box.height.isFinite ? (box.height - height) / 2 : 0,
                   size: Size(width: lines.map(\.width).max() ?? 0, height: height),
                   truncated: visible < layout.lines.count, fontScale: 1, missingGlyphs: layout.missingGlyphs)
    }

    /// `Label.sizeThatFits`: the fitted size on the pixel grid, widened until laying out
    /// again at that size gives the same lines.
    func sizeThatFits(_ size: Size, context: LayoutContext) throws -> Size {
        let grid = context.grid
        let first = try fit(in: size, grid: grid)
        guard !first.lines.isEmpty else { return .zero }
        var answer = grid.snap(first.size)
        answer.height = max(answer.height, 1 / grid.scale)
        answer.width = max(answer.width, 1 / grid.scale)
        let widest = first.box.width
        for _ in 0..<4 {
            let again = try fit(in: answer, grid: grid)
            if again.lineRanges == first.lineRanges && again.truncated == first.truncated { return answer }
            answer.width = min(answer.width + 1 / grid.scale, widest)
        }
        if widest.isFinite { answer.width = widest }
        return answer
    }

    /// The text fitted into `frame`, ready to draw.
    func resolve(in frame: Rect, fields: [EventField], context: LayoutContext) throws -> ResolvedText {
        let fit = try fit(in: frame.size, grid: context.grid)
        return ResolvedText(text: string, fields: fields, frame: frame, requestedFontSizeInPoints: sizeInPoints,
                            fontScale: fit.fontScale, lines: fit.lines, linesOffsetY: fit.linesOffsetY,
                            truncated: fit.truncated, missingGlyphs: fit.missingGlyphs, shadow: shadow, direction: direction)
    }

    func draw(in frame: Rect, on canvas: Canvas, context: LayoutContext) throws {
        ResolvedElement.text(try resolve(in: frame, fields: [], context: context)).draw(on: canvas, glyphCache: context.glyphCache)
    }
}
