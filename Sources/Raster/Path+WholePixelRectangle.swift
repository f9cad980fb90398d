import Geometry

extension Path {
    /// The pixels of this path, taken to be in device pixels, when it is one axis-aligned
    /// rectangle with every corner on a whole pixel: what `Path(rect:)` gives for a frame on
    /// the pixel grid. Such a rectangle covers each of those pixels fully (coverage 255,
    /// which multiplies a colour exactly by one) and no other pixel at all, under either fill
    /// rule, so it can be painted without rasterizing a coverage mask. Nil for any other path
    /// and for a rectangle of no area.
    var wholePixelRectangle: PixelRect? {
        guard elements.count >= 5, case .move(let start) = elements[0], elements.last == .close else { return nil }
        var corners = [start]
        for element in elements.dropFirst().dropLast() {
            guard case .line(let point) = element else { return nil }
            corners.append(point)
        }
        if corners.count == 5, corners[4] == corners[0] { corners.removeLast() }
        guard corners.count == 4,
              corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite && $0.x == $0.x.rounded() && $0.y == $0.y.rounded() })
        else { return nil }
        // Edges alternately horizontal and vertical close into the rectangle spanned by
        // opposite corners, whichever way round it is drawn.
        let firstIsHorizontal = corners[0].y == corners[1].y
        for edge in 0..<4 {
            let a = corners[edge], b = corners[(edge + 1) % 4]
            let isHorizontal = (edge % 2 == 0) == firstIsHorizontal
            guard isHorizontal ? a.y == b.y : a.x == b.x else { return nil }
        }
        let x0 = min(corners[0].x, corners[2].x), x1 = max(corners[0].x, corners[2].x)
        let y0 = min(corners[0].y, corners[2].y), y1 = max(corners[0].y, corners[2].y)
        let pixels = PixelRect(enclosing: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        return pixels.isEmpty ? nil : pixels
    }
}

extension Rect {
    /// The device pixels of this rectangle (in device pixels) when all four edges lie on
    /// whole pixels, else nil.
    var wholePixels: PixelRect? {
        let edges = [minX, minY, maxX, maxY]
        guard edges.allSatisfy({ $0.isFinite && $0 == $0.rounded() }) else { return nil }
        return PixelRect(enclosing: self)
    }
}
