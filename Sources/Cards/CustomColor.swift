import Raster
import UnicodeText

/// A card colour given as hex rather than a palette name: `#1e88e5` or `#18e` for a solid
/// background, `#1e88e5,#8e24aa` for a diagonal gradient between two stops. The foreground
/// is chosen, not given: white or a near-black, whichever contrasts more with the worst
/// spot of the background (WCAG 2); drawing chooses again against the ground as drawn under
/// the title, which a template may light or shade (`CardRenderer.render`).
public struct CustomColor: Hashable, Sendable {
    /// The background's colours, one or two, opaque.
    public let stops: [Color]
    /// The near-black offered against light backgrounds (pure black looks harsh on colour).
    public static let darkForeground = Color(hex: "#121212")!
    /// The angle of a two-stop gradient, as the `gradients` palette draws them.
    public static let gradientAngleInDegrees = 135.0

    /// True when `text` is meant as hex colours rather than a palette colour name.
    public static func isHex(_ text: String) -> Bool { text.hasPrefix("#") }

    /// Parses one or two comma-separated `#rgb`/`#rrggbb` colours (no alpha: cards are
    /// opaque); errors name the `color` field.
    public init(_ text: String) throws(EventError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count) else {
            throw EventError(field: "color", reason: "takes one hex colour or two for a gradient (\"#1e88e5\" or \"#1e88e5,#8e24aa\"), got \(parts.count)")
        }
        stops = try parts.map { part throws(EventError) -> Color in
            let digits = part.dropFirst()
            guard part.hasPrefix("#"), [3, 6].contains(digits.count), digits.allSatisfy(\.isHexDigit), let c = Color(hex: String(part)) else {
                let whole = parts.count > 1 ? " in \(QuotedValue.quoted(text, maximumScalars: 40))" : ""
                throw EventError(field: "color", reason: "must be a palette colour name or hex as #rgb or #rrggbb, got \(QuotedValue.quoted(part, maximumScalars: 20))\(whole)")
            }
            return c
        }
    }

    /// Lowercase `#rrggbb`, stops joined by a comma: one spelling per colour, for URLs and
    /// cache keys.
    public var canonical: String { stops.map(\.hexString).joined(separator: ",") }

    public var background: Palette.Background {
        guard stops.count == 2 else { return .solid(stops[0]) }
        return .linear(angleInDegrees: Self.gradientAngleInDegrees,
                       stops: [GradientStop(offset: 0, color: stops[0]), GradientStop(offset: 1, color: stops[1])])
    }

    /// White or the near-black, whichever has the higher contrast at the background's
    /// lowest-contrast stop (white on a tie).
    public var foreground: Color { Self.foreground(against: stops) }

    /// White or the near-black, whichever has the higher contrast where it contrasts least
    /// with `grounds` (white on a tie).
    public static func foreground(against grounds: [Color]) -> Color {
        func worst(_ f: Color) -> Double { grounds.map { f.contrastRatio(with: $0) }.min() ?? 0 }
        return worst(.white) >= worst(darkForeground) ? .white : darkForeground
    }

    /// A palette entry named by the canonical spelling, drawn like any palette colour.
    public var entry: Palette.Entry {
        Palette.Entry(name: canonical, background: background, foreground: foreground, isForegroundChosen: true)
    }
}
