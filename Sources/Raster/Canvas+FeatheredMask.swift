import Geometry

extension Canvas {
    /// Coverage that is whole over `rects` (points) and fades to nothing `featherInPoints`
    /// beyond them, each rect's fade the product of a horizontal and a vertical smoothstep
    /// (so corners round off), the rects joined by taking the greatest coverage; nil when
    /// nothing of it falls on the canvas.
    ///
    /// A pixel is whole where its centre lies inside a rect, the rule `groundExtremes(in:)`
    /// reads by: what is laid through this mask lies fully under every pixel read there.
    public func featheredMask(around rects: [Rect], featherInPoints: Double) -> CoverageMask? {
        let feather = max(0, featherInPoints) * scale
        let device = rects.filter { $0.width > 0 && $0.height > 0 }.map {
            Rect(x: $0.minX * scale, y: $0.minY * scale, width: $0.width * scale, height: $0.height * scale)
        }
        guard let first = device.first else { return nil }
        let reach = device.dropFirst().reduce(first) { $0.union($1) }.insetBy(dx: -feather, dy: -feather)
        let bounds = PixelRect(enclosing: reach).intersection(pixelBounds)
        guard !bounds.isEmpty else { return nil }

        /// 1 at or inside the edge (distance ≤ 0), falling smoothly to 0 at `feather` beyond it.
        func fade(_ distance: Double) -> Double {
            guard distance > 0 else { return 1 }
            guard distance < feather else { return 0 }
            let t = 1 - distance / feather
            return t * t * (3 - 2 * t)
        }
        // Each rect's fade along each axis, at the pixel centres of the mask's columns and rows.
        let columns = device.map { r in (0..<bounds.width).map { i -> Double in
            let centre = Double(bounds.x + i) + 0.5
            return centre < r.minX ? fade(r.minX - centre) : fade(centre - r.maxX)
        } }
        let rows = device.map { r in (0..<bounds.height).map { j -> Double in
            let centre = Double(bounds.y + j) + 0.5
            return centre < r.minY ? fade(r.minY - centre) : fade(centre - r.maxY)
        } }
        // Rounding keeps order, so the greatest of the rounded coverages is the rounded greatest:
        // each rect is merged into the row on its own, in loops the compiler vectorises.
        // `x + 0.5` truncated is `x.rounded()` for x ≥ 0, without a call per pixel.
        let wholeRows = columns.map { column in column.map { UInt8($0 * 255 + 0.5) } }
        // A rect whose fade is 1 across every column (a band wider than the canvas) gives each
        // row one value, `along` itself rounded, as the product with 1 would.
        let acrossEveryColumn = columns.map { column in column.allSatisfy { $0 == 1 } }
        var mask = CoverageMask(bounds: bounds)
        for j in 0..<bounds.height {
            mask.withMutableRow(j) { row in
                for r in device.indices {
                    let along = rows[r][j]
                    guard along > 0 else { continue }
                    if along == 1 {
                        wholeRows[r].withUnsafeBufferPointer { whole in
                            for i in 0..<row.count where whole[i] > row[i] { row[i] = whole[i] }
                        }
                    } else if acrossEveryColumn[r] {
                        let value = UInt8(along * 255 + 0.5)
                        for i in 0..<row.count where value > row[i] { row[i] = value }
                    } else {
                        columns[r].withUnsafeBufferPointer { column in
                            for i in 0..<row.count {
                                let value = UInt8(column[i] * along * 255 + 0.5)
                                if value > row[i] { row[i] = value }
                            }
                        }
                    }
                }
            }
        }
        return mask
    }
}
