import Cards
import Foundation
import Geometry
import Layout
import Raster
import XCTest

/// Every palette the palette reader accepts (up to 256 colours) previews: the sheet's grid
/// stays within the canvas at every preset and the largest scale.
final class PalettePreviewGridTests: XCTestCase {
    func palette(colors count: Int) throws -> Palette {
        let colors = (0..<count).map { i in
            ##"{"name": "c\##(i)", "background": "#\##(String(format: "%02x%02x%02x", i % 256, (i * 7) % 256, 90))", "foreground": "#ffffff"}"##
        }
        let json = ##"{"name": "many", "colors": [\##(colors.joined(separator: ", "))]}"##
        return try Palette(data: Array(json.utf8), fileName: "many.json")
    }

    func testTheLargestPaletteFitsAtEveryPresetAndScale3() throws {
        let largest = try palette(colors: 256)
        XCTAssertThrowsError(try palette(colors: 257), "256 colours is the reader's limit")
        let sizes = CardSize.presets.map { ($0.name, $0.size.size) }
            + [("4096x320", Size(width: 4096, height: 320)), ("320x4096", Size(width: 320, height: 4096))]
        for (name, size) in sizes {
            let grid = PalettePreview.Grid(colorCount: largest.colors.count, cardSize: size)
            for scale in 1...3 {
                let pixels = (grid.sheetSize.width * Double(scale)).rounded(), tall = (grid.sheetSize.height * Double(scale)).rounded()
                XCTAssertLessThanOrEqual(max(pixels, tall), Double(Canvas.maximumPixelDimension) - 1, "\(name) at \(scale)x: \(grid)")
            }
            XCTAssertGreaterThanOrEqual(grid.columns * grid.rows, 256, name)
            XCTAssertLessThan(grid.columns * (grid.rows - 1), 256, "\(name): no empty last row")
            // About as wide as tall, every cell inside the sheet, none overlapping the next.
            XCTAssertLessThan(max(grid.sheetSize.width, grid.sheetSize.height) / min(grid.sheetSize.width, grid.sheetSize.height), 2.5, name)
            let last = grid.cell(255)
            XCTAssertLessThanOrEqual(last.maxX, grid.sheetSize.width, name)
            XCTAssertLessThanOrEqual(last.maxY + PalettePreview.captionHeight, grid.sheetSize.height, name)
            XCTAssertLessThanOrEqual(grid.cell(0).maxX, grid.cell(1).minX, name)
            XCTAssertEqual(grid.cellSize.width / grid.cellSize.height, size.width / size.height, accuracy: 0.05, name)
            XCTAssertGreaterThanOrEqual(max(grid.cellSize.width, grid.cellSize.height), 200, "\(name): cells still legible")
        }
    }

    func encloses(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.minX >= outer.minX && inner.maxX <= outer.maxX && inner.minY >= outer.minY && inner.maxY <= outer.maxY
    }

    /// A tall card's cell is narrower than its caption: the column is widened, the card centred
    /// in it, and every shipped colour's name and contrast are set whole beneath it.
    func testCaptionsFitUnderEveryShapeOfCard() throws {
        let catalog = try CardGoldenTests.catalog.get(), renderer = try CardGoldenTests.renderer.get()
        let context = try LayoutContext(fonts: renderer.fonts, glyphCache: renderer.glyphCache, scale: 1)
        let sizes = CardSize.presets.map { ($0.name, $0.size.size) }
            + [("4096x320", Size(width: 4096, height: 320)), ("320x1200", Size(width: 320, height: 1200)),
               ("320x4096", Size(width: 320, height: 4096))]
        for (name, size) in sizes {
            for palette in catalog.palettes {
                let grid = PalettePreview.Grid(colorCount: palette.colors.count, cardSize: size)
                XCTAssertGreaterThanOrEqual(grid.columnWidth, PalettePreview.minimumColumnWidth, name)
                for (index, entry) in palette.colors.enumerated() {
                    let column = grid.column(index), cell = grid.cell(index)
                    XCTAssertTrue(encloses(column, cell), "\(name): \(cell) in \(column)")
                    XCTAssertEqual(cell.midX, column.midX, accuracy: 1, name)
                    XCTAssertLessThanOrEqual(column.maxX, grid.sheetSize.width, name)
                    // The widest figure a caption shows: three places, just under a threshold.
                    for (label, frame) in try PalettePreview.caption(for: entry, contrast: 2.9999, under: index, in: grid) {
                        XCTAssertTrue(encloses(column, frame), name)
                        let layout = try label.layout(in: frame.size, context: context)
                        XCTAssertFalse(layout.truncated, "\(name), \(palette.name): \(layout.lines.map(\.text)) in \(frame.width) points")
                    }
                }
                if palette.colors.count > 1 { XCTAssertLessThanOrEqual(grid.column(0).maxX, grid.column(1).minX, name) }
            }
        }
    }

    /// Small palettes keep the sheet they had: three columns of 384-point cells.
    func testSmallPalettesKeepThreeColumnsOfFullSizeCells() {
        let grid = PalettePreview.Grid(colorCount: 10, cardSize: Size(width: 1024, height: 576))
        XCTAssertEqual(grid.columns, 3)
        XCTAssertEqual(grid.rows, 4)
        XCTAssertEqual(grid.cellSize, Size(width: 384, height: 216))
        XCTAssertEqual(grid.sheetSize, Size(width: 24 + 3 * 408, height: 24 + 4 * 280))
    }

    /// The sheet of a 200-colour palette (which used to be taller than any canvas) is drawn.
    func testAPaletteOf200ColoursPreviews() throws {
        let catalog = try CardGoldenTests.catalog.get()
        let sheet = try PalettePreview(renderer: CardGoldenTests.renderer.get())
            .render(palette: palette(colors: 200), template: catalog.template(named: "classic"))
        let grid = PalettePreview.Grid(colorCount: 200, cardSize: Size(width: 1024, height: 576))
        XCTAssertEqual(sheet.canvas.size, grid.sheetSize)
        XCTAssertEqual(grid.columns, 12)
    }
}
