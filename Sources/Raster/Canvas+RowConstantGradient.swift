import CPixman
import Geometry

// A linear gradient that does not change along a device row (a vertical one on an upright
// canvas: the photo templates' scrims) is one colour per row. pixman's general path still
// fetches it, and the coverage mask, pixel by pixel and combines them in a scratch row; a solid
// colour through a mask has a fast path. Composited row by row, a full-card scrim took 1.0
// instead of 1.5 ms (C harness, 1024×576, medians of 40), with the same bytes: pixman's own
// gradient code gives each row's colour, and OVER through the mask rounds as the general
// path does (`RowConstantGradientTests` draws both ways). Where the coverage is full, as on a
// scrim over the whole card, the rows go without the mask: 0.7 ms.

extension Paint {
    /// True for a linear gradient whose colour, as pixman computes it, is the same at every
    /// pixel of a device row: its step along a row, (p2 − p1) · (the device-to-paint
    /// transform's x column), is zero in pixman's own fixed-point arithmetic.
    func isConstantAlongDeviceRows(toDevice: Transform) -> Bool {
        guard case .linearGradient(let start, let end, _) = self, let fromDevice = toDevice.inverted else { return false }
        // In the space `pixmanPaint` hands pixman (`pixmanGeometryScale`).
        let k = pixmanGeometryScale
        let scaled = k == 1 ? fromDevice : fromDevice.concatenating(.scale(x: k, y: k))
        let dx = Int64(fixed(end.x * k)) - Int64(fixed(start.x * k)), dy = Int64(fixed(end.y * k)) - Int64(fixed(start.y * k))
        guard dx != 0 || dy != 0 else { return false }  // painted as its last stop
        let (stepX, stepY) = (Int64(fixed(scaled.a)), Int64(fixed(scaled.b)))
        return dx * stepX + dy * stepY == 0
    }
}

extension Canvas {
    /// Composites `gradient` (constant along each device row) OVER the canvas through
    /// `coverage` on `area` (fully where `coverage` is nil): each row's colour is read once from
    /// a one-pixel-wide copy of the gradient, and each run of rows of one colour is composited
    /// as that solid colour, without the mask where it covers the run's pixels fully (coverage
    /// 255 multiplies exactly by one). Rows whose colour is fully transparent change nothing
    /// and are skipped.
    func compositeRowConstantGradient(_ gradient: PixmanImage, coverage: CoverageMask?, area: PixelRect) {
        let column = PixelBuffer(uninitializedWidth: 1, height: area.height)
        composite(PIXMAN_OP_SRC, source: gradient, mask: nil, destination: column.pixmanImage(),
                  sourceOrigin: (area.x, area.y), destinationRect: PixelRect(x: 0, y: 0, width: 1, height: area.height))
        let full = coverage?.fullyCoveredRows(in: area) ?? [Bool](repeating: true, count: area.height)
        func compositeRows(mask: PixmanImage?, maskBounds: PixelRect) {
            var row = 0
            while row < area.height {
                let color = column.pixels[row], isFull = full[row]
                var end = row + 1
                while end < area.height, column.pixels[end] == color, full[end] == isFull { end += 1 }
                if color != 0 {
                    let y = area.y + row, rows = PixelRect(x: area.x, y: y, width: area.width, height: end - row)
                    composite(PIXMAN_OP_OVER, source: .solid(premultipliedARGB32: color), mask: isFull ? nil : mask,
                              destination: destination(for: rows), sourceOrigin: (0, 0), maskOrigin: (area.x - maskBounds.x, y - maskBounds.y),
                              destinationRect: rows)
                }
                row = end
            }
        }
        guard let coverage else { return compositeRows(mask: nil, maskBounds: area) }
        coverage.withPixmanImage { compositeRows(mask: $0, maskBounds: coverage.bounds) }
    }
}

extension CoverageMask {
    /// For each row of `area` (device pixels, inside `bounds`), whether the mask is 255 at all
    /// of the row's pixels. Read eight bytes at a time: a full-card mask is 590 KB.
    func fullyCoveredRows(in area: PixelRect) -> [Bool] {
        precondition(bounds.intersection(area) == area, "rows outside the mask")
        return withUnsafeBytes { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            return (0..<area.height).map { row in
                var at = (area.y - bounds.y + row) * strideBytes + (area.x - bounds.x)
                let end = at + area.width
                while at + 8 <= end {
                    if raw.loadUnaligned(fromByteOffset: at, as: UInt64.self) != .max { return false }
                    at += 8
                }
                while at < end {
                    if raw[at] != 0xFF { return false }
                    at += 1
                }
                return true
            }
        }
    }
}
