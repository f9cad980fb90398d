import Geometry
import Raster

/// What is painted behind a view's content: a fill, rounded corners and an optional border.
/// A corner radius of at least half the shorter side gives a capsule (a chip).
public struct Background: Sendable {
    public let paint: Paint?
    public let cornerRadius: Double
    public let border: Border?

    public init(paint: Paint?, cornerRadius: Double = 0, border: Border? = nil) throws {
        guard cornerRadius >= 0, !cornerRadius.isNaN else {
            throw LayoutError.invalidArgument("corner radius must be zero or more points, got \(cornerRadius)")
        }
        self.paint = paint
        self.cornerRadius = cornerRadius
        self.border = border
    }

    /// A solid capsule, the usual chip.
    public static func capsule(_ color: Color, border: Border? = nil) -> Background {
        Background(validated: .solid(color), .infinity, border)
    }

    private init(validated paint: Paint?, _ cornerRadius: Double, _ border: Border?) {
        self.paint = paint
        self.cornerRadius = cornerRadius
        self.border = border
    }

    /// Paints the fill, then the border inside `frame`'s edge.
    public func draw(in frame: Rect, on canvas: Canvas) {
        guard !frame.isEmpty else { return }
        if let paint { canvas.fill(Path(roundedRect: frame, cornerRadius: cornerRadius), with: paint) }
        if let border, let style = try? StrokeStyle(width: border.widthInPoints) {
            let half = border.widthInPoints / 2
            let inner = frame.insetBy(dx: half, dy: half)
            guard !inner.isEmpty else { return }
            canvas.stroke(Path(roundedRect: inner, cornerRadius: max(0, cornerRadius - half)),
                          with: .solid(border.color), style: style)
        }
    }
}
