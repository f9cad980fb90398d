import Geometry

/// The shape of a canvas, as designs tell them apart: wide when it is at least 2.5 times as
/// wide as tall (a banner, 3:1), tall when at least 2.5 times as tall as wide (a 320×1200
/// skyscraper; a story, 1.78:1, is portrait), landscape when more than 1.2 times as wide as
/// tall (a card, 16:9, or Open Graph, 1.9:1), portrait when more than 1.2 times as tall as
/// wide, square otherwise. Where a design gives nothing for `wide`, the landscape value
/// serves; for `tall`, the portrait value.
public enum CanvasShape: String, Hashable, Sendable, CaseIterable {
    case wide, landscape, square, portrait, tall

    /// The least width-to-height ratio of a wide canvas, and height-to-width ratio of a tall one.
    public static let wideRatio = 2.5

    public init(_ canvas: Size) {
        if canvas.width >= canvas.height * Self.wideRatio {
            self = .wide
        } else if canvas.height >= canvas.width * Self.wideRatio {
            self = .tall
        } else if canvas.width > canvas.height * 1.2 {
            self = .landscape
        } else if canvas.height > canvas.width * 1.2 {
            self = .portrait
        } else {
            self = .square
        }
    }
}

/// Elements drawn one of several ways, the way chosen when the scene is resolved
/// (`"type": "choice"` in docs/templates.md).
public enum Choice: Sendable {
    /// One list of elements per canvas shape; a wide canvas draws `landscape` when `wide` is
    /// nil, a tall one `portrait` when `tall` is nil.
    case canvasShape(landscape: [SceneElement], square: [SceneElement], portrait: [SceneElement], wide: [SceneElement]?,
                     tall: [SceneElement]? = nil)
    /// The option whose text lies least over the faces of the event's photo as drawn so far
    /// (`FaceOverlap`); the first option when there are no faces, and on a tie.
    case clearOfFaces([[SceneElement]])

    /// Every list of elements the choice may draw.
    public var alternatives: [[SceneElement]] {
        switch self {
        case .canvasShape(let landscape, let square, let portrait, let wide, let tall):
            return [landscape, square, portrait] + (wide.map { [$0] } ?? []) + (tall.map { [$0] } ?? [])
        case .clearOfFaces(let options): return options
        }
    }
}

/// How much of the faces a resolved option's text covers: the area, in square points, where
/// the lines of its labels and its chips overlap the faces' boxes on the canvas, each box
/// raised by `headroom` face heights (so text does not sit on the hair either).
enum FaceOverlap {
    static let headroom = 0.3

    static func area(of elements: [ResolvedElement], faces: [Rect]) -> Double {
        let raised = faces.map { Rect(x: $0.minX, y: $0.minY - headroom * $0.height, width: $0.width, height: $0.height * (1 + headroom)) }
        return textBounds(elements).reduce(0) { total, text in
            raised.reduce(total) { sum, face in
                let overlap = text.intersection(face)
                return overlap.isEmpty ? sum : sum + overlap.width * overlap.height
            }
        }
    }

    /// The boxes of every text line and chip among `elements`, in canvas points.
    static func textBounds(_ elements: [ResolvedElement]) -> [Rect] {
        elements.flatMap { element -> [Rect] in
            switch element {
            case .text(let text): return text.lineBounds
            case .chip(let chip): return [chip.frame]
            case .group(let children, _, _): return textBounds(children)
            case .shape, .image, .snapshot: return []
            }
        }
    }
}

extension ResolvedText {
    /// Each line's box on the canvas: its advance width by its ascent and descent.
    public var lineBounds: [Rect] {
        lines.map { line in
            Rect(x: frame.minX + line.origin.x, y: frame.minY + linesOffsetY + line.origin.y - line.ascent,
                 width: line.width, height: line.ascent + line.descent)
        }
    }
}
