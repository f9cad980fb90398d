import Geometry
import Layout
import Raster
import Typesetting

/// A scene resolved for one event, palette colour, canvas size and scale: every frame
/// placed, every text fitted (its size and lines chosen, its glyphs positioned), every
/// colour and paint final. Immutable; drawing it measures nothing.
public struct ResolvedScene: Sendable {
    public let size: Size
    public let scale: Double
    public let background: Paint
    public let elements: [ResolvedElement]
    /// Where the text's glyphs are rasterized; nil for a scene without text.
    public let glyphCache: GlyphCache?
    /// Each frame written with constraints that resolved to no width or no height on this
    /// canvas (its edges crossed or met: clamped to zero, as CSS clamps a negative size), named
    /// where the document gives it; `sharecard draw` prints them as warnings.
    public let emptyFrames: [String]

    /// Every text drawn, in drawing order: labels, and each chip's emoji and title, inside
    /// groups too.
    public var texts: [ResolvedText] { elements.flatMap(\.texts) }
}

public indirect enum ResolvedElement: Sendable {
    case shape(Path, fill: Paint?, fillRule: FillRule, stroke: (paint: Paint, style: StrokeStyle)?)
    /// `cornerRadius` above zero clips to the rounded frame. `filters`' lengths are in the
    /// image's pixels (an event photo's already converted from points).
    case image(Image, frame: Rect, contentMode: ContentMode, clipsToBounds: Bool, cornerRadius: Double, filters: [Filter])
    case text(ResolvedText)
    case chip(ResolvedChip)
    case group([ResolvedElement], clip: (rect: Rect, cornerRadius: Double)?, filters: [Filter])
    case snapshot(frame: Rect, contentMode: ContentMode, levels: Int)

    /// The texts it draws, in drawing order: a label's, a chip's emoji and title, a group's.
    public var texts: [ResolvedText] {
        switch self {
        case .text(let t): return [t]
        case .chip(let chip):
            var texts: [ResolvedText] = []
            if case .emoji(let e)? = chip.glyph { texts.append(e) }
            if let title = chip.title { texts.append(title) }
            return texts
        case .group(let children, _, _): return children.flatMap(\.texts)
        case .shape, .image, .snapshot: return []
        }
    }
}

/// Text fitted into its frame: what is drawn and what is reported.
public struct ResolvedText: Sendable {
    /// The text after placeholders were filled in.
    public let text: String
    /// The placeholders the source used (a title label uses `.title`).
    public let fields: [EventField]
    public let frame: Rect
    /// The size asked for and the size chosen (after shrinking to fit).
    public let requestedFontSizeInPoints: Double
    public let fontScale: Double
    public var fontSizeInPoints: Double { requestedFontSizeInPoints * fontScale }
    public let lines: [TextLayout.Line]
    /// Added to each line's y within the frame.
    public let linesOffsetY: Double
    public let truncated: Bool
    public let missingGlyphs: [String]
    public let shadow: TextShadow?
    /// Laid under the lines just before they are drawn, as the ground needs it.
    public let scrim: TextScrim?
    public let direction: TextDirection
    /// Where its colour came from: the palette colour's text colour, its background, or a
    /// colour of the template's own (nil for an emoji, drawn in its own colours).
    public let color: ColorReference?

    /// Each line's box in canvas points: its advance width (trailing spaces excluded) by its
    /// ascent and descent, where the glyphs are read against their ground.
    public var lineBoxes: [Rect] {
        lines.compactMap { line in
            guard line.width > 0 else { return nil }
            return Rect(x: frame.minX + line.origin.x, y: frame.minY + linesOffsetY + line.origin.y - line.ascent,
                        width: line.width, height: line.ascent + line.descent)
        }
    }

    /// The one solid colour its outline glyphs are filled with; nil when a gradient fills
    /// them or runs differ.
    public var solidColor: Color? {
        let paints = lines.flatMap { $0.runs.map(\.paint) }
        guard case .solid(let color)? = paints.first, paints.allSatisfy({ $0 == .solid(color) }) else { return nil }
        return color
    }

    /// The glyph runs in canvas coordinates.
    public var glyphRuns: [GlyphRun] {
        lines.flatMap { $0.runs.map { $0.offsetBy(dx: frame.minX, dy: frame.minY + linesOffsetY) } }
    }
}

/// A chip laid out: its background, its icon or emoji and its title, each in its frame.
public struct ResolvedChip: Sendable {
    public enum Glyph: Sendable {
        case icon(Icon, Icon.Style, Color, frame: Rect)
        case emoji(ResolvedText)
    }
    public let frame: Rect
    public let background: Background?
    public let glyph: Glyph?
    public let title: ResolvedText?
}
