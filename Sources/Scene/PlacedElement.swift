import Geometry

/// One placed element of a resolved scene, as the API reports it: what was decided, in
/// points, rounded to 0.001. Shapes and patterns are left out (they carry no decisions).
public struct PlacedElement: Codable, Hashable, Sendable {
    /// `text`, `chip`, `image` or `snapshot`.
    public let kind: String
    /// `[x, y, width, height]` in points.
    public let frame: [Double]
    /// The event fields the text shows (`title`, `date`, …).
    public let fields: [String]?
    public let text: String?
    public let fontSize: Double?
    public let lines: [String]?
    public let truncated: Bool?
}

extension ResolvedScene {
    /// Every text, chip, image and snapshot in drawing order, stacks flattened.
    public var placedElements: [PlacedElement] {
        func rounded(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
        func frame(_ r: Rect) -> [Double] { [r.minX, r.minY, r.width, r.height].map(rounded) }
        func text(_ kind: String, _ r: Rect, _ t: ResolvedText?) -> PlacedElement {
            PlacedElement(kind: kind, frame: frame(r), fields: t.map { $0.fields.map(\.rawValue) }, text: t?.text,
                          fontSize: t.map { rounded($0.fontSizeInPoints) }, lines: t?.lines.map(\.text), truncated: t?.truncated)
        }
        func collect(_ elements: [ResolvedElement]) -> [PlacedElement] {
            elements.flatMap { element -> [PlacedElement] in
                switch element {
                case .text(let t): return [text("text", t.frame, t)]
                case .chip(let c): return [text("chip", c.frame, c.title)]
                case .image(_, let r, _, _, _, _): return [text("image", r, nil)]
                case .snapshot(let r, _, _): return [text("snapshot", r, nil)]
                case .group(let children, _, _): return collect(children)
                case .shape: return []
                }
            }
        }
        return collect(elements)
    }
}
