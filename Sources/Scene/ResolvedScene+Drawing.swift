import Geometry
import Layout
import Raster
import Typesetting

extension ResolvedScene {
    /// Draws the resolved tree onto a new canvas: no measuring, no decisions. Filter
    /// lengths are in points and are scaled to device pixels here.
    public func draw() throws -> Canvas {
        try draw(measuringGroundOf: { _ in false }).canvas
    }

    /// Draws as `draw()` does, and reads the ground of the first text `isMeasured` picks: the
    /// darkest and lightest pixels under its lines (`ResolvedText.lineBoxes`) just before it is
    /// drawn, so everything drawn beneath it counts and nothing drawn over it. Nil when no
    /// such text is drawn straight onto the canvas (one in a filtered group is drawn onto a
    /// layer of its own, with no ground to read).
    public func draw(measuringGroundOf isMeasured: @escaping (ResolvedText) -> Bool) throws -> (canvas: Canvas, ground: GroundExtremes?) {
        let canvas = try Canvas(size: size, scale: scale, ground: background)
        var probe = GroundProbe(isMeasured: isMeasured)
        for element in elements { element.draw(on: canvas, glyphCache: glyphCache, clip: nil, probe: &probe) }
        return (canvas, probe.ground)
    }
}

/// The text whose ground a drawing reads, and what it read.
struct GroundProbe {
    let isMeasured: (ResolvedText) -> Bool
    var done = false
    var ground: GroundExtremes?

    /// Reads the ground under `text` if it is the one wanted and none was read yet, or takes
    /// `groundAsRead`, the same pixels read just before (by the text's scrim).
    mutating func visit(_ text: ResolvedText, on canvas: Canvas, groundAsRead: GroundExtremes? = nil) {
        guard !done, isMeasured(text) else { return }
        done = true
        ground = groundAsRead ?? canvas.groundExtremes(in: text.lineBoxes)
    }

    /// A probe that reads nothing: for a layer, whose pixels are not the card's.
    static var none: GroundProbe { GroundProbe(isMeasured: { _ in false }, done: true) }
}

extension ResolvedElement {
    func draw(on canvas: Canvas, glyphCache: GlyphCache?, clip: CoverageMask? = nil) {
        var probe = GroundProbe.none
        draw(on: canvas, glyphCache: glyphCache, clip: clip, probe: &probe)
    }

    func draw(on canvas: Canvas, glyphCache: GlyphCache?, clip: CoverageMask?, probe: inout GroundProbe) {
        switch self {
        case .shape(let path, let fill, let rule, let stroke):
            if let fill { canvas.fill(path, with: fill, rule: rule, clip: clip) }
            if let (paint, style) = stroke { canvas.stroke(path, with: paint, style: style, clip: clip) }

        case .image(let image, let frame, let mode, let clipsToBounds, let radius, let filters):
            let rounded = radius > 0 ? canvas.makeClip(rect: frame, cornerRadius: radius, within: clip) : clip
            // An image's filters work in the image's own pixels, whatever the canvas scale.
            canvas.draw(image, in: frame, contentMode: mode, clipsToBounds: clipsToBounds, clip: rounded, clipLiesInRect: radius > 0,
                        filters: filters)

        case .text(let text):
            guard let glyphCache, !text.lines.isEmpty else { return }
            let ground = text.scrim?.lay(under: text, on: canvas, clip: clip)
            probe.visit(text, on: canvas, groundAsRead: ground)
            canvas.draw(text.glyphRuns, cache: glyphCache, shadow: text.shadow, clip: clip)

        case .chip(let chip):
            chip.background?.draw(in: chip.frame, on: canvas)
            switch chip.glyph {
            case .icon(let icon, let style, let color, let frame)?: icon.draw(in: frame, color: color, style: style, on: canvas)
            case .emoji(let text)?: ResolvedElement.text(text).draw(on: canvas, glyphCache: glyphCache, clip: clip, probe: &probe)
            case nil: break
            }
            if let title = chip.title { ResolvedElement.text(title).draw(on: canvas, glyphCache: glyphCache, clip: clip, probe: &probe) }

        case .group(let children, let groupClip, let filters):
            let innerClip = groupClip.map { canvas.makeClip(rect: $0.rect, cornerRadius: $0.cornerRadius, within: clip) } ?? clip
            guard !filters.isEmpty, let layer = try? Canvas(size: canvas.size, scale: canvas.scale) else {
                for child in children { child.draw(on: canvas, glyphCache: glyphCache, clip: innerClip, probe: &probe) }
                return
            }
            // Filters see the group's pixels alone; the clip applies to the filtered result. A text
            // drawn there has no ground to read, and is not looked for again after the group.
            if !probe.done, children.flatMap(\.texts).contains(where: probe.isMeasured) { probe = .none }
            for child in children { child.draw(on: layer, glyphCache: glyphCache, clip: nil) }
            canvas.draw(layer.makeImage().applying(filters.map { $0.scaled(by: canvas.scale) }), in: canvas.bounds, clip: innerClip)

        case .snapshot(let frame, let mode, let levels):
            for _ in 0..<levels {
                canvas.draw(canvas.makeImage(), in: frame, contentMode: mode, clipsToBounds: true, clip: clip)
            }
        }
    }
}

extension Filter {
    /// The filter with its lengths multiplied by `scale`: points to device pixels for a group,
    /// points to the photo's pixels for the event photo (`SceneResolver.pixelsPerPoint`).
    func scaled(by scale: Double) -> Filter {
        switch self {
        case .hueRotate, .hueAdjust, .straighten: return self
        case .gaussianBlur(let sigma, let extend): return .gaussianBlur(sigma: sigma * scale, extendEdges: extend)
        case .dropShadow(let dx, let dy, let sigma, let color):
            return .dropShadow(offsetX: dx * scale, offsetY: dy * scale, sigma: sigma * scale, color: color)
        }
    }
}
