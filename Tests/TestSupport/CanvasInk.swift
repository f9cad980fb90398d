import Raster

extension Canvas {
    /// Ink per column, in pixels: each column's coverage of black drawn on white, summed over
    /// `rows` (every row when nil).
    public func inkPerColumn(rows: Range<Int>? = nil) -> [Double] {
        let rows = rows ?? 0..<pixelHeight
        return (0..<pixelWidth).map { x in rows.reduce(0.0) { $0 + Double(255 - (pixel(x: x, y: $1) & 0xFF)) / 255 } }
    }
}
