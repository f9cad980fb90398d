import Geometry
import Typesetting

extension TextDirection {
    /// `rect` as this direction lays it out in `bounds`: unchanged left to right, reflected
    /// about the vertical centre line of `bounds` right to left.
    func mirror(_ rect: Rect, in bounds: Rect) -> Rect {
        guard self == .rightToLeft else { return rect }
        return Rect(x: bounds.minX + bounds.maxX - rect.maxX, y: rect.minY, width: rect.width, height: rect.height)
    }
}
