import Foundation
import Geometry
import Raster
import Scene

/// The raster engine's stages, and the PNG settings table that chose `PNGEncoding.cards`.
enum RasterBench {
    static let cardSize = Size(width: 1024, height: 576)

    /// A flat-coloured card with a few shapes: what most share images look like to the encoder.
    static func flatCard() throws -> Canvas {
        let canvas = try Canvas(size: cardSize, background: Color(hex: "#8e44ad")!)
        canvas.fill(Path(roundedRect: Rect(x: 40, y: 140, width: 944, height: 300), cornerRadius: 32), with: .solid(Color(gray: 1, alpha: 0.16)))
        canvas.fill(Path(ellipseIn: Rect(x: 880, y: 40, width: 96, height: 96)), with: .solid(.white))
        canvas.fill(Path(roundedRect: Rect(x: 40, y: 470, width: 260, height: 56), cornerRadius: 28), with: .solid(Color(hex: "#f1c40f")!))
        return canvas
    }

    static func run(iterations: Int, recipe: Scene, peerScript: String?) throws {
        var rows: [Measurement] = []
        let canvas = try Canvas(size: cardSize)
        let white = Color.white, purple = Color(hex: "#8e44ad")!
        rows.append(measure("clear 1024×576 canvas to a colour", iterations: iterations) { canvas.clear(to: white) })
        rows.append(measure("fill 1024×576 canvas with a path (rasterize + composite)", iterations: iterations) {
            canvas.fill(Path(rect: canvas.bounds), with: .solid(purple))
        })
        rows.append(try measure("draw the recipe scene (320×460)", iterations: iterations) { _ = try recipe.render() })
        let card = try flatCard()
        let cardImage = card.makeImage()
        rows.append(measure("Gaussian blur filter, σ = 8 px, on the 1024×576 card", iterations: max(5, iterations / 4)) {
            _ = cardImage.applying(.gaussianBlur(sigma: 8, extendEdges: true))
        })
        let bytes = try card.pngData().count
        rows.append(try measure("encode flat 1024×576 card to PNG (cards setting)", iterations: iterations, note: "\(bytes) bytes") {
            _ = try card.pngData()
        })

        var peerRows: [Measurement] = []
        if let peerScript, let peer = runPeer(peerScript, arguments: ["--iterations", String(iterations)]) {
            for (name, ours) in [("fill", rows[1]), ("recipe", rows[2]), ("encode", rows[4])] {
                if let theirs = peer[name] {
                    peerRows.append(Measurement(name: "Pillow \(name)", medianMilliseconds: theirs, iterations: iterations,
                                                note: String(format: "sharecard is %.1f× faster", theirs / ours.medianMilliseconds)))
                }
            }
        }
        printTable("Raster (this machine, medians)", rows + peerRows)
        if peerRows.isEmpty { print("\n(Pillow peer not run: `scripts/setup --bench` installs it)") }

        // Why `PNGEncoding.cards`: time and size of every filter × level on the same card.
        var table: [Measurement] = []
        typealias L = PNGEncoding.LibpngSettings
        let settings: [(String, PNGEncoding)] = try [
            ("libpng adaptive filters, zlib 6 (libpng default)", .libpng(L(zlibLevel: 6, filter: .adaptive))),
            ("libpng adaptive filters, zlib 1", .libpng(L(zlibLevel: 1, filter: .adaptive))),
            ("libpng filter none, zlib 1", .libpng(L(zlibLevel: 1, filter: .none))),
            ("libpng filter none, zlib 6", .libpng(L(zlibLevel: 6, filter: .none))),
            ("libpng filter sub, zlib 1, RLE", .libpng(L(zlibLevel: 1, filter: .sub, strategy: .runLength))),
            ("libpng filter up, zlib 1, RLE", .libpng(L(zlibLevel: 1, filter: .up, strategy: .runLength))),
            ("libdeflate: indexed when it fits, else minimum-sum rows (cards)", .cards),
        ]
        for (name, encoding) in settings {
            let size = try card.pngData(encoding: encoding).count
            table.append(try measure(name, iterations: max(5, iterations / 4), note: "\(size) bytes") { _ = try card.pngData(encoding: encoding) })
        }
        printTable("PNG settings on the flat card", table)
    }
}
