import Foundation
import Geometry
import Raster

/// Small vector icons for buttons and chips, drawn on a 24 × 24 grid as 2-unit round-capped
/// strokes (the outline style of common UI icon sets), so that they stay legible from about
/// 16 to 48 points. Each is the geometry only; `draw` strokes (and optionally fills) it.
public enum Icon: String, Sendable, CaseIterable, Codable {
    case calendar, clock, share, star, heart, pin, gift, check

    /// How an icon is painted.
    public enum Style: String, Sendable, CaseIterable, Codable {
        /// Strokes only.
        case outline
        /// The outline filled as well (even-odd, so the pin keeps its hole), for the icons
        /// whose outline is one closed shape (`hasFilledStyle`); the others stay outlined.
        case filled
    }

    /// The icon and style a template names: `"star"` (outline) or `"star.filled"`; nil for
    /// anything else, including `""`, `"."` and `".."`.
    public static func named(_ name: String) -> (icon: Icon, style: Style)? {
        let parts = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = parts.first, let icon = Icon(rawValue: String(first)) else { return nil }
        guard parts.count == 2 else { return (icon, .outline) }
        guard let style = Style(rawValue: String(parts[1])) else { return nil }
        return (icon, style)
    }

    /// The icon reads as a solid shape when filled (its details would vanish otherwise).
    public var hasFilledStyle: Bool { [.star, .heart, .pin].contains(self) }

    /// The side of the design grid, in grid units.
    public static let gridSize = 24.0
    /// The stroke width in grid units; scales with the icon.
    public static let strokeWidthInGridUnits = 2.0

    /// The outline in grid units (0…24 on both axes).
    public var gridPath: Path {
        switch self {
        case .calendar:
            return Icon.parse("""
                M5 5 H19 C20.1 5 21 5.9 21 7 V19 C21 20.1 20.1 21 19 21 H5 C3.9 21 3 20.1 3 19 V7 C3 5.9 3.9 5 5 5 Z
                M8 3 V7 M16 3 V7 M3 10 H21
                """)
        case .clock:
            var path = Path(ellipseIn: Rect(x: 3, y: 3, width: 18, height: 18))
            path.append(contentsOf: Icon.parse("M12 7 V12 L15.5 14"))
            return path
        case .share:
            return Icon.parse("""
                M12 3 V15 M8 7 L12 3 L16 7
                M8 10 H7 C5.3 10 4 11.3 4 13 V18 C4 19.7 5.3 21 7 21 H17 C18.7 21 20 19.7 20 18 V13 C20 11.3 18.7 10 17 10 H16
                """)
        case .star:
            // Five points, outer radius 10, inner 4.6 (rounder than the regular 3.82), centred
            // on the grid's middle by its vertical extent (top point 10 up, base 8.1 down).
            var path = Path()
            let center = Point(x: 12, y: 12.95)
            for i in 0..<10 {
                let radius = i.isMultiple(of: 2) ? 10.0 : 4.6
                let angle = -Double.pi / 2 + Double(i) * Double.pi / 5
                let p = Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
                if i == 0 { path.move(to: p) } else { path.line(to: p) }
            }
            path.close()
            return path
        case .heart:
            return Icon.parse("""
                M12 20.5 C12 20.5 3 15.2 3 8.9 C3 6.2 5.1 4 7.7 4 C9.5 4 11.1 5 12 6.6
                C12.9 5 14.5 4 16.3 4 C18.9 4 21 6.2 21 8.9 C21 15.2 12 20.5 12 20.5 Z
                """)
        case .pin:
            var path = Icon.parse("M12 21.5 C12 21.5 19 15.2 19 9.5 C19 5.6 15.9 2.5 12 2.5 C8.1 2.5 5 5.6 5 9.5 C5 15.2 12 21.5 12 21.5 Z")
            path.append(contentsOf: Path(ellipseIn: Rect(x: 9.5, y: 7, width: 5, height: 5)))
            return path
        case .gift:
            return Icon.parse("""
                M4 8 H20 V11.5 H4 Z M5 11.5 V20 C5 20.6 5.4 21 6 21 H18 C18.6 21 19 20.6 19 20 V11.5 M12 8 V21
                M12 8 C11.2 5 9.8 3.5 8.3 3.5 C7 3.5 6.2 4.4 6.2 5.6 C6.2 7 7.4 8 9.2 8
                M12 8 C12.8 5 14.2 3.5 15.7 3.5 C17 3.5 17.8 4.4 17.8 5.6 C17.8 7 16.6 8 14.8 8
                """)
        case .check:
            return Icon.parse("M4.5 12.5 L9.5 17.5 L19.5 6.5")
        }
    }

    /// Dots in grid units, filled rather than stroked: each is a disc as wide as the stroke,
    /// the look of a round-capped zero-length line (which FreeType's stroker cannot take).
    public var gridDots: Path {
        switch self {
        case .calendar:
            let r = Icon.strokeWidthInGridUnits / 2
            var path = Path()
            for (x, y) in [(8.0, 14.0), (12, 14), (16, 14), (8, 17.5), (12, 17.5)] {
                path.append(contentsOf: Path(ellipseIn: Rect(x: x - r, y: y - r, width: 2 * r, height: 2 * r)))
            }
            return path
        default:
            return Path()
        }
    }

    /// The stroked outline scaled uniformly into the largest centred square of `rect`.
    public func path(in rect: Rect) -> Path {
        gridPath.applying(Icon.gridTransform(into: rect))
    }

    /// The filled dots scaled like `path(in:)`.
    public func dotsPath(in rect: Rect) -> Path {
        gridDots.applying(Icon.gridTransform(into: rect))
    }

    /// The stroke width in points for an icon drawn in `rect`.
    public static func strokeWidth(in rect: Rect) -> Double {
        strokeWidthInGridUnits * min(rect.width, rect.height) / gridSize
    }

    /// Paints the icon into the largest centred square of `rect`.
    public func draw(in rect: Rect, color: Color, style: Style = .outline, on canvas: Canvas,
                     clip: CoverageMask? = nil) {
        let width = Icon.strokeWidth(in: rect)
        guard width > 0, let stroke = try? StrokeStyle(width: width, join: .round, cap: .round) else { return }
        let path = path(in: rect)
        if style == .filled && hasFilledStyle { canvas.fill(path, with: .solid(color), rule: .evenOdd, clip: clip) }
        canvas.stroke(path, with: .solid(color), style: stroke, clip: clip)
        let dots = dotsPath(in: rect)
        if !dots.isEmpty { canvas.fill(dots, with: .solid(color), clip: clip) }
    }

    static func gridTransform(into rect: Rect) -> Transform {
        let side = min(rect.width, rect.height)
        let k = side / gridSize
        return Transform.scale(x: k, y: k)
            .concatenating(.translation(x: rect.midX - side / 2, y: rect.midY - side / 2))
    }

    /// The designs above are constants checked by the tests; a parse failure is a typo here.
    private static func parse(_ data: String) -> Path {
        do { return try Path(svgPathData: data) } catch { preconditionFailure("icon path data: \(error)") }
    }
}
