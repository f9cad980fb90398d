import Foundation
import Geometry
import Layout
import Raster
import Scene
import Typesetting

/// A contact sheet: the card in every colour of a palette, each with a deliberately hard
/// title (long, right-to-left, CJK, emoji), its colour name and its contrast ratio beneath.
public struct PalettePreview: Sendable {
    /// The titles cycled through the cells.
    public static let hardTitles: [(title: String, locale: String)] = [
        ("The day we adopted Biscuit, the scruffiest little terrier in the whole shelter, and took him home in the rain", "en"),
        ("יום הולדת שמח לסבתא רחל, אוהבים אותך מאוד", "he"),
        ("東京への家族旅行 🗼 とても楽しかった！", "ja"),
        ("Family reunion 👨‍👩‍👧‍👦 🎉 🇯🇵 🏳️‍🌈", "en"),
        ("عيد ميلاد سعيد يا أمي الغالية 🎂", "ar"),
    ]

    public static let gutter = 24.0
    public static let captionHeight = 40.0
    /// The narrowest column, in points: a colour's name and its contrast fit beneath a card
    /// this wide (a story's cell), so a tall card's column is wider than the card.
    public static let minimumColumnWidth = 216.0
    /// The longest side a sheet may have, in points: at the largest scale (3) it stays
    /// within the canvas's 16,384 pixels and WebP's 16,383.
    public static let maximumSideInPoints = 5_400.0

    public let renderer: CardRenderer

    public init(renderer: CardRenderer) { self.renderer = renderer }

    /// A drawn sheet and what its cards show.
    public struct Sheet {
        public let canvas: Canvas
        /// The most picture-like of its cards' `ResolvedScene.content`.
        public let content: ImageContent

        /// The sheet in `output`'s format, encoded for what it shows, as a card is.
        public func encoded(_ output: ImageOutput) throws -> [UInt8] {
            try canvas.encoded(output, content: content)
        }
    }

    /// Where the cards go: a grid about as wide as it is tall (at least 3 columns), of cells 384
    /// points on the card's longer side, shrunk when a palette of up to 256 colours would make
    /// the sheet longer than `maximumSideInPoints`; each card centred in a column at least
    /// `minimumColumnWidth` wide, its caption beneath across the column.
    public struct Grid: Equatable, Sendable {
        public let columns: Int
        public let rows: Int
        /// One card's cell, without its caption.
        public let cellSize: Size
        /// The width of a column: the cell's, or `minimumColumnWidth` when that is wider.
        public let columnWidth: Double
        public let sheetSize: Size

        public init(colorCount: Int, cardSize: Size) {
            let full = cardSize.width >= cardSize.height
                ? Size(width: 384, height: 384 * cardSize.height / cardSize.width)
                : Size(width: 384 * cardSize.width / cardSize.height, height: 384)
            let count = max(1, colorCount)
            let gutter = PalettePreview.gutter, caption = PalettePreview.captionHeight
            let limit = PalettePreview.maximumSideInPoints, narrowest = PalettePreview.minimumColumnWidth
            // Columns for a square sheet: columns × pitch width ≈ rows × pitch height, and no
            // more than the narrowest columns the longest side holds.
            let pitchRatio = (full.height + caption + gutter) / (max(full.width, narrowest) + gutter)
            let mostColumns = Int((limit - gutter) / (narrowest + gutter))
            columns = min(mostColumns, max(3, Int((Double(count) * pitchRatio).squareRoot().rounded(.up))))
            rows = (count + columns - 1) / columns
            let widthFit = (limit - gutter - Double(columns) * gutter) / (Double(columns) * full.width)
            let heightFit = (limit - gutter - Double(rows) * (caption + gutter)) / (Double(rows) * full.height)
            let shrink = min(1, widthFit, heightFit)
            cellSize = shrink < 1 ? Size(width: (full.width * shrink).rounded(.down), height: (full.height * shrink).rounded(.down)) : full
            columnWidth = max(cellSize.width, narrowest)
            sheetSize = Size(width: gutter + Double(columns) * (columnWidth + gutter),
                             height: gutter + Double(rows) * (cellSize.height + caption + gutter))
        }

        /// The column of the `index`th colour, row by row: its card's cell and caption together.
        public func column(_ index: Int) -> Rect {
            Rect(x: PalettePreview.gutter + Double(index % columns) * (columnWidth + PalettePreview.gutter),
                 y: PalettePreview.gutter + Double(index / columns) * (cellSize.height + PalettePreview.captionHeight + PalettePreview.gutter),
                 width: columnWidth, height: cellSize.height + PalettePreview.captionHeight)
        }

        /// The cell of the `index`th colour: the top of its column, centred across it.
        public func cell(_ index: Int) -> Rect {
            let column = column(index)
            return Rect(x: column.minX + ((columnWidth - cellSize.width) / 2).rounded(.down), y: column.minY,
                        width: cellSize.width, height: cellSize.height)
        }
    }

    /// The sheet for `palette` with `template`, at `scale` device pixels per point, each card
    /// at `size` (the template's own when nil).
    public func render(palette: Palette, template: Template, scale: Int = 1, size: CardSize? = nil) throws -> Sheet {
        let cardSize = size?.size ?? template.size
        let grid = Grid(colorCount: palette.colors.count, cardSize: cardSize)
        let cellSize = grid.cellSize
        let sheet = try Canvas(size: grid.sheetSize, scale: Double(scale), background: Color(hex: "#f3f2f7")!)
        let context = try LayoutContext(fonts: renderer.fonts, glyphCache: renderer.glyphCache, scale: Double(scale))
        var content = ImageContent.drawing
        for (index, entry) in palette.colors.enumerated() {
            let cell = grid.cell(index)
            let hard = Self.hardTitles[index % Self.hardTitles.count]
            let event = try Event(title: hard.title, date: EventDate(iso8601: "2024-06-01"), subtitle: palette.name,
                                  emoji: "🎉", color: entry.name, palette: palette.name, template: template.name, locale: hard.locale)
            // Each card is rendered at the sheet's scale × the cell's fraction of the card,
            // rounded up, then averaged down into its cell.
            let cardScale = min(3, max(1, (Double(scale) * cellSize.width / cardSize.width).rounded(.up)))
            let card = try renderer.render(event, template: template, color: entry, size: cardSize, scale: cardScale)
            content = max(content, card.resolved.scene.content)
            sheet.draw(card.canvas.makeImage(), in: cell, contentMode: .aspectFit, clipsToBounds: true,
                       clip: sheet.makeClip(rect: cell, cornerRadius: 14))
            // The figure is the title's as drawn, the template's lighting and plates included;
            // the colour's own stops where the title has no ground to read.
            let ratio = card.title?.contrast?.ratio ?? entry.contrastRatios.min() ?? 0
            for (label, frame) in try Self.caption(for: entry, contrast: ratio, under: index, in: grid) {
                try label.draw(in: frame, on: sheet, context: context)
            }
        }
        return Sheet(canvas: sheet, content: content)
    }

    /// The labels under the `index`th card and their frames: the colour's name at the left of
    /// its column, the contrast of its title (`ratio`, unrounded) at the right.
    public static func caption(for entry: Palette.Entry, contrast ratio: Double, under index: Int, in grid: Grid) throws -> [(Label, Rect)] {
        let column = grid.column(index), top = grid.cell(index).maxY
        let nameAttributes = try TextAttributes(family: "Quicksand", weight: .bold, sizeInPoints: 15, color: Color(hex: "#2d2a38")!)
        let detail = try TextAttributes(family: "Quicksand", weight: .medium, sizeInPoints: 13, color: Color(hex: "#6b6778")!)
        let contrast = "contrast \(Contrast.text(ratio, decimals: 1)):1"
        return [
            (try Label(entry.name, attributes: nameAttributes, alignment: .left),
             Rect(x: column.minX + 2, y: top + 8, width: column.width * 0.6, height: 20)),
            (try Label(contrast, attributes: detail, alignment: .right),
             Rect(x: column.minX + column.width * 0.5, y: top + 9, width: column.width * 0.5 - 2, height: 20)),
        ]
    }
}
