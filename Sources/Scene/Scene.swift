import Geometry
import Raster

/// A drawing as read from a file: canvas size, background and elements whose text and
/// colours may still refer to an event (`{title}`) and a palette colour (`foreground`).
/// Everything is validated when it is read; `resolve` turns it into a `ResolvedScene` for
/// one event, palette colour and canvas size, and only that is drawn.
///
/// Scene files and card templates are the same language: a template is a scene with a name.
public struct Scene: Sendable {
    /// The size the scene was designed at, in points.
    public let size: Size
    /// The scale a scene file asks to be drawn at (templates are drawn at the card's scale).
    public let scale: Double
    /// Margins of the safe area, `[top, left, bottom, right]`, which `"in": "safe"` frames are
    /// placed in (`%` is not allowed: they are points or shares of the canvas).
    public let safeArea: [Length]
    public let background: PaintReference
    public let elements: [SceneElement]

    public init(size: Size, scale: Double = 1, safeArea: [Length] = Array(repeating: .points(0), count: 4),
                background: PaintReference = .fixed(.solid(.white)), elements: [SceneElement]) {
        self.size = size
        self.scale = scale
        self.safeArea = safeArea
        self.background = background
        self.elements = elements
    }
}

extension Scene {
    /// The event fields the scene's text refers to anywhere.
    public var fields: Set<EventField> {
        func collect(_ elements: [SceneElement]) -> Set<EventField> {
            elements.reduce(into: Set<EventField>()) { result, element in
                switch element {
                case .label(let l, _): result.formUnion(l.text.fields)
                case .chip(let c, _, _):
                    result.formUnion(c.text.fields)
                    if case .emoji? = c.glyph { result.insert(.emoji) }
                case .stack(let items, _, _, _):
                    for item in items {
                        switch item {
                        case .label(let l): result.formUnion(l.text.fields)
                        case .chip(let c):
                            result.formUnion(c.text.fields)
                            if case .emoji? = c.glyph { result.insert(.emoji) }
                        }
                    }
                case .group(let children, _, _): result.formUnion(collect(children))
                case .named(_, let inner): result.formUnion(collect([inner]))
                case .choice(let choice): for list in choice.alternatives { result.formUnion(collect(list)) }
                case .shape, .image, .pattern, .snapshot: break
                }
            }
        }
        return collect(elements)
    }
}

extension Scene {
    /// Whether an image shows the event's photo (`"src": {"from": "eventPhoto"}`).
    public var showsEventPhoto: Bool {
        func any(_ elements: [SceneElement]) -> Bool {
            elements.contains { element in
                switch element {
                case .image(let image):
                    if case .eventPhoto = image.source { return true }
                    return false
                case .group(let children, _, _): return any(children)
                case .named(_, let inner): return any([inner])
                case .choice(let choice): return choice.alternatives.contains(where: any)
                case .shape, .label, .chip, .stack, .pattern, .snapshot: return false
                }
            }
        }
        return any(elements)
    }

    /// Whether resolving needs fonts: the scene has a label, a chip or a stack.
    public var hasText: Bool {
        func any(_ elements: [SceneElement]) -> Bool {
            elements.contains { element in
                switch element {
                case .label, .chip, .stack: return true
                case .group(let children, _, _): return any(children)
                case .named(_, let inner): return any([inner])
                case .choice(let choice): return choice.alternatives.contains(where: any)
                case .shape, .image, .pattern, .snapshot: return false
                }
            }
        }
        return any(elements)
    }
}
