import Geometry
import Raster

/// A colour in a template: fixed, or taken from the event's palette colour.
public enum ColorReference: Hashable, Sendable {
    case fixed(Color)
    /// The palette colour's foreground, at an opacity.
    case foreground(alpha: Double)
    /// The palette colour's background (its first stop for gradients), at an opacity.
    case background(alpha: Double)

    func resolve(_ entry: Palette.Entry) -> Color {
        switch self {
        case .fixed(let c): return c
        case .foreground(let a): return entry.foreground.withAlpha(entry.foreground.alpha * a)
        case .background(let a):
            let c = entry.background.colors[0]
            return c.withAlpha(c.alpha * a)
        }
    }
}

/// A paint in a template: a colour reference, a fixed paint, or the palette colour's whole
/// background (gradient included) laid across the card.
public enum PaintReference: Hashable, Sendable {
    case color(ColorReference)
    case fixed(Paint)
    case paletteBackground

    func resolve(_ entry: Palette.Entry, cardSize: Size) -> Paint {
        switch self {
        case .color(let c): return .solid(c.resolve(entry))
        case .fixed(let p): return p
        case .paletteBackground: return entry.background.paint(for: cardSize)
        }
    }
}
