import Geometry
import Raster

extension Scene {
    /// Draws the scene onto a new canvas. Filter lengths in the scene are in points and
    /// are scaled to device pixels here.
    /// Throws `SceneLimitError` when the render needs more than `SceneLimits` allows (the
    /// scale may differ from the one the scene was parsed at).
    public func render() throws -> Canvas {
        if let problem = pixelBudgetProblem(atScale: scale) { throw SceneLimitError(description: problem) }
        let canvas = try Canvas(size: size, scale: scale, background: .clear)
        canvas.fill(Path(rect: canvas.bounds), with: background)
        draw(elements, on: canvas, clip: nil)
        return canvas
    }

    private func draw(_ elements: [SceneElement], on canvas: Canvas, clip: CoverageMask?) {
        for element in elements { draw(element, on: canvas, clip: clip) }
    }

    private func draw(_ element: SceneElement, on canvas: Canvas, clip: CoverageMask?) {
        switch element {
        case .shape(let path, let fill, let rule, let stroke):
            if let fill { canvas.fill(path, with: fill, rule: rule, clip: clip) }
            if let (paint, style) = stroke { canvas.stroke(path, with: paint, style: style, clip: clip) }

        case .image(let image, let frame, let mode, let clipsToBounds, let filters):
            canvas.draw(image.applying(filters), in: frame, contentMode: mode,
                        clipsToBounds: clipsToBounds, clip: clip)

        case .group(let children, let groupClip, let filters):
            let innerClip = groupClip.map { canvas.makeClip(rect: $0.rect, cornerRadius: $0.cornerRadius, within: clip) } ?? clip
            guard !filters.isEmpty, let layer = try? Canvas(size: canvas.size, scale: canvas.scale) else {
                draw(children, on: canvas, clip: innerClip)
                return
            }
            // Filters see the group's pixels alone; the clip applies to the filtered result.
            draw(children, on: layer, clip: nil)
            canvas.draw(layer.makeImage().applying(filters.map(scaled)), in: canvas.bounds, clip: innerClip)

        case .snapshot(let frame, let mode, let levels):
            for _ in 0..<levels {
                canvas.draw(canvas.makeImage(), in: frame, contentMode: mode, clipsToBounds: true, clip: clip)
            }
        }
    }

    /// A filter with its lengths converted from points to device pixels.
    private func scaled(_ filter: Filter) -> Filter {
        switch filter {
        case .hueRotate, .hueAdjust, .straighten: return filter
        case .gaussianBlur(let sigma, let extend): return .gaussianBlur(sigma: sigma * scale, extendEdges: extend)
        case .dropShadow(let dx, let dy, let sigma, let color):
            return .dropShadow(offsetX: dx * scale, offsetY: dy * scale, sigma: sigma * scale, color: color)
        }
    }
}
