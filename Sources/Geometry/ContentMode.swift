/// How content of one size is placed in a rectangle: UIKit's `UIView.ContentMode`.
public enum ContentMode: String, Sendable, CaseIterable, Codable {
    case scaleToFill, aspectFit, aspectFill, center, top, bottom, left, right
    case topLeft, topRight, bottomLeft, bottomRight

    /// The frame the content occupies when placed in `bounds`. Frames of `aspectFill` and of
    /// the unscaled modes may extend past `bounds`; clip to `bounds` to hide the overflow.
    public func frame(for content: Size, in bounds: Rect) -> Rect {
        guard content.width > 0, content.height > 0 else { return Rect(origin: bounds.origin, size: .zero) }
        switch self {
        case .scaleToFill:
            return bounds
        case .aspectFit, .aspectFill:
            let sx = bounds.width / content.width, sy = bounds.height / content.height
            let s = self == .aspectFit ? min(sx, sy) : max(sx, sy)
            let w = content.width * s, h = content.height * s
            return Rect(x: bounds.midX - w / 2, y: bounds.midY - h / 2, width: w, height: h)
        default:
            let w = content.width, h = content.height
            let xLeft = bounds.minX, xMid = bounds.midX - w / 2, xRight = bounds.maxX - w
            let yTop = bounds.minY, yMid = bounds.midY - h / 2, yBottom = bounds.maxY - h
            let (x, y): (Double, Double)
            switch self {
            case .center: (x, y) = (xMid, yMid)
            case .top: (x, y) = (xMid, yTop)
            case .bottom: (x, y) = (xMid, yBottom)
            case .left: (x, y) = (xLeft, yMid)
            case .right: (x, y) = (xRight, yMid)
            case .topLeft: (x, y) = (xLeft, yTop)
            case .topRight: (x, y) = (xRight, yTop)
            case .bottomLeft: (x, y) = (xLeft, yBottom)
            default: (x, y) = (xRight, yBottom)
            }
            return Rect(x: x, y: y, width: w, height: h)
        }
    }
}
