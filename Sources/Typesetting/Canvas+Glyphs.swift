import Geometry
import Raster

extension Canvas {
    /// Draws `run` over its `shadow`, if any. See the array form for how glyphs are drawn.
    public func draw(_ run: GlyphRun, cache: GlyphCache, shadow: TextShadow? = nil, clip: CoverageMask? = nil) {
        draw([run], cache: cache, shadow: shadow, clip: clip)
    }

    /// Draws `runs` in order. The shadow of all of them is drawn first, as one blurred mask,
    /// so no run's shadow falls on another run's glyphs.
    ///
    /// Outline glyphs are rendered at the canvas's device resolution (never scaled
    /// afterwards), x snapped to ¼ device pixel and y to whole pixels; each run's glyphs
    /// are added into one coverage mask and painted with the run's paint in one composite.
    /// Colour glyphs are images scaled from their strike with the canvas's averaging filter
    /// (once per size and phase, through the cache) and placed like outlines.
    public func draw(_ runs: [GlyphRun], cache: GlyphCache, shadow: TextShadow? = nil, clip: CoverageMask? = nil) {
        let visible = clip.map { $0.bounds.intersection(pixelBounds) } ?? pixelBounds
        guard !visible.isEmpty else { return }
        if let shadow { drawShadow(of: runs, shadow, cache: cache, visible: visible, clip: clip) }
        for run in runs {
            if run.face.isColorBitmap {
                run.forEachColorGlyphDrawing(scale: scale, cache: cache, within: visible) { drawing in
                    switch drawing {
                    case .devicePixels(let glyph, let rect):
                        draw(glyph.image, atDevicePixelX: rect.x, y: rect.y, clip: clip)
                    case .scaled(let glyph, let frame):
                        draw(glyph.image, transform: ColorGlyphDrawing.transform(glyph, into: frame), clip: clip)
                    }
                }
            } else if let mask = run.coverageMask(scale: scale, cache: cache, within: visible) {
                fill(mask, with: run.paint, clip: clip)
            }
        }
    }

    private func drawShadow(of runs: [GlyphRun], _ shadow: TextShadow, cache: GlyphCache, visible: PixelRect,
                            clip: CoverageMask?) {
        let sigma = shadow.sigmaInPoints * scale
        // Coverage up to the blur's reach outside the visible area still blurs into it (the
        // blur itself stops growing at σ = 500 pixels).
        let reach = Int((3 * min(sigma, 500)).rounded(.up)) + 1
        let area = PixelRect(x: visible.x - reach, y: visible.y - reach,
                             width: visible.width + 2 * reach, height: visible.height + 2 * reach)
        var tiles = CoverageAccumulator()
        for run in runs {
            let moved = run.offsetBy(dx: shadow.offsetInPoints.x, dy: shadow.offsetInPoints.y)
            tiles.add(moved.coverageTiles(scale: scale, cache: cache, within: area))
        }
        guard let mask = tiles.makeMask(within: area) else { return }
        fill(mask.gaussianBlurred(sigmaInPixels: sigma), with: .solid(shadow.color), clip: clip)
    }
}
