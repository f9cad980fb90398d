import Geometry
import Raster

/// The palette colour a drawing is resolved against: what `foreground`, `background` and
/// `palette` mean in a scene. A plain scene file without a card gets `PaletteColors.sample`.
public struct PaletteColors: Hashable, Sendable {
    /// Text and icons.
    public let foreground: Color
    /// The background's first colour (a gradient's first stop).
    public let background: Color
    /// The whole background (gradient included), already laid across the canvas.
    public let backgroundPaint: Paint

    public init(foreground: Color, background: Color, backgroundPaint: Paint) {
        self.foreground = foreground
        self.background = background
        self.backgroundPaint = backgroundPaint
    }

    /// White on the default palette's purple: what a scene is drawn with outside a card.
    public static let sample = PaletteColors(foreground: .white, background: Color(hex: "#7b4397")!,
                                             backgroundPaint: .solid(Color(hex: "#7b4397")!))
}

/// A colour in a scene: fixed, or taken from the palette colour.
public enum ColorReference: Hashable, Sendable {
    case fixed(Color)
    /// The palette colour's foreground, at an opacity.
    case foreground(alpha: Double)
    /// The palette colour's background (its first stop for gradients), at an opacity.
    case background(alpha: Double)

    public func resolve(_ colors: PaletteColors) -> Color {
        switch self {
        case .fixed(let c): return c
        case .foreground(let a): return colors.foreground.withAlpha(colors.foreground.alpha * a)
        case .background(let a): return colors.background.withAlpha(colors.background.alpha * a)
        }
    }
}

/// A paint in a scene: a colour reference, a fixed paint, or the palette colour's whole
/// background (gradient included) laid across the canvas.
public enum PaintReference: Hashable, Sendable {
    case color(ColorReference)
    case fixed(Paint)
    case paletteBackground

    public func resolve(_ colors: PaletteColors) -> Paint {
        switch self {
        case .color(let c): return .solid(c.resolve(colors))
        case .fixed(let p): return p
        case .paletteBackground: return colors.backgroundPaint
        }
    }
}
