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
    /// The first option whose text is clear of the faces of the event's photo as the card shows
    /// them once the option is drawn (`FaceOverlap`); when none is, the one whose text covers
    /// them least (the earlier on a tie).
    case clearOfFaces([[SceneElement]])
    /// `present` when the event has a value for any of `fields`, else `absent` (a wide card
    /// that sets its emoji beside the title gives the title the whole width without one).
    case field([EventField], present: [SceneElement], absent: [SceneElement])

    /// Every list of elements the choice may draw.
    public var alternatives: [[SceneElement]] {
        switch self {
        case .canvasShape(let landscape, let square, let portrait, let wide, let tall):
            return [landscape, square, portrait] + (wide.map { [$0] } ?? []) + (tall.map { [$0] } ?? [])
        case .clearOfFaces(let options): return options
        case .field(_, let present, let absent): return [present, absent]
        }
    }
}

/// How a `clearOfFaces` choice judges an option: by the area where the lines of its labels and
/// its chips overlap the faces the card shows once the option is drawn (`VisibleFaces`).
enum FaceOverlap {
    /// The share of any one face's visible area (hair included) an option's text may cover and
    /// still count as clear of it: a line across a whole face may reach 0.026 face heights into
    /// its raised box. A line that grazes the hair allowance (0.9 % on the contact sheet's
    /// camera-edge card) is clear; one on the chin (5.7 %, 7.7 %) is not (docs/design.md). Each
    /// face is judged on its own, so a small face is not outweighed by a large one beside it.
    static let clearFraction = 0.02

    /// Whether text in `boxes` covers no face by more than `clearFraction` of its visible area.
    static func isClear(_ boxes: [Rect], of faces: VisibleFaces) -> Bool {
        faces.largestCoveredShare(by: boxes) <= clearFraction
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
