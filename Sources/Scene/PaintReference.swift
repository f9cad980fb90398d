import Geometry
import Raster

/// The palette colour a drawing is resolved against: what `foreground`, `background` and
/// `palette` mean in a scene. A plain scene file without a card gets `PaletteColors.sample`.
public struct PaletteColors: Hashable, Sendable {
    /// Text and icons.
    public let foreground: Color
    /// The background's first colour (a gradient's first stop).
    public let background: Color
    /// The background's last colour (a gradient's last stop; `background` when solid).
    public let backgroundEnd: Color
    /// The whole background (gradient included), already laid across the canvas.
    public let backgroundPaint: Paint
    /// The canvas `backgroundPaint` is laid across, in points: what a point given in lengths
    /// (`ColorReference.backgroundAt`) is measured against.
    public let canvas: Size

    public init(foreground: Color, background: Color, backgroundEnd: Color? = nil, backgroundPaint: Paint, canvas: Size = .zero) {
        self.foreground = foreground
        self.background = background
        self.backgroundEnd = backgroundEnd ?? background
        self.backgroundPaint = backgroundPaint
        self.canvas = canvas
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
    /// The palette colour's background where a gradient ends (its last stop; the colour itself
    /// when solid), at an opacity: what lies in the far corner of a palette gradient.
    case backgroundEnd(alpha: Double)
    /// The palette colour's background at a point of the canvas (`x` along its width, `y`
    /// along its height), at an opacity: the colour a gradient lays there, whatever its angle;
    /// a solid background's colour anywhere. What a shade deepening one corner must match.
    case backgroundAt(x: Length, y: Length, alpha: Double)
    /// Black or white, whichever contrasts more with the palette colour's foreground, at an
    /// opacity: a shadow that lifts the title whether it is set light or dark.
    case contrast(alpha: Double)
    /// The background where it shows against black at `accentMinimumContrast` or more, else
    /// whichever of background and foreground contrasts more with black, at an opacity: an
    /// accent drawn over a darkened photo (a dark palette's near-black background would vanish
    /// there; its light tinted foreground carries the colour instead).
    case accent(alpha: Double)
    /// Another reference with its HSL lightness multiplied by a factor, hue and saturation
    /// kept (`Color.withLightness(scaledBy:)`): a deeper or lighter tone of the palette
    /// colour's own hue, where a layer of black or white would grey it.
    indirect case scaledLightness(ColorReference, factor: Double)

    /// WCAG 2.1's minimum contrast for graphical objects (success criterion 1.4.11), against
    /// black: the darkest ground a darkened photo gives an accent.
    public static let accentMinimumContrast = 3.0

    /// The palette colour's text colour, at any opacity.
    public var isForeground: Bool {
        if case .foreground = self { return true }
        return false
    }

    public func resolve(_ colors: PaletteColors) -> Color {
        switch self {
        case .fixed(let c): return c
        case .foreground(let a): return colors.foreground.withAlpha(colors.foreground.alpha * a)
        case .background(let a): return colors.background.withAlpha(colors.background.alpha * a)
        case .backgroundEnd(let a): return colors.backgroundEnd.withAlpha(colors.backgroundEnd.alpha * a)
        case .backgroundAt(let x, let y, let a):
            let canvas = colors.canvas
            let color = colors.backgroundPaint.color(at: Point(x: x.points(along: canvas.width, canvas: canvas),
                                                               y: y.points(along: canvas.height, canvas: canvas)))
            return color.withAlpha(color.alpha * a)
        case .contrast(let a): return colors.foreground.contrastingBlackOrWhite.withAlpha(a)
        case .accent(let a):
            let background = colors.background.contrastRatio(with: .black), foreground = colors.foreground.contrastRatio(with: .black)
            let accent = background >= Self.accentMinimumContrast || background >= foreground ? colors.background : colors.foreground
            return accent.withAlpha(accent.alpha * a)
        case .scaledLightness(let reference, let factor):
            return reference.resolve(colors).withLightness(scaledBy: factor)
        }
    }
}

/// A paint in a scene: a colour reference, a fixed paint, or the palette colour's whole
/// background (gradient included) laid across the canvas.
public enum PaintReference: Hashable, Sendable {
    case color(ColorReference)
    case fixed(Paint)
    case paletteBackground
    /// A gradient whose geometry is given in lengths, placed on the canvas when resolved.
    case gradient(GradientReference)

    /// The paint on a canvas of `canvas` points.
    public func resolve(_ colors: PaletteColors, canvas: Size = .zero) -> Paint {
        switch self {
        case .color(let c): return .solid(c.resolve(colors))
        case .fixed(let p): return p
        case .paletteBackground: return colors.backgroundPaint
        case .gradient(let g): return g.resolve(colors, canvas: canvas)
        }
    }
}

/// A linear or radial gradient with its points as lengths: `x` along the canvas's width,
/// `y` along its height, a radius along its shorter side (`"50%"` is half of it), and its
/// stops' colours fixed or taken from the palette colour.
public struct GradientReference: Hashable, Sendable {
    public enum Geometry: Hashable, Sendable {
        case linear(from: [Length], to: [Length])
        case radial(center: [Length], radius: Length)
    }

    public struct Stop: Hashable, Sendable {
        /// 0…1 along the gradient.
        public let offset: Double
        public let color: ColorReference
    }

    public let geometry: Geometry
    public let stops: [Stop]

    /// Whether the stops need no palette colour.
    var hasFixedStops: Bool {
        stops.allSatisfy { if case .fixed = $0.color { return true } else { return false } }
    }

    public func resolve(_ colors: PaletteColors, canvas: Size) -> Paint {
        let stops = stops.map { GradientStop(offset: $0.offset, color: $0.color.resolve(colors)) }
        func point(_ p: [Length]) -> Point {
            Point(x: p[0].points(along: canvas.width, canvas: canvas), y: p[1].points(along: canvas.height, canvas: canvas))
        }
        switch geometry {
        case .linear(let from, let to): return .linearGradient(start: point(from), end: point(to), stops: stops)
        case .radial(let center, let radius):
            return .radialGradient(center: point(center), radius: max(0, radius.points(along: min(canvas.width, canvas.height), canvas: canvas)),
                                   stops: stops)
        }
    }
}
