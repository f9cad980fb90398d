import Raster

/// The work one render may ask for, counted in device pixels: the canvas, one canvas-sized
/// layer for every group with filters (its children are drawn on it, then it is filtered
/// and copied back), one canvas copy per snapshot level, and the pixels of every image
/// (read again for each filter, and once more to shrink it). Checked when a scene is parsed
/// at the scene's scale, and again when it is rendered at the scale it is rendered at.
public enum SceneLimits {
    /// At most this many device pixels per render: 50 million, 200 MB of pixels.
    public static let maximumPixelsPerRender = 50_000_000.0
}

extension Scene {
    /// Device pixels the render at `scale` allocates and works through (see `SceneLimits`).
    public func pixelCost(atScale scale: Double) -> Double {
        let canvasPixels = (size.width * scale).rounded() * (size.height * scale).rounded()
        func cost(_ elements: [SceneElement]) -> Double {
            elements.reduce(0) { total, element in
                switch element {
                case .shape: return total
                case .image(let image, _, _, _, let filters):
                    return total + Double(image.width * image.height) * Double(1 + filters.count)
                case .group(let children, _, let filters):
                    return total + (filters.isEmpty ? 0 : canvasPixels * Double(1 + filters.count)) + cost(children)
                case .snapshot(_, _, let levels):
                    return total + canvasPixels * Double(levels)
                }
            }
        }
        return canvasPixels + cost(elements)
    }

    /// Nil when the render at `scale` is within `SceneLimits`, else what is too much.
    public func pixelBudgetProblem(atScale scale: Double) -> String? {
        let cost = pixelCost(atScale: scale)
        guard cost > SceneLimits.maximumPixelsPerRender else { return nil }
        return "at scale \(scale) the scene needs \(Int(cost)) device pixels (canvas, filtered groups, snapshots and images), "
            + "over the limit of \(Int(SceneLimits.maximumPixelsPerRender)) per render"
    }
}

/// A scene that would need more than one render may use.
public struct SceneLimitError: Error, Sendable, CustomStringConvertible {
    public let description: String
}
