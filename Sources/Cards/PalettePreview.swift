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
    /// the sheet longer than `maximumSideInPoints`.
    public struct Grid: Equatable, Sendable {
        public let columns: Int
        public let rows: Int
        /// One card's cell, without its caption.
        public let cellSize: Size
        public let sheetSize: Size

        public init(colorCount: Int, cardSize: Size) {
            let full = cardSize.width >= cardSize.height
                ? Size(width: 384, height: 384 * cardSize.height / cardSize.width)
                : Size(width: 384 * cardSize.width / cardSize.height, height: 384)
            let count = max(1, colorCount)
            let gutter = PalettePreview.gutter, caption = PalettePreview.captionHeight
            // Columns for a square sheet: columns × pitch width ≈ rows × pitch height.
            let pitchRatio = (full.height + caption + gutter) / (full.width + gutter)
            columns = max(3, Int((Double(count) * pitchRatio).squareRoot().rounded(.up)))
            rows = (count + columns - 1) / columns
            let limit = PalettePreview.maximumSideInPoints
            let widthFit = (limit - gutter - Double(columns) * gutter) / (Double(columns) * full.width)
            let heightFit = (limit - gutter - Double(rows) * (caption + gutter)) / (Double(rows) * full.height)
            let shrink = min(1, widthFit, heightFit)
            cellSize = shrink < 1 ? Size(width: (full.width * shrink).rounded(.down), height: (full.height * shrink).rounded(.down)) : full
            sheetSize = Size(width: gutter + Double(columns) * (cellSize.width + gutter),
                             height: gutter + Double(rows) * (cellSize.height + caption + gutter))
        }

        /// The cell of the `index`th colour, row by row.
        public func cell(_ index: Int) -> Rect {
            Rect(x: PalettePreview.gutter + Double(index % columns) * (cellSize.width + PalettePreview.gutter),
                 y: PalettePreview.gutter + Double(index / columns) * (cellSize.height + PalettePreview.captionHeight + PalettePreview.gutter),
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
        let caption = try TextAttributes(family: "Quicksand", weight: .bold, sizeInPoints: 15, color: Color(hex: "#2d2a38")!)
        let detail = try TextAttributes(family: "Quicksand", weight: .medium, sizeInPoints: 13, color: Color(hex: "#6b6778")!)
        var content = ImageContent.drawing
        for (index, entry) in palette.colors.enumerated() {
            let cell = grid.cell(index)
            let x = cell.minX, y = cell.minY
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
            let ratio = entry.contrastRatios.min() ?? 0
            let name = try Label(entry.name, attributes: caption, alignment: .left)
            try name.draw(in: Rect(x: x + 2, y: y + cellSize.height + 8, width: cellSize.width * 0.6, height: 20),
                          on: sheet, context: context)
            let contrast = try Label(String(format: "contrast %.1f:1", ratio), attributes: detail, alignment: .right)
            try contrast.draw(in: Rect(x: x + cellSize.width * 0.5, y: y + cellSize.height + 9,
                                       width: cellSize.width * 0.5 - 2, height: 20), on: sheet, context: context)
        }
        return Sheet(canvas: sheet, content: content)
    }
}
