import Raster

/// Collects 8-bit coverage tiles (glyph bitmaps, emoji alpha) and adds them, saturating,
/// into one mask, so a run is composited once. Adding rather than taking the maximum keeps
/// edges whole where two glyphs each cover part of a pixel (pixman's glyph compositing
/// does the same); where glyphs overlap, full coverage stays full.
struct CoverageAccumulator {
    /// `coverage` holds `rect.width × rect.height` bytes, top row first, at `rect` on the canvas.
    struct Tile {
        let coverage: [UInt8]
        let rect: PixelRect
    }

    private(set) var tiles: [Tile] = []
    /// The union of the tiles' rectangles (meaningful only when `tiles` is not empty).
    private(set) var bounds = PixelRect(x: 0, y: 0, width: 0, height: 0)

    mutating func add(_ coverage: [UInt8], at rect: PixelRect) {
        guard !rect.isEmpty else { return }
        precondition(coverage.count == rect.width * rect.height, "tile needs width × height bytes")
        tiles.append(Tile(coverage: coverage, rect: rect))
        bounds = tiles.count == 1 ? rect : bounds.union(rect)
    }

    mutating func add(_ other: CoverageAccumulator) {
        for tile in other.tiles { add(tile.coverage, at: tile.rect) }
    }

    /// One mask over the tiles' union within `area`, or nil when nothing lands there.
    func makeMask(within area: PixelRect) -> CoverageMask? {
        guard !tiles.isEmpty else { return nil }
        let maskBounds = bounds.intersection(area)
        guard !maskBounds.isEmpty else { return nil }
        var mask = CoverageMask(bounds: maskBounds)
        let stride = mask.strideBytes
        mask.withUnsafeMutableBytes { destination in
            let base = destination.baseAddress!
            for tile in tiles {
                let r = tile.rect.intersection(maskBounds)
                guard !r.isEmpty else { continue }
                tile.coverage.withUnsafeBufferPointer { source in
                    for y in r.y..<r.maxY {
                        let s = source.baseAddress! + (y - tile.rect.y) * tile.rect.width + (r.x - tile.rect.x)
                        let d = base + (y - maskBounds.y) * stride + (r.x - maskBounds.x)
                        // Written so the compiler emits saturating vector adds.
                        for i in 0..<r.width {
                            let sum = UInt16(d[i]) &+ UInt16(s[i])
                            d[i] = UInt8(truncatingIfNeeded: sum > 255 ? 255 : sum)
                        }
                    }
                }
            }
        }
        return mask
    }
}

extension PixelRect {
    /// The smallest rectangle holding both (both must be non-empty).
    func union(_ other: PixelRect) -> PixelRect {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }
}
