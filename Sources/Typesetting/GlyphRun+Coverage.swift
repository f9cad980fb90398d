import Geometry
import Raster

/// Where a glyph origin lands on the device pixel grid: the pixel that holds it, and for x
/// how many quarter pixels past that pixel's left edge.
struct SnappedOrigin: Hashable, Sendable {
    let x: Int
    let y: Int
    let phase: Int

    /// x rounds to the nearest ¼ pixel, y to the nearest whole pixel (halves up, so moving
    /// a point by whole pixels moves the result by exactly as many). Nil for positions too
    /// far away to be on any canvas.
    init?(_ p: Point, scale: Double) {
        let quarters = (p.x * scale * Double(GlyphRasterizer.subpixelPhases) + 0.5).rounded(.down)
        let row = (p.y * scale + 0.5).rounded(.down)
        guard abs(quarters) < 1e12, abs(row) < 1e9 else { return nil }
        let q = Int(quarters)
        x = q >> 2  // floor, also for negative positions
        y = Int(row)
        phase = q & 3
    }
}

extension GlyphRun {
    /// The device pixels this run paints at `scale` (device pixels per point), or nil when
    /// it paints nothing. Renders (and caches) glyphs that are not cached yet.
    public func inkBounds(scale: Double, cache: GlyphCache) -> PixelRect? {
        precondition(scale.isFinite && scale > 0, "scale must be positive, got \(scale)")
        if face.isColorBitmap {
            return colorGlyphPixelRects(scale: scale, cache: cache).filter { !$0.isEmpty }.reduce(nil) { $0?.union($1) ?? $1 }
        }
        let size = sizeIn64thsOfAPixel(scale: scale)
        guard size > 0 else { return nil }
        var bounds: PixelRect?
        for glyph in glyphs {
            guard let origin = SnappedOrigin(glyph.position, scale: scale) else { continue }
            let local: PixelRect?
            if size > GlyphCache.largestCachedEmInPixels * 64 {
                local = GlyphRasterizer.outlineArea(face: face, glyph: glyph.id, sizeIn64thsOfAPixel: size, phase: origin.phase)
            } else {
                let bitmap = cache.outlineGlyph(face: face, glyph: glyph.id, sizeIn64thsOfAPixel: size, phase: origin.phase)
                local = bitmap.isEmpty ? nil : PixelRect(x: bitmap.left, y: -bitmap.top, width: bitmap.width, height: bitmap.height)
            }
            guard let local else { continue }
            let rect = PixelRect(x: origin.x + local.x, y: origin.y + local.y, width: local.width, height: local.height)
            bounds = bounds?.union(rect) ?? rect
        }
        return bounds
    }

    /// `inkBounds` in points: the painted pixels' rectangle divided by `scale`.
    public func inkBoundsInPoints(scale: Double, cache: GlyphCache) -> Rect? {
        inkBounds(scale: scale, cache: cache).map {
            Rect(x: Double($0.x) / scale, y: Double($0.y) / scale,
                 width: Double($0.width) / scale, height: Double($0.height) / scale)
        }
    }

    /// The run's coverage in device pixels at `scale`, limited to `area` (typically the
    /// canvas's pixel bounds): glyph bitmaps added into one mask, colour glyphs by their
    /// alpha as drawn. Nil when nothing falls inside `area`.
    public func coverageMask(scale: Double, cache: GlyphCache, within area: PixelRect) -> CoverageMask? {
        coverageTiles(scale: scale, cache: cache, within: area).makeMask(within: area)
    }

    /// The em size in 1/64 device pixels, the unit FreeType sizes and the cache key use.
    func sizeIn64thsOfAPixel(scale: Double) -> Int {
        Int((fontSizeInPoints * scale * 64).rounded())
    }

    /// Every glyph's coverage placed on the device pixel grid; glyphs wholly outside `area`
    /// may be left out.
    func coverageTiles(scale: Double, cache: GlyphCache, within area: PixelRect) -> CoverageAccumulator {
        precondition(scale.isFinite && scale > 0, "scale must be positive, got \(scale)")
        var tiles = CoverageAccumulator()
        if face.isColorBitmap {
            forEachColorGlyphDrawing(scale: scale, cache: cache, within: area) { drawing in
                if let alpha = drawing.alphaTile(scale: scale, within: area) { tiles.add(alpha.coverage, at: alpha.rect) }
            }
            return tiles
        }
        let size = sizeIn64thsOfAPixel(scale: scale)
        guard size > 0, !area.isEmpty else { return tiles }
        let cached = size <= GlyphCache.largestCachedEmInPixels * 64
        for glyph in glyphs {
            guard let origin = SnappedOrigin(glyph.position, scale: scale) else { continue }
            let bitmap: GlyphBitmap
            if cached {
                bitmap = cache.outlineGlyph(face: face, glyph: glyph.id, sizeIn64thsOfAPixel: size, phase: origin.phase)
            } else {
                // Too large to keep: render only the part that can be seen.
                let visible = PixelRect(x: area.x - origin.x, y: area.y - origin.y, width: area.width, height: area.height)
                bitmap = GlyphRasterizer.outline(face: face, glyph: glyph.id, sizeIn64thsOfAPixel: size,
                                                 phase: origin.phase, clip: visible)
            }
            guard !bitmap.isEmpty else { continue }
            tiles.add(bitmap.coverage, at: bitmap.pixelRect(originX: origin.x, originY: origin.y))
        }
        return tiles
    }

    /// Calls `body` with how to draw each colour glyph that has an image at `scale` and
    /// touches `area` (device pixels), one at a time: up to the largest cached em, resampled
    /// once per size and phase and copied pixel for pixel (origins snapped as for outlines);
    /// larger, scaled from the strike as it is drawn. Glyphs outside `area` are never
    /// resampled, so a long run of large emoji costs memory for what can be seen, not for
    /// the whole run.
    func forEachColorGlyphDrawing(scale: Double, cache: GlyphCache, within area: PixelRect,
                                  _ body: (ColorGlyphDrawing) -> Void) {
        guard !area.isEmpty else { return }
        forEachColorGlyphPlacement(scale: scale, cache: cache) { placement in
            guard !placement.rect.intersection(area).isEmpty else { return }
            switch placement.kind {
            case .scaled(let strike, let frame):
                body(.scaled(strike, frame: frame))
            case .devicePixels(let glyph, let size, let origin):
                guard let image = cache.colorGlyph(face: face, glyph: glyph, sizeIn64thsOfAPixel: size, phase: origin.phase) else { return }
                body(.devicePixels(image, at: image.pixelRect(originX: origin.x, originY: origin.y)))
            }
        }
    }

    /// The device pixels each colour glyph with an image covers at `scale`, found from the
    /// strike without resampling.
    func colorGlyphPixelRects(scale: Double, cache: GlyphCache) -> [PixelRect] {
        var rects: [PixelRect] = []
        forEachColorGlyphPlacement(scale: scale, cache: cache) { rects.append($0.rect) }
        return rects
    }

    /// Where each colour glyph with an image lands at `scale`, from its strike alone.
    private func forEachColorGlyphPlacement(scale: Double, cache: GlyphCache, _ body: (ColorGlyphPlacement) -> Void) {
        let size = sizeIn64thsOfAPixel(scale: scale)
        guard size > 0 else { return }
        let resampled = size <= GlyphCache.largestCachedEmInPixels * 64
        for glyph in glyphs {
            guard let strike = cache.colorGlyph(face: face, glyph: glyph.id) else { continue }
            if resampled {
                guard let origin = SnappedOrigin(glyph.position, scale: scale) else { continue }
                body(ColorGlyphPlacement(
                    kind: .devicePixels(glyph: glyph.id, sizeIn64thsOfAPixel: size, origin: origin),
                    rect: strike.devicePixelRect(sizeIn64thsOfAPixel: size, phase: origin.phase, originX: origin.x, originY: origin.y)))
            } else {
                let frame = strike.frame(origin: glyph.position, fontSizeInPoints: fontSizeInPoints)
                body(ColorGlyphPlacement(kind: .scaled(strike, frame: frame),
                                         rect: ColorGlyphDrawing.scaled(strike, frame: frame).pixelRect(scale: scale)))
            }
        }
    }
}

/// Where a colour glyph will be drawn, known before any resampling: the device pixels it
/// covers and what to draw there.
private struct ColorGlyphPlacement {
    enum Kind {
        /// Resampled to this em size and origin's phase when drawn.
        case devicePixels(glyph: UInt32, sizeIn64thsOfAPixel: Int, origin: SnappedOrigin)
        case scaled(ColorGlyphImage, frame: Rect)
    }
    let kind: Kind
    let rect: PixelRect
}

/// One colour glyph ready to draw.
enum ColorGlyphDrawing {
    /// An image at device resolution, copied to `rect` (device pixels).
    case devicePixels(DeviceColorGlyph, at: PixelRect)
    /// The strike image, scaled into `frame` (points) when drawn.
    case scaled(ColorGlyphImage, frame: Rect)

    /// Strike pixels → points, for `.scaled`.
    static func transform(_ glyph: ColorGlyphImage, into frame: Rect) -> Transform {
        .scale(x: frame.width / Double(glyph.image.width), y: frame.height / Double(glyph.image.height))
            .concatenating(.translation(x: frame.minX, y: frame.minY))
    }

    /// The device pixels it touches.
    func pixelRect(scale: Double) -> PixelRect {
        switch self {
        case .devicePixels(_, let rect): return rect
        case .scaled(_, let frame): return PixelRect(enclosing: frame.scaled(by: scale))
        }
    }

    /// Its alpha as drawn at `scale`, within `area`. A scaled glyph is drawn on a small layer
    /// with the canvas's own resampling, so the coverage matches the pixels.
    func alphaTile(scale: Double, within area: PixelRect) -> CoverageAccumulator.Tile? {
        switch self {
        case .devicePixels(let glyph, let rect):
            return rect.intersection(area).isEmpty ? nil : CoverageAccumulator.Tile(coverage: glyph.alpha, rect: rect)
        case .scaled(let glyph, let frame):
            let rect = pixelRect(scale: scale).intersection(area)
            guard !rect.isEmpty,
                  let layer = try? Canvas(size: Size(width: Double(rect.width), height: Double(rect.height)))
            else { return nil }
            layer.draw(glyph.image, transform: Self.transform(glyph, into: frame)
                .concatenating(.scale(x: scale, y: scale))
                .concatenating(.translation(x: -Double(rect.x), y: -Double(rect.y))))
            let pixels = layer.makeImage().premultipliedARGB
            return CoverageAccumulator.Tile(coverage: pixels.map { UInt8(truncatingIfNeeded: $0 >> 24) }, rect: rect)
        }
    }
}

extension Rect {
    fileprivate func scaled(by k: Double) -> Rect {
        Rect(x: minX * k, y: minY * k, width: width * k, height: height * k)
    }
}
