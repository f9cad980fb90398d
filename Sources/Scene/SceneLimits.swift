import Geometry
import Raster

/// The work one render may ask for, counted in device pixels: the canvas, one canvas-sized
/// layer for every group with filters (its children are drawn on it, then it is filtered
/// and copied back), one canvas copy per snapshot level, and the pixels of every image
/// (read again for each filter, and once more to shrink it). Checked when a scene is read,
/// at its own size and scale, and again when it is resolved for the size and scale it is
/// drawn at.
public enum SceneLimits {
    /// At most this many device pixels per render by default: 50 million, 200 MB of pixels.
    public static let maximumPixelsPerRender = 50_000_000.0
}

extension Scene {
    /// Device pixels a render of a `size`-point canvas at `scale` allocates and works through.
    public func pixelCost(size: Size, scale: Double) -> Double {
        let canvasPixels = (size.width * scale).rounded() * (size.height * scale).rounded()
        func cost(_ elements: [SceneElement]) -> Double {
            elements.reduce(0) { total, element in
                switch element {
                case .image(let image):
                    switch image.source {
                    case .asset(let asset):
                        return total + Double(asset.pixelWidth * asset.pixelHeight) * Double(1 + image.filters.count)
                    case .eventPhoto(let placeholder):
                        // A photo is decoded to about the canvas's size (see the Cards target's EventPhoto).
                        let pixels = max(canvasPixels, placeholder.map { Double($0.pixelWidth * $0.pixelHeight) } ?? 0)
                        return total + pixels * Double(1 + image.filters.count)
                    }
                case .group(let children, _, let filters):
                    return total + (filters.isEmpty ? 0 : canvasPixels * Double(1 + filters.count)) + cost(children)
                case .snapshot(_, _, let levels):
                    return total + canvasPixels * Double(levels)
                case .named(_, let inner):
                    return total + cost([inner])
                case .choice(let choice):
                    return total + (choice.alternatives.map(cost).max() ?? 0)
                case .shape, .label, .chip, .stack, .pattern:
                    return total
                }
            }
        }
        return canvasPixels + cost(elements)
    }

    /// Nil when the render is within `limit` device pixels, else what is too much.
    public func pixelBudgetProblem(size: Size, scale: Double,
                                   limit: Double = SceneLimits.maximumPixelsPerRender) -> String? {
        let cost = pixelCost(size: size, scale: scale)
        guard cost > limit else { return nil }
        return "at scale \(scale) the scene needs \(Int(cost)) device pixels (canvas, filtered groups, snapshots and images) "
            + "for a \(Self.points(size.width))×\(Self.points(size.height)) canvas, over the limit of \(Int(limit)) per render"
    }

    static func points(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}

/// A scene that would need more than one render may use.
public struct SceneLimitError: Error, Sendable, CustomStringConvertible {
    public let description: String
}
